// /api/permission/PermissionGroup over HTTP: groups, their five kinds of members, state, copy, the "view
// permissions" calls, and the rule that only holders of a group's grants decide who receives it.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authorize, moduleButton, permissionGroupMember } from '../../db/schema/index.js';
import { client, signIn } from '../../../test/harness.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import {
  insertOrganize,
  insertPosition,
  insertRole,
  insertUser,
  insertUserGroup,
  relate,
  TEST_PASSWORD,
} from '../../../test/kit/directory.js';
import { findMenuId, mainSystemId } from '../../../test/kit/menus.js';
import { AUTHORIZE_SCREEN } from './routes.js';

let mainId: string;
const BASE = '/api/permission/PermissionGroup';

useAdminServer();
beforeAll(async () => {
  mainId = await mainSystemId(ctx());
});

let n = 0;
const group = (fields: Record<string, unknown> = {}) => ({
  fullName: `权限组${++n}`,
  enCode: `group${n}`,
  enabledMark: 1,
  sortCode: n,
  description: '说明',
  ...fields,
});
const createGroup = (fields: Record<string, unknown> = {}) => api.create(BASE, group(fields));
const menuId = (enCode: string) => findMenuId(ctx(), enCode, mainId);

describe('permission groups', () => {
  it('creates, pages with keyword and state filter, reads, updates with a version and deletes', async () => {
    const id = await createGroup({ fullName: '财务审批', enCode: 'financeApprove' });
    const off = await createGroup({ enabledMark: 0 });
    const page = await api<{
      list: { id: string; permissionMember: string; description: string }[];
      pagination: { total: number };
    }>('GET', BASE, { query: { keyword: '财务', currentPage: 1, pageSize: 10 } });
    expect(page.data!.list.map((r) => r.id)).toEqual([id]);
    expect(page.data!.list[0]).toMatchObject({ permissionMember: '', description: '说明' });
    expect(page.data!.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 1 });
    const disabled = await api<{ list: { id: string }[] }>('GET', BASE, { query: { enabledMark: 0 } });
    expect(disabled.data!.list.map((r) => r.id)).toEqual([off]);
    const selector = await api<{ list: { id: string; icon: string }[] }>('GET', `${BASE}/Selector`);
    expect(selector.data!.list.map((r) => r.id)).toContain(id);
    expect(selector.data!.list.map((r) => r.id)).not.toContain(off);
    expect(selector.data!.list[0]!.icon).toBe('icon-ym icon-ym-authGroup');
    const info = await api<{ version: number; enCode: string }>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ enCode: 'financeApprove', version: 0 });
    expect(
      await api('PUT', `${BASE}/${id}`, { json: group({ fullName: '财务', enCode: 'financeApprove', version: 0 }) }),
    ).toMatchObject({
      code: 200,
      msg: '更新成功',
    });
    expect(
      await api('PUT', `${BASE}/${id}`, { json: group({ fullName: '财务', enCode: 'financeApprove', version: 0 }) }),
    ).toMatchObject({
      code: 400,
      msg: '数据已被他人修改，请刷新后重试',
    });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('GET', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
  });

  it('refuses duplicate names and codes', async () => {
    await createGroup({ fullName: '唯一组', enCode: 'uniqueGroup' });
    expect(await api('POST', BASE, { json: group({ fullName: '唯一组' }) })).toMatchObject({
      code: 400,
      msg: '名称不能重复',
    });
    expect(await api('POST', BASE, { json: group({ enCode: 'uniqueGroup' }) })).toMatchObject({
      code: 400,
      msg: '编码不能重复',
    });
  });

  it('refuses bad input on create and update', async () => {
    const id = await createGroup();
    for (const [method, path] of [
      ['POST', BASE],
      ['PUT', `${BASE}/${id}`],
    ] as const) {
      const bad = await api<{ errors: Record<string, string> }>(method, path, {
        json: { fullName: '', enCode: 'bad code', enabledMark: 5, sortCode: -3, description: 'x'.repeat(501) },
      });
      expectInvalidFields(bad, ['description', 'enCode', 'enabledMark', 'fullName', 'sortCode']);
    }
  });

  it('keeps members of five kinds, lists their names, refuses unknown or malformed members', async () => {
    const id = await createGroup();
    const company = await insertOrganize(ctx(), null, { fullName: '总公司' });
    const department = await insertOrganize(ctx(), company, { fullName: '研发部' });
    const u = await insertUser(ctx(), { realName: '张三', account: 'zhangsan', organizeId: department.id });
    const roleId = await insertRole(ctx());
    const positionId = await insertPosition(ctx(), department.id);
    const userGroupId = await insertUserGroup(ctx());
    const ids = [
      `${u.id}--user`,
      `${roleId}--role`,
      `${positionId}--position`,
      `${company.id}--company`,
      `${department.id}--department`,
      `${userGroupId}--group`,
    ];
    expect(await api(`POST`, `${BASE}/PermissionMember/${id}`, { json: { ids } })).toMatchObject({
      code: 200,
      msg: '保存成功',
    });
    const stored = await ctx().db.select().from(permissionGroupMember).where(eq(permissionGroupMember.groupId, id));
    expect(stored.map((s) => s.memberType).sort()).toEqual([
      'Group',
      'Organize',
      'Organize',
      'Position',
      'Role',
      'User',
    ]);
    const members = await api<{ list: { id: string; type: string; fullName: string; organize?: string }[] }>(
      'GET',
      `${BASE}/PermissionMember/${id}`,
    );
    expect(members.data!.list.map((x) => x.id).sort()).toEqual([...ids].sort());
    expect(members.data!.list.find((x) => x.type === 'user')).toMatchObject({
      fullName: '张三/zhangsan',
      organize: '研发部',
    });
    const row = (
      await api<{ list: { id: string; permissionMember: string }[] }>('GET', BASE, { query: { pageSize: 500 } })
    ).data!.list.find((r) => r.id === id);
    expect(row!.permissionMember.split(',')).toEqual(expect.arrayContaining(['张三/zhangsan', '总公司', '研发部']));

    expect(await api('POST', `${BASE}/PermissionMember/${id}`, { json: { ids: ['404--user'] } })).toMatchObject({
      code: 400,
      msg: '成员不存在',
    });
    const malformed = await api<{ errors: Record<string, string> }>('POST', `${BASE}/PermissionMember/${id}`, {
      json: { ids: ['abc'] },
    });
    expect(malformed).toMatchObject({ code: 401 });
    expect(malformed.data!.errors.ids).toBe('成员格式错误');
    // a body without the list is refused and removes nobody; clearing takes an explicit empty list
    for (const json of [{}, { ids: null }, { ids: 'x--user' }]) {
      const missing = await api<{ errors: Record<string, string> }>('POST', `${BASE}/PermissionMember/${id}`, { json });
      expect(missing, JSON.stringify(json)).toMatchObject({ code: 401 });
      expect(missing.data!.errors.ids).toBe('请给出成员列表（清空成员时给出空列表）');
    }
    expect((await api<{ list: unknown[] }>('GET', `${BASE}/PermissionMember/${id}`)).data!.list).toHaveLength(
      ids.length,
    );
    expect(await api('POST', `${BASE}/PermissionMember/404`, { json: { ids: [] } })).toMatchObject({
      code: 400,
      msg: '删除失败，数据不存在',
    });
    // deleting the group takes its members and grants along
    await api('PUT', `/api/permission/Authority/Data/${id}`, { json: { systemIds: [mainId] } });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200 });
    expect(await ctx().db.select().from(permissionGroupMember).where(eq(permissionGroupMember.groupId, id))).toEqual(
      [],
    );
    expect(await ctx().db.select().from(authorize).where(eq(authorize.objectId, id))).toEqual([]);
  });

  it('flips the state, and copies a group with its grants but not its members, disabled', async () => {
    const id = await createGroup({ fullName: '源组', enCode: 'source' });
    const screen = await menuId('system.menu');
    await api('PUT', `/api/permission/Authority/Data/${id}`, { json: { systemIds: [mainId], module: [screen] } });
    const u = await insertUser(ctx());
    await api('POST', `${BASE}/PermissionMember/${id}`, { json: { ids: [`${u.id}--user`] } });
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api<{ enabledMark: number }>('GET', `${BASE}/${id}`)).data!.enabledMark).toBe(0);
    expect(await api(`POST`, `${BASE}/${id}/Actions/Copy`)).toMatchObject({ code: 200, msg: '复制成功' });
    const copies = await api<{ list: { id: string; fullName: string; enCode: string; enabledMark: number }[] }>(
      'GET',
      BASE,
      {
        query: { keyword: '源组.副本' },
      },
    );
    expect(copies.data!.list).toHaveLength(1);
    const copy = copies.data!.list[0]!;
    expect(copy).toMatchObject({ enabledMark: 0 });
    expect(copy.enCode).toMatch(/^source\.\d{5}$/);
    const grants = await ctx().db.select().from(authorize).where(eq(authorize.objectId, copy.id));
    expect(grants.map((g) => g.itemId).sort()).toEqual([mainId, screen].sort());
    expect((await api<{ list: unknown[] }>('GET', `${BASE}/PermissionMember/${copy.id}`)).data!.list).toEqual([]);
    expect(await api('POST', `${BASE}/404/Actions/Copy`)).toMatchObject({ code: 400, msg: '复制失败，数据不存在' });
    const long = await createGroup({ fullName: '长'.repeat(45), enCode: 'longName' });
    expect(await api('POST', `${BASE}/${long}/Actions/Copy`)).toMatchObject({
      code: 400,
      msg: '复制名称长度超过了限制长度',
    });
  });
});

describe('viewing what an object is granted', () => {
  it('getPermissionGroup: the groups of a role directly, of a user also through role, organisation and group', async () => {
    const viaRole = await createGroup({ fullName: '角色组' });
    const viaOrg = await createGroup({ fullName: '组织组' });
    const direct = await createGroup({ fullName: '个人组' });
    const off = await createGroup({ fullName: '停用组', enabledMark: 0 });
    const org = await insertOrganize(ctx(), null);
    const roleId = await insertRole(ctx());
    const u = await insertUser(ctx(), { organizeId: org.id });
    await relate(ctx(), u.id, 'Role', roleId);
    await api('POST', `${BASE}/PermissionMember/${viaRole}`, { json: { ids: [`${roleId}--role`] } });
    await api('POST', `${BASE}/PermissionMember/${viaOrg}`, { json: { ids: [`${org.id}--company`] } });
    await api('POST', `${BASE}/PermissionMember/${direct}`, { json: { ids: [`${u.id}--user`] } });
    await api('POST', `${BASE}/PermissionMember/${off}`, { json: { ids: [`${u.id}--user`] } });
    const ofUser = await api<{ list: { id: string }[]; type: number }>('GET', `${BASE}/getPermissionGroup`, {
      query: { id: u.id, objectType: 'user' },
    });
    expect(ofUser.data!.type).toBe(1);
    expect(ofUser.data!.list.map((g) => g.id).sort()).toEqual([viaRole, viaOrg, direct].sort());
    const ofRole = await api<{ list: { id: string }[]; type: number }>('GET', `${BASE}/getPermissionGroup`, {
      query: { id: roleId, objectType: 'role' },
    });
    expect(ofRole.data!.list.map((g) => g.id)).toEqual([viaRole]);
    const none = await api('GET', `${BASE}/getPermissionGroup`, {
      query: { id: await insertRole(ctx()), objectType: 'role' },
    });
    expect(none.data).toEqual({ list: [], type: 2 });
    expect(await api('GET', `${BASE}/getPermissionGroup`, { query: { id: '404', objectType: 'role' } })).toMatchObject({
      code: 400,
      msg: '数据不存在',
    });
    const badType = await api<{ errors: Record<string, string> }>('GET', `${BASE}/getPermissionGroup`, {
      query: { id: u.id, objectType: 'planet' },
    });
    expect(badType.data!.errors.objectType).toBe('对象类型不正确');
  });

  it('getPermission: a group’s grants of one kind as a tree', async () => {
    const id = await createGroup();
    const screen = await menuId('system.menu');
    const [button] = await ctx()
      .db.select()
      .from(moduleButton)
      .where(and(eq(moduleButton.moduleId, screen), eq(moduleButton.enCode, 'btn_add')));
    await api('PUT', `/api/permission/Authority/Data/${id}`, {
      json: { systemIds: [mainId], module: [screen, await menuId('system')], button: [button!.id] },
    });
    const roleId = await insertRole(ctx());
    type Node = { id: string; fullName: string; disabled: boolean; children: Node[] };
    const tree = async (itemType: string) =>
      (
        await api<Node[]>('GET', `${BASE}/getPermission`, {
          query: { id: roleId, objectType: 'role', permissionId: id, itemType },
        })
      ).data!;
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((x) => [x, ...flat(x.children)]);
    expect((await tree('system')).map((x) => x.id)).toEqual([mainId]);
    const modules = await tree('module');
    expect(modules[0]!.id).toBe(mainId);
    expect(modules[0]!.children.map((x) => x.fullName)).toEqual(['WEB菜单']);
    expect(flat(modules).map((x) => x.id)).toEqual(expect.arrayContaining([screen]));
    expect(flat(modules).every((x) => !x.disabled)).toBe(true);
    const buttons = flat(await tree('button'));
    expect(buttons.map((x) => x.id)).toEqual(expect.arrayContaining([mainId, screen, button!.id]));
    expect(await tree('column')).toEqual([]);
  });
});

describe('who may hand a group out', () => {
  it('someone who is not an administrator may not give away a group granting more than they hold', async () => {
    // a permission manager granted only the permission-group screen with its buttons
    const screen = await menuId(AUTHORIZE_SCREEN);
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, screen));
    const manager = await insertUser(ctx());
    await api('PUT', `/api/permission/Authority/Data/${manager.id}`, {
      json: {
        objectType: 'User',
        systemIds: [mainId],
        module: [screen, await menuId('permission')],
        button: buttons.map((b) => b.id),
      },
    });
    const managerToken = await signIn(server, manager.account, TEST_PASSWORD);
    const powerful = await createGroup();
    await api('PUT', `/api/permission/Authority/Data/${powerful}`, {
      json: { systemIds: [mainId], module: [await menuId('system.menu')] },
    });
    const modest = await createGroup();
    await api('PUT', `/api/permission/Authority/Data/${modest}`, { json: { systemIds: [mainId], module: [screen] } });

    const asManager = client(server, managerToken);
    expect(
      await asManager('POST', `${BASE}/PermissionMember/${powerful}`, { json: { ids: [`${manager.id}--user`] } }),
    ).toMatchObject({
      code: 400,
      msg: '该权限组包含您没有的权限，无法操作',
    });
    expect(
      await asManager('POST', `${BASE}/PermissionMember/${modest}`, { json: { ids: [`${manager.id}--user`] } }),
    ).toMatchObject({
      code: 200,
    });
    await api('PUT', `${BASE}/${powerful}/Actions/State`);
    expect(await asManager('PUT', `${BASE}/${powerful}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '该权限组包含您没有的权限，无法操作',
    });
    // nor widen a group beyond what they hold: grants they do not hold are dropped, those the group had are kept
    expect(
      await asManager('PUT', `/api/permission/Authority/Data/${modest}`, {
        json: { module: [screen, await menuId('system.menu')] },
      }),
    ).toMatchObject({ code: 200 });
    const modestGrants = await ctx()
      .db.select()
      .from(authorize)
      .where(and(eq(authorize.objectId, modest), eq(authorize.itemType, 'module')));
    expect(modestGrants.map((g) => g.itemId)).toEqual([screen]);
    expect(
      await asManager('PUT', `/api/permission/Authority/Data/${powerful}`, { json: { module: [] } }),
    ).toMatchObject({ code: 200 });
    const powerfulGrants = await ctx()
      .db.select()
      .from(authorize)
      .where(and(eq(authorize.objectId, powerful), eq(authorize.itemType, 'module')));
    expect(powerfulGrants.map((g) => g.itemId)).toEqual([await menuId('system.menu')]);
  });
});
