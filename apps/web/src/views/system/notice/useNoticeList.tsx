// The notice list is read with POST /api/message/Notice/List and a JSON body (its filters are lists), so it
// cannot use the kit's GET-based usePagedTable; its paging pieces give the same behaviour: keyword applied on
// search, filters that go back to page 1, sorting, 20/50/100/500 a page, load errors with retry.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useCallback, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  kitTexts,
  LoadError,
  tablePagination,
  pagingOnChange,
  useLastPageGuard,
} from '../../../components/admin';
import { noticeApi, noticeKeys, type NoticeListQuery, type NoticeRow } from './api';

export interface NoticeFilters {
  type: string[];
  enabledMark: number[];
  releaseTime: (number | null)[];
}

const NO_FILTERS: NoticeFilters = { type: [], enabledMark: [], releaseTime: [] };

export function useNoticeList() {
  const t = kitTexts.useText();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState<NoticeFilters>(NO_FILTERS);
  const [paging, setPaging] = useState({
    keyword: '',
    currentPage: 1,
    pageSize: DEFAULT_PAGE_SIZE as number,
    sort: 'desc' as 'asc' | 'desc',
    sidx: '',
  });
  const body: NoticeListQuery = { ...paging, ...filters, expirationTime: [] };
  const query = useQuery({
    queryKey: [...noticeKeys.list, body],
    queryFn: ({ signal }) => noticeApi.list(body, signal),
    placeholderData: keepPreviousData,
  });
  const rows: NoticeRow[] = query.data?.list ?? [];
  const total = query.data?.pagination.total ?? 0;

  useLastPageGuard(query.isFetching, rows.length, total, paging, setPaging);

  const setFilter = useCallback(<K extends keyof NoticeFilters>(key: K, value: NoticeFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPaging((p) => ({ ...p, currentPage: 1 }));
  }, []);

  const onChange = pagingOnChange<NoticeRow, typeof paging>(setPaging);

  return {
    keyword,
    setKeyword,
    search: () => setPaging((p) => ({ ...p, keyword: keyword.trim(), currentPage: 1 })),
    reset: () => {
      setKeyword('');
      setFilters(NO_FILTERS);
      setPaging((p) => ({ keyword: '', currentPage: 1, pageSize: p.pageSize, sort: 'desc', sidx: '' }));
    },
    filters,
    setFilter,
    refresh: () => client.invalidateQueries({ queryKey: noticeKeys.list }),
    tableProps: {
      dataSource: rows,
      loading: query.isFetching,
      onChange,
      pagination: tablePagination(paging, total, (n) => t('total', { total: n })),
      locale: query.isError ? { emptyText: <LoadError onRetry={() => void query.refetch()} /> } : undefined,
    } satisfies TableProps<NoticeRow>,
  };
}
