// Calls of the user screen.
import { http, type QueryParams } from '../../../platform/request';
import { type DownloadVO } from '../../../components/admin';
import type { SelectorNode } from '../../../components/directory/trees';

export const USERS = '/api/permission/Users';

export interface UserRow {
  id: string;
  account: string;
  realName: string;
  gender: string;
  mobilePhone: string;
  organize: string;
  description: string;
  /** 1 enabled, 0 disabled, 2 locked */
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
  headIcon?: string;
}

export interface UserInput {
  account: string;
  realName: string;
  organizeId: string;
  gender: string;
  positionId: string;
  roleId: string;
  managerId: string;
  enabledMark: number;
  sortCode: number;
  mobilePhone: string;
  email: string;
  description: string;
  version?: number;
}

export interface UserInfo extends UserInput {
  id: string;
  organizeIdTree: string[][];
  version: number;
}

export interface HandoverWork {
  permission: { id: string; fullName: string; enCode: string }[];
}

export const userKeys = {
  list: ['permission', 'users', 'list'] as const,
  /** the roles a user of these organisations may hold (ids sorted and joined) */
  roles: (organizeIds: string) => ['permission', 'pickers', 'rolesOfOrganizations', organizeIds] as const,
};

export const userApi = {
  listUrl: USERS,
  info: async (id: string) => (await http.get<UserInfo>(`${USERS}/${id}`)).data!,
  create: (input: UserInput) => http.post(USERS, input),
  update: (id: string, input: UserInput) => http.put(`${USERS}/${id}`, input),
  remove: (id: string) => http.delete(`${USERS}/${id}`),
  toggle: (id: string) => http.put(`${USERS}/${id}/Actions/State`),
  unlock: (id: string) => http.put(`${USERS}/${id}/Actions/unlock`),
  resetPassword: (id: string, md5: string) =>
    http.post(`${USERS}/${id}/Actions/ResetPassword`, { id, userPassword: md5, validatePassword: md5 }),
  /** the users the list's query finds, in a file to download: dataType '0' this page, '1' all */
  exportData: async (query: QueryParams) => (await http.get<DownloadVO>(`${USERS}/ExportData`, query)).data,
  /**
   * The enabled roles a user of these organisations may hold: under each organisation its own roles, and under
   * the 全局 node ("0") the global roles (the server accepts exactly those)
   */
  rolesOf: async (organizeIds: readonly string[]) =>
    (await http.post<{ list: SelectorNode[] }>('/api/permission/Role/getListByOrgIds', { organizeIds })).data?.list ??
    [],
  workOf: async (fromId: string) => (await http.get<HandoverWork>(`${USERS}/getWorkByUser`, { fromId })).data!,
  handover: (fromId: string, toId: string, permissionList: string[]) =>
    http.post(`${USERS}/workHandover`, { fromId, toId, permissionList }),
};
