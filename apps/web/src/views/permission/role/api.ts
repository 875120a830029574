// Calls of the role screen.
import { http } from '../../../platform/request';

export const ROLES = '/api/permission/Role';

export interface RoleRow {
  id: string;
  fullName: string;
  enCode: string;
  globalMark: number;
  type: string;
  organizeInfo: string;
  description: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
}

export interface RoleInput {
  fullName: string;
  enCode: string;
  globalMark: number;
  organizeIdsTree: string[][];
  enabledMark: number;
  sortCode: number;
  description: string;
  version?: number;
}

export const roleKeys = { list: ['permission', 'role', 'list'] as const };

export const roleApi = {
  listUrl: ROLES,
  info: async (id: string) => (await http.get<RoleInput & { id: string; version: number }>(`${ROLES}/${id}`)).data!,
  create: (input: RoleInput) => http.post(ROLES, input),
  update: (id: string, input: RoleInput) => http.put(`${ROLES}/${id}`, input),
  remove: (id: string) => http.delete(`${ROLES}/${id}`),
  toggle: (id: string) => http.put(`${ROLES}/${id}/Actions/State`),
};
