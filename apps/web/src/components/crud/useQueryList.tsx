// A whole list (no paging) as the list frame reads it: loaded through TanStack Query with the applied keyword;
// search applies the typed keyword, reset clears it, refresh reloads every list under the query key.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { LoadError } from '../admin';
import type { CrudSource } from './CrudList';

export interface QueryListOptions<Row> {
  /** identifies the list in the query cache; the applied keyword is added to it */
  queryKey: readonly unknown[];
  load: (keyword: string) => Promise<Row[]>;
  /** false until the list can be asked for (e.g. nothing chosen yet) */
  enabled?: boolean;
  expandable?: TableProps<Row>['expandable'];
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
  expandable,
}: QueryListOptions<Row>): QueryList<Row> {
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const query = useQuery({ queryKey: [...queryKey, applied], queryFn: () => load(applied), enabled });
  const rows = query.data ?? [];
  return {
    keyword,
    setKeyword,
    applied,
    rows,
    search: () => setApplied(keyword.trim()),
    reset: () => {
      setKeyword('');
      setApplied('');
    },
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
