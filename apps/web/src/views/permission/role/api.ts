// Calls of the role screen.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

export const ROLES = '/api/permission/Role';

export interface RoleRow extends CommonRow {
  globalMark: number;
  type: string;
  organizeInfo: string;
}

export interface RoleInput extends CommonInput {
  globalMark: number;
  organizeIdsTree: string[][];
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
