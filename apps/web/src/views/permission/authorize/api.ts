// Calls of the permission-group screen: groups, their members and their grants (Authority).
import { http } from '../../../platform/request';

export const GROUPS = '/api/permission/PermissionGroup';
export const AUTHORITY = '/api/permission/Authority';

export interface PermissionGroupRow {
  id: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string;
  creatorTime: number | null;
  permissionMember: string;
}

export interface PermissionGroupInput {
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string;
  version?: number;
}

export interface MemberView {
  /** "<id>--<type>" */
  id: string;
  objectId: string;
  fullName: string;
  /** user, role, position, company, department or group */
  type: string;
  headIcon?: string;
  /** a user's organisation */
  organize?: string;
}

export type GrantStep = 'system' | 'module' | 'button' | 'column' | 'form' | 'resource';

export interface StepNode {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  disabled: boolean;
  children?: StepNode[] | null;
}

export interface StepTree {
  list: StepNode[];
  ids: string[];
  all: string[];
}

export interface GrantItems {
  systemIds?: string[];
  module?: string[];
  button?: string[];
  column?: string[];
  form?: string[];
  resource?: string[];
}

export interface BatchTargets {
  roleIds: string[];
  positionIds: string[];
  userIds: string[];
}

export const permissionGroupKeys = { list: ['permission', 'permissionGroup', 'list'] as const };

export const permissionGroupApi = {
  listUrl: GROUPS,
  info: async (id: string) =>
    (await http.get<PermissionGroupInput & { id: string; version: number }>(`${GROUPS}/${id}`)).data!,
  create: (input: PermissionGroupInput) => http.post(GROUPS, input),
  update: (id: string, input: PermissionGroupInput) => http.put(`${GROUPS}/${id}`, input),
  remove: (id: string) => http.delete(`${GROUPS}/${id}`),
  toggle: (id: string) => http.put(`${GROUPS}/${id}/Actions/State`),
  members: async (id: string) =>
    (await http.get<{ list: MemberView[] }>(`${GROUPS}/PermissionMember/${id}`)).data?.list ?? [],
  saveMembers: (id: string, ids: string[]) => http.post(`${GROUPS}/PermissionMember/${id}`, { ids }),
  step: async (objectId: string, type: GrantStep, moduleIds: string[]) =>
    (await http.post<StepTree>(`${AUTHORITY}/Data/${objectId}/Values`, { type, moduleIds: moduleIds.join(',') })).data!,
  saveGrants: (objectId: string, items: GrantItems) =>
    http.put(`${AUTHORITY}/Data/${objectId}`, { objectType: 'PermissionGroup', ...items }),
  /** replaces the grants of every chosen role, position and user with the same items */
  saveBatch: (targets: BatchTargets, items: GrantItems) =>
    http.post(`${AUTHORITY}/Data/Batch`, { ...targets, ...items }),
};
