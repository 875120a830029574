// The paged, sorted, searched list of a function (POST /api/visualdev/OnlineDev/{modelId}/List): the same behaviour
// as the administration kit's usePagedTable, over the runtime's POST body. Sorting starts from the design's default
// (defaultSidx / sort) and returns to it when a column's sort is cleared.
import type { ColumnDataJson, PageResult } from '@jnpf/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PAGE_SIZES } from '../../components/admin/constants';
import { modelApi, modelKeys, type ListBody, type ModelRow } from './api';

interface ListState {
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  sidx: string;
  keyword: string;
  query: Record<string, unknown>;
  /** counts searches: searching again with the same conditions still fetches afresh */
  searches: number;
  /** a left-tree list (type 2): the chosen node, as the relation field's value */
  node?: { prop: string; value: string };
}

/** where the rows come from: the runtime's list by default; a public link reads its own */
export interface ListSource {
  queryKey: readonly unknown[];
  load: (body: ListBody, signal: AbortSignal) => Promise<PageResult<ModelRow>>;
}

export interface ModelListOptions {
  modelId: string;
  menuId: string;
  columnData: ColumnDataJson;
  initialQuery: Record<string, unknown>;
  source?: ListSource;
}

export function useModelList({ modelId, menuId, columnData, initialQuery, source }: ModelListOptions) {
  const defaultSort = useMemo(
    () => ({ sidx: columnData.defaultSidx ?? '', sort: columnData.sort === 'asc' ? 'asc' : 'desc' }) as const,
    [columnData],
  );
  const [state, setState] = useState<ListState>(() => ({
    currentPage: 1,
    pageSize: columnData.pageSize,
    ...defaultSort,
    keyword: '',
    query: initialQuery,
    searches: 0,
  }));
  const client = useQueryClient();

  const body: ListBody = useMemo(
    () => ({
      currentPage: state.currentPage,
      pageSize: state.pageSize,
      sort: state.sort,
      sidx: state.sidx,
      keyword: state.keyword,
      menuId,
      queryJson: JSON.stringify(state.node ? { ...state.query, [state.node.prop]: state.node.value } : state.query),
      dataType: columnData.hasPage ? '0' : '1',
    }),
    [state, menuId, columnData.hasPage],
  );
  const query = useQuery({
    queryKey: [...(source?.queryKey ?? modelKeys.list(modelId)), body, state.searches],
    queryFn: ({ signal }): Promise<PageResult<ModelRow>> =>
      source ? source.load(body, signal) : modelApi.list(modelId, body, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => query.data?.list ?? [], [query.data]);
  const total = query.data?.pagination?.total ?? rows.length;

  // a page emptied by deletions: go back to the last page that has rows
  useEffect(() => {
    if (!query.isFetching && rows.length === 0 && total > 0 && state.currentPage > 1) {
      const last = Math.max(1, Math.ceil(total / state.pageSize));
      if (last < state.currentPage) setState((s) => ({ ...s, currentPage: last }));
    }
  }, [query.isFetching, rows.length, total, state.currentPage, state.pageSize]);

  const search = useCallback(
    (keyword: string, searchQuery: Record<string, unknown>) =>
      setState((s) => ({
        ...s,
        keyword: keyword.trim(),
        query: searchQuery,
        currentPage: 1,
        searches: s.searches + 1,
      })),
    [],
  );
  /** a left-tree list: filters by a tree node (undefined: every record), back to the first page */
  const chooseNode = useCallback(
    (node: ListState['node']) => setState((s) => ({ ...s, node, currentPage: 1, searches: s.searches + 1 })),
    [],
  );
  const sourceKey = source?.queryKey;
  const refresh = useCallback(
    () => client.invalidateQueries({ queryKey: sourceKey ?? modelKeys.list(modelId) }),
    [client, modelId, sourceKey],
  );

  const onChange: TableProps<ModelRow>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setState((s) => {
      const pageSize = pagination.pageSize ?? s.pageSize;
      const sorted = one?.order
        ? { sidx: String(one.columnKey ?? one.field ?? ''), sort: one.order === 'ascend' ? 'asc' : 'desc' }
        : defaultSort;
      const sortChanged = sorted.sidx !== s.sidx || sorted.sort !== s.sort;
      return {
        ...s,
        ...(sorted as Pick<ListState, 'sidx' | 'sort'>),
        pageSize,
        currentPage: pageSize !== s.pageSize || sortChanged ? 1 : (pagination.current ?? 1),
      };
    });
  };

  const pageSizes = useMemo(
    () => [...new Set<number>([...PAGE_SIZES, columnData.pageSize])].sort((a, b) => a - b).map(String),
    [columnData.pageSize],
  );

  return {
    body,
    state,
    rows,
    total,
    query,
    search,
    chooseNode,
    refresh,
    onChange,
    pagination: columnData.hasPage
      ? {
          current: state.currentPage,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: pageSizes,
        }
      : (false as const),
  };
}
