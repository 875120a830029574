// Records of the organisation directory made through the permission API, as an administrator's screens make
// them, for tests of what uses them. Each returns the new record's id; the defaults are overridden by `fields`.
import type { Client } from '../harness.js';
import { unique } from './unique.js';

type Fields = Record<string, unknown>;

export const createCompany = (api: Client, parentId: string, fields: Fields = {}) =>
  api.create('/api/permission/Organize', {
    parentId,
    fullName: unique('公司'),
    enCode: unique('C'),
    enabledMark: 1,
    sortCode: 0,
    ...fields,
  });

export const createDepartment = (api: Client, parentId: string, fields: Fields = {}) =>
  api.create('/api/permission/Organize/Department', {
    parentId,
    fullName: unique('部门'),
    enCode: unique('D'),
    enabledMark: 1,
    sortCode: 0,
    ...fields,
  });

export const createPosition = (api: Client, organizeId: string, fields: Fields = {}) =>
  api.create('/api/permission/Position', {
    organizeId,
    fullName: unique('岗位'),
    enCode: unique('P'),
    type: 1,
    enabledMark: 1,
    sortCode: 0,
    ...fields,
  });

/** a global role unless `fields` give organizeIdsTree (and globalMark 0) */
export const createRole = (api: Client, fields: Fields = {}) =>
  api.create('/api/permission/Role', {
    fullName: unique('角色'),
    enCode: unique('R'),
    globalMark: 1,
    organizeIdsTree: [],
    enabledMark: 1,
    ...fields,
  });

/** a user group of this type (an item of the groupType dictionary) */
export const createGroup = (api: Client, type: string, fields: Fields = {}) =>
  api.create('/api/permission/Group', {
    fullName: unique('分组'),
    enCode: unique('G'),
    type,
    enabledMark: 1,
    ...fields,
  });

/** a user in this organisation (its default password is the configured one) */
export async function createUser(api: Client, organizeId: string, fields: Fields = {}) {
  const account = (fields.account as string | undefined) ?? unique('u');
  const id = await api.create('/api/permission/Users', { account, realName: '张三', organizeId, gender: 1, ...fields });
  return { id, account };
}
