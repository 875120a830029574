// A paged, searchable, sortable table on TanStack Query (page 1, 20 a page, sizes 20/50/100/500).
// The server speaks the reference's paging keys: keyword, currentPage, pageSize, sort, sidx,
// and answers {list, pagination:{currentPage, pageSize, total}}.
import type { PageResult } from '@jnpf/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { http, type QueryParams } from '../../platform/request';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
import { LoadError } from './states';
import { kitTexts } from './texts';

export interface PagedTableOptions<F extends QueryParams> {
  /** identifies the list in the query cache, e.g. ['billRule', 'list']; invalidating it reloads the table */
  queryKey: readonly unknown[];
  /** the GET endpoint of the list */
  url: string;
  /** filters sent with every request besides the keyword (category, state …) */
  initialFilters?: F;
  pageSize?: number;
}

export interface Paging {
  keyword: string;
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  sidx: string;
}

type SetPaging<P> = (update: (paging: P) => P) => void;

/** antd Table's change → the next paging: page, size (a new size goes back to page 1), sort column and order */
export function pagingOnChange<Row, P extends Paging>(setPaging: SetPaging<P>): TableProps<Row>['onChange'] {
  return (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? String(one.columnKey ?? one.field ?? '') : '';
    setPaging((p) => {
      const pageSize = pagination.pageSize ?? p.pageSize;
      return {
        ...p,
        currentPage: pageSize !== p.pageSize ? 1 : (pagination.current ?? 1),
        pageSize,
        sidx: field,
        sort: one?.order === 'ascend' ? 'asc' : 'desc',
      };
    });
  };
}

/** the table's pagination: the page, 20/50/100/500 a page, the total */
export function tablePagination(paging: Paging, total: number, showTotal: (total: number) => string) {
  return {
    current: paging.currentPage,
    pageSize: paging.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal,
  };
}

/** a page emptied by deletions: go back to the last page that has rows */
export function useLastPageGuard<P extends Paging>(
  fetching: boolean,
  rows: number,
  total: number,
  paging: P,
  setPaging: SetPaging<P>,
) {
  const { currentPage, pageSize } = paging;
  useEffect(() => {
    if (!fetching && rows === 0 && total > 0 && currentPage > 1) {
      const last = Math.max(1, Math.ceil(total / pageSize));
      if (last < currentPage) setPaging((p) => ({ ...p, currentPage: last }));
    }
  }, [fetching, rows, total, currentPage, pageSize, setPaging]);
}

export interface PagedTable<Row, F extends QueryParams> {
  /** spread on antd's Table: rows, loading, pagination, sorting, empty and error states */
  tableProps: Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale'>;
  /** the keyword being typed (applied by search()) */
  keyword: string;
  setKeyword: (keyword: string) => void;
  /** applies the typed keyword and goes to page 1 */
  search: () => void;
  /** clears keyword, filters and sorting and goes to page 1 */
  reset: () => void;
  filters: F;
  /** changes one filter and goes to page 1 */
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  /** reloads the current page */
  refresh: () => Promise<unknown>;
  rows: Row[];
  total: number;
  isLoading: boolean;
  isError: boolean;
}

export function usePagedTable<Row, F extends QueryParams = QueryParams>(
  options: PagedTableOptions<F>,
): PagedTable<Row, F> {
  const { queryKey, url } = options;
  // the initial values are fixed at mount: reset goes back to them
  const [initial] = useState(() => {
    const paging: Paging = {
      keyword: '',
      currentPage: 1,
      pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
      sort: 'desc',
      sidx: '',
    };
    return { filters: options.initialFilters ?? ({} as F), paging };
  });
  const [paging, setPaging] = useState<Paging>(initial.paging);
  const [filters, setFilters] = useState<F>(initial.filters);
  const [keyword, setKeyword] = useState('');
  const t = kitTexts.useText();
  const client = useQueryClient();

  const query = useQuery({
    queryKey: [...queryKey, paging, filters],
    queryFn: async ({ signal }) =>
      (await http.get<PageResult<Row>>(url, { ...filters, ...paging }, { signal })).data ?? {
        list: [],
        pagination: { currentPage: 1, pageSize: paging.pageSize, total: 0 },
      },
    placeholderData: keepPreviousData,
  });

  const rows = useMemo(() => query.data?.list ?? [], [query.data]);
  const total = query.data?.pagination.total ?? 0;

  useLastPageGuard(query.isFetching, rows.length, total, paging, setPaging);

  const search = useCallback(() => setPaging((p) => ({ ...p, keyword: keyword.trim(), currentPage: 1 })), [keyword]);
  const reset = useCallback(() => {
    setKeyword('');
    setFilters(initial.filters);
    setPaging((p) => ({ ...initial.paging, pageSize: p.pageSize }));
  }, [initial]);
  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPaging((p) => ({ ...p, currentPage: 1 }));
  }, []);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey }), [client, queryKey]);

  const onChange = pagingOnChange<Row, Paging>(setPaging);

  return {
    tableProps: {
      dataSource: rows,
      loading: query.isFetching,
      onChange,
      pagination: tablePagination(paging, total, (n) => t('total', { total: n })),
      locale: query.isError ? { emptyText: <LoadError onRetry={() => void query.refetch()} /> } : undefined,
    },
    keyword,
    setKeyword,
    search,
    reset,
    filters,
    setFilter,
    refresh,
    rows,
    total,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
