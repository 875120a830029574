// Calls of the notice screen: the list is a POST with a JSON
// body; attachments and the cover go to the notice module's own upload.
import type { AttachmentFile } from '../../../components/attachments';
import { http } from '../../../platform/request';

const BASE = '/api/message/Notice';

/** 0 draft, 1 released, 2 released and past its expiration (computed by the server) */
export type NoticeState = 0 | 1 | 2;

export interface NoticeRow {
  id: string;
  title: string;
  /** the NoticeType dictionary name */
  category: string;
  excerpt: string;
  enabledMark: NoticeState;
  creatorUser: string;
  creatorTime: number | null;
  lastModifyTime: number | null;
  releaseUser: string;
  releaseTime: number | null;
  expirationTime: number | null;
}

export interface NoticeInfo {
  id: string;
  title: string;
  /** HTML as the server sanitised and stored it */
  bodyText: string;
  excerpt: string;
  /** the NoticeType dictionary code */
  category: string;
  coverImage: string;
  /** the attachments as a JSON list */
  files: string;
  /** comma-joined "id--user" / "id--department" …; empty = everyone */
  toUserIds: string;
  expirationTime: number | null;
  remindCategory: number | null;
  sendConfigId: string;
  enabledMark: NoticeState;
  creatorUser: string;
  creatorTime: number | null;
  releaseUser: string;
  releaseTime: number | null;
  lastModifyTime: number | null;
  version: number;
}

export interface NoticeInput {
  title: string;
  bodyText: string;
  category: string;
  toUserIds: string;
  files: string;
  coverImage: string;
  expirationTime: number | null;
  remindCategory: number;
  sendConfigId: string;
  excerpt: string;
  version?: number;
}

export interface NoticeListQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  sidx: string;
  type: string[];
  enabledMark: number[];
  releaseTime: (number | null)[];
  expirationTime: (number | null)[];
}

/** one attachment as the notice keeps it (the reference's upload-field value) */
export type NoticeFile = AttachmentFile;

export interface SendConfigOption {
  id: string;
  fullName: string;
  enCode: string;
}

export const noticeKeys = {
  all: ['system', 'notice'] as const,
  list: ['system', 'notice', 'list'] as const,
  info: (id: string) => ['system', 'notice', 'info', id] as const,
};

export const noticeApi = {
  list: async (query: NoticeListQuery, signal?: AbortSignal) =>
    (await http.post<{ list: NoticeRow[]; pagination: { total: number } }>(`${BASE}/List`, query, { signal })).data,
  info: async (id: string) => (await http.get<NoticeInfo>(`${BASE}/${id}`)).data!,
  create: (input: NoticeInput) => http.post<string>(BASE, input),
  update: (id: string, input: NoticeInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  release: (id: string) => http.put(`${BASE}/${id}/Actions/Release`),
  uploadUrl: `${BASE}/Uploader`,
  /** enabled send configurations of notices (message source 3, 公告消息) */
  sendConfigs: async (keyword: string) =>
    (
      await http.get<{ list: SendConfigOption[] }>('/api/message/SendMessageConfig/Selector', {
        keyword,
        messageSource: '3',
        currentPage: 1,
        pageSize: 100,
      })
    ).data?.list ?? [],
  sendConfig: async (id: string) =>
    (await http.get<SendConfigOption>(`/api/message/SendMessageConfig/${id}`)).data ?? null,
};

/** the attachments a notice stores as JSON text; anything unreadable counts as none */
export function parseFiles(text: string | null | undefined): NoticeFile[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return [];
    return list
      .filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null)
      .map((f) => ({
        name: String(f.name ?? f.fileName ?? ''),
        fileId: String(f.fileId ?? ''),
        fileSize: Number(f.fileSize ?? 0) || 0,
        fileExtension: String(f.fileExtension ?? ''),
        url: String(f.url ?? ''),
      }));
  } catch {
    return [];
  }
}
