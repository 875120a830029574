// Calls of the schedule screen. Every signed-in user sees the schedules they created or take part in; only the creator
// changes or deletes them.
import { http } from '../../platform/request';

const BASE = '/api/system/Schedule';
/** where the form sends attachments; they are served from {BASE}/File/{name} to signed-in users */
export const SCHEDULE_UPLOAD_URL = `${BASE}/Uploader`;

/** urgency codes: 1 普通, 2 重要, 3 紧急 */
export type Urgency = '1' | '2' | '3';
/** repetition codes: 1 none, 2 daily, 3 weekly, 4 monthly, 5 yearly */
export type Repetition = '1' | '2' | '3' | '4' | '5';
/** which occurrences of a repeating schedule a change or deletion covers: this one, this and following, all */
export type Scope = 1 | 2 | 3;

/** what an occurrence and a change share */
export interface ScheduleFields {
  category: string;
  urgent: string;
  title: string;
  content: string;
  allDay: number;
  /** start and end instants (of an occurrence), ms */
  startDay: number;
  startTime: string;
  endDay: number;
  endTime: string;
  duration: number;
  color: string;
  reminderTime: number;
  reminderType: number;
  send: string;
  sendName: string;
  repetition: string;
  repeatTime: number | null;
}

/** one occurrence as the list returns it */
export interface ScheduleRow extends ScheduleFields {
  id: string;
  groupId: string;
  creatorUserId: string | null;
}

/** an attachment as the files JSON holds it */
export interface ScheduleFile {
  name?: string;
  fileId?: string;
  fileSize?: number;
  fileExtension?: string;
  url?: string;
}

/** the occurrence as the form edits it */
export interface ScheduleInfo extends ScheduleRow {
  toUserIds: string[];
  files: string;
  version: number;
}

/** the detail dialog's copy: names instead of codes and ids */
export interface ScheduleDetail extends Omit<ScheduleRow, 'creatorUserId'> {
  /** "Name/account" of the creator */
  creatorUserId: string;
  /** participants' names */
  toUserIds: string[];
  files: string;
  /** 1: the caller created it (may change and delete it); 2: the caller takes part */
  type: number;
}

/** what create and update send */
export interface ScheduleInput extends ScheduleFields {
  toUserIds: string[];
  files: string;
  version?: number;
}

export interface SendConfigOption {
  id: string;
  fullName: string;
  enCode: string;
}

export const scheduleKeys = {
  all: ['system', 'schedule'] as const,
  /** every loaded range: what a change refreshes */
  lists: ['system', 'schedule', 'list'] as const,
  range: (from: string, to: string) => ['system', 'schedule', 'list', from, to] as const,
  detail: (id: string, groupId: string) => ['system', 'schedule', 'detail', id, groupId] as const,
  info: (id: string) => ['system', 'schedule', 'info', id] as const,
};

/** the attachments of a files JSON string; anything unreadable is no attachments */
export function parseFiles(files: string | null | undefined): ScheduleFile[] {
  if (!files) return [];
  try {
    const list: unknown = JSON.parse(files);
    return Array.isArray(list)
      ? list.filter((f): f is ScheduleFile => typeof f === 'object' && f !== null && !Array.isArray(f))
      : [];
  } catch {
    return [];
  }
}

export const scheduleApi = {
  /** the occurrences overlapping [startTime, endTime] ("YYYY-MM-DD HH:mm") */
  list: async (startTime: string, endTime: string) =>
    (await http.get<{ list: ScheduleRow[] }>(BASE, { startTime, endTime })).data?.list ?? [],
  info: async (id: string) => (await http.get<ScheduleInfo>(`${BASE}/${id}`)).data!,
  detail: async (id: string, groupId = '') => (await http.get<ScheduleDetail>(`${BASE}/detail`, { id, groupId })).data!,
  create: (input: ScheduleInput) => http.post<string>(BASE, input),
  update: (id: string, scope: Scope, input: ScheduleInput) => http.put(`${BASE}/${id}/${scope}`, input),
  remove: (id: string, scope: Scope) => http.delete(`${BASE}/${id}/${scope}`),
  sendConfigs: async (keyword: string) =>
    (
      await http.get<{ list: SendConfigOption[] }>('/api/message/SendMessageConfig/Selector', {
        keyword,
        currentPage: 1,
        pageSize: 50,
      })
    ).data?.list ?? [],
};
