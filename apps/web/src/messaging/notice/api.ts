// Calls of the in-site messages (/api/message), shared by the header drawer and the message centre page
// (/messageRecord).
import type { PageResult } from '@jnpf/core';
import type { QueryClient } from '@tanstack/react-query';
import { setNoticeUnread } from '../../platform/messageCounts';
import { http } from '../../platform/request';

const BASE = '/api/message';

/** message types as the server and the msgSourceType dictionary code them */
export const MessageType = { system: 1, flow: 2, notice: 3, schedule: 4 } as const;

/** a page of messages: 20 rows */
export const MESSAGE_PAGE_SIZE = 20;

export interface MessageRow {
  /** the receive record's id */
  id: string;
  title: string;
  type: number;
  /** flow messages: 1 normal, 2 entrust */
  flowType: number | null;
  isRead: number;
  excerpt: string;
  /** "Name/account" of the sender; empty for the system */
  releaseUser: string;
  releaseTime: number;
}

/** ReadInfo: the message, marked read; a notice carries the notice as released */
export interface MessageInfo {
  id: string;
  type: number;
  flowType: number | null;
  title: string;
  excerpt: string;
  /** notices: sanitised HTML; schedules: JSON {type, groupId, id}; flows: the launch configuration JSON */
  bodyText: string;
  /** a JSON list of attachments (or the list itself) */
  files: unknown;
  releaseUser: string;
  releaseTime: number;
}

/** the list filters; '' means any (the server ignores empty values) */
export interface MessageFilters {
  keyword: string;
  type: string;
  isRead: '' | '0' | '1';
}

export interface UnreadCounts {
  unReadMsg: string;
  unReadNotice: string;
  unReadSchedule: string;
  unReadSystemMsg: string;
  unReadNum: string;
}

export const messageKeys = {
  /** every message list (drawer and page); invalidating it reloads them */
  all: ['messageCentre'] as const,
  drawer: (filters: MessageFilters) => ['messageCentre', 'drawer', filters] as const,
  page: ['messageCentre', 'page'] as const,
};

export const messageApi = {
  listUrl: BASE,
  list: async (filters: MessageFilters, currentPage: number, signal?: AbortSignal) =>
    (
      await http.get<PageResult<MessageRow>>(
        BASE,
        { ...filters, currentPage, pageSize: MESSAGE_PAGE_SIZE, sort: 'desc' },
        { signal },
      )
    ).data ?? { list: [], pagination: { currentPage, pageSize: MESSAGE_PAGE_SIZE, total: 0 } },
  /** marks the message read and returns it */
  readInfo: async (id: string) => (await http.get<MessageInfo>(`${BASE}/ReadInfo/${encodeURIComponent(id)}`)).data!,
  /** marks every unread message matching the filters read ("暂无未读消息" when there is none) */
  readAll: (filters: MessageFilters) => http.post(`${BASE}/Actions/ReadAll`, filters),
  /** deletes some of the user's messages (the ids comma-joined, as the reference sends them) */
  remove: (ids: readonly string[]) => http.delete(`${BASE}/Record`, { ids: ids.join(',') }),
  unreadCounts: async () => (await http.get<UnreadCounts>(`${BASE}/getUnReadMsgNum`)).data,
};

/** sets the header badge to the server's count of unread messages; a failure leaves the badge as it is */
export async function syncNoticeBadge(): Promise<void> {
  try {
    const counts = await messageApi.unreadCounts();
    const total = Number(counts?.unReadNum);
    if (Number.isFinite(total)) setNoticeUnread(total);
  } catch {
    // the request layer has said why; the socket keeps the badge roughly right meanwhile
  }
}

type InfinitePages = { pages: PageResult<MessageRow>[]; pageParams: unknown[] };

function markRead(page: PageResult<MessageRow>, id: string): PageResult<MessageRow> {
  return page.list.some((row) => row.id === id && row.isRead !== 1)
    ? { ...page, list: page.list.map((row) => (row.id === id ? { ...row, isRead: 1 } : row)) }
    : page;
}

/** shows a message as read in every cached list (drawer pages and table pages) without reloading them */
export function markReadInCache(client: QueryClient, id: string): void {
  client.setQueriesData<PageResult<MessageRow> | InfinitePages>({ queryKey: messageKeys.all }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map((page) => markRead(page, id)) };
    return 'list' in data ? markRead(data, id) : data;
  });
}
