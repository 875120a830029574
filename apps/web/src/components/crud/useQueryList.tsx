// A whole list (no paging) as the list frame reads it: loaded through TanStack Query with the applied keyword;
// search applies the typed keyword, reset clears it, refresh reloads every list under the query key.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { LoadError, parentIds, withoutEmptyChildren, type TreeRecord } from '../admin';
import type { CrudSource } from './CrudList';

/** the keyword being typed and the one applied: search applies the typed one (trimmed), reset clears both */
export function useKeyword() {
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const reset = useCallback(() => {
    setKeyword('');
    setApplied('');
  }, []);
  return { keyword, setKeyword, applied, search: () => setApplied(keyword.trim()), reset };
}

export interface QueryListOptions<Row> {
  /** identifies the list in the query cache; the applied keyword is added to it */
  queryKey: readonly unknown[];
  load: (keyword: string) => Promise<Row[]>;
  /** false until the list can be asked for (e.g. nothing chosen yet) */
  enabled?: boolean;
  /** the rows are a tree: leaves get no expander, and every branch of a search's result opens */
  tree?: boolean;
}

export interface QueryList<Row> extends CrudSource<Row> {
  /** the keyword of the rows shown */
  applied: string;
  rows: Row[];
}

export function useQueryList<Row>({
  queryKey,
  load,
  enabled = true,
  tree = false,
}: QueryListOptions<Row>): QueryList<Row> {
  const client = useQueryClient();
  const { applied, ...searchBar } = useKeyword();
  const query = useQuery({ queryKey: [...queryKey, applied], queryFn: () => load(applied), enabled });
  const rows = useMemo(() => {
    const data = query.data ?? [];
    return tree ? (withoutEmptyChildren(data as unknown as TreeRecord[]) as unknown as Row[]) : data;
  }, [query.data, tree]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  // a search opens every branch of what it found; clearing it closes them (a reload keeps what is open)
  useEffect(() => {
    if (!applied) setExpanded([]);
  }, [applied]);
  useEffect(() => {
    if (tree && applied) setExpanded(parentIds(rows as unknown as TreeRecord[]));
  }, [tree, applied, rows]);
  const expandable: TableProps<Row>['expandable'] = tree
    ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }
    : undefined;
  return {
    ...searchBar,
    applied,
    rows,
    refresh: () => client.invalidateQueries({ queryKey }),
    tableProps: {
      dataSource: rows,
      loading: query.isFetching,
      pagination: false,
      expandable,
      locale: query.isError ? { emptyText: <LoadError onRetry={() => void query.refetch()} /> } : undefined,
    },
  };
}
