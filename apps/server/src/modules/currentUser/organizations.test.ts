// The user's own organisations, positions and roles, switching the main application, organisation or position
// (major), and the reporting line below the user (Subordinate), over HTTP against a real database.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authorize, user } from '../../db/schema/index.js';
import { headOffice, insertOrganize, insertPosition, insertRole, relateAll } from '../../../test/kit/directory.js';
import { insertMenu, insertSystem } from '../../../test/kit/menus.js';
import {
  adminId,
  adminToken,
  api,
  auditsOf,
  createUser,
  ctx,
  currentUser,
  mainSystemId,
  newSignedInUser,
  rootOrgId,
  signIn,
  useSignInServer,
  userRow,
} from '../../../test/kit/signInServer.js';
import { expectRefused } from '../../../test/kit/answers.js';

const BASE = '/api/permission/Users/Current';
useSignInServer();
type Errors = { errors: Record<string, string> };

describe('own organisations, positions and roles', () => {
  it('list them, marking the main organisation and position', async () => {
    const deptId = (await insertOrganize(ctx(), await headOffice(ctx()), { fullName: '财务部' })).id;
    const p1 = await insertPosition(ctx(), deptId, { fullName: '会计' });
    const p2 = await insertPosition(ctx(), rootOrgId, { fullName: '出纳' });
    const roleId = await insertRole(ctx(), { fullName: '财务' });
    const me = await createUser({ organizeId: deptId, positionId: p2 });
    await relateAll(ctx(), me.id, [
      ['Organize', rootOrgId],
      ['Organize', deptId],
      ['Position', p1],
      ['Position', p2],
      ['Role', roleId],
    ]);
    const token = await signIn(me.account, 'Passw0rd');
    const orgs = await api<{ id: string; fullName: string; isDefault: boolean }[]>('GET', `${BASE}/getUserOrganizes`, {
      token,
    });
    expect(orgs.code).toBe(200);
    expect([...orgs.data!].sort((a, b) => a.fullName.localeCompare(b.fullName))).toEqual(
      [
        { id: rootOrgId, fullName: '智慧园区集团', isDefault: false },
        { id: deptId, fullName: '智慧园区集团/财务部', isDefault: true },
      ].sort((a, b) => a.fullName.localeCompare(b.fullName)),
    );
    const positions = await api<{ id: string; fullName: string; isDefault: boolean }[]>(
      'GET',
      `${BASE}/getUserPositions`,
      { token },
    );
    expect([...positions.data!].sort((a, b) => a.fullName.localeCompare(b.fullName))).toEqual(
      [
        { id: p1, fullName: '会计', isDefault: false },
        { id: p2, fullName: '出纳', isDefault: true },
      ].sort((a, b) => a.fullName.localeCompare(b.fullName)),
    );
    expect((await api('GET', `${BASE}/getUserRoles`, { token })).data).toEqual([{ id: roleId, fullName: '财务' }]);
  });

  it('are empty lists for a user with none', async () => {
    const me = await newSignedInUser();
    for (const path of ['getUserOrganizes', 'getUserPositions', 'getUserRoles'])
      expect(await api('GET', `${BASE}/${path}`, { token: me.token })).toMatchObject({ code: 200, data: [] });
  });
});

describe('PUT major', () => {
  const addSystem = (fields: { enabledMark?: number; workflowEnabled?: number } = {}) => insertSystem(ctx(), fields);
  const addMenu = (systemId: string, type = 1) => insertMenu(ctx(), { systemId, type });
  const major = (token: string, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api<Errors>('PUT', `${BASE}/major`, { token, json, headers });

  it('System: switches to a system with menus; CurrentUser then works in it', async () => {
    const sys = await addSystem();
    const dir = await addMenu(sys);
    await ctx().catalogue.changed();
    const me = await newSignedInUser({ isAdministrator: 1, systemId: mainSystemId });
    expect(await major(me.token, { majorType: 'System', majorId: sys })).toMatchObject({ code: 200, msg: '切换成功' });
    expect((await userRow(me.id)).systemId).toBe(sys);
    const cu = (await currentUser(me.token)).data!;
    expect(cu.userInfo.systemId).toBe(sys);
    expect(cu.menuList.map((m) => m.id)).toEqual([dir]);
    expect((await auditsOf(me.id))[0]).toMatchObject({ action: 'majorSystem', after: { systemId: sys } });
    // menuType 1 switches the app system instead
    expect((await major(me.token, { majorType: 'System', majorId: mainSystemId, menuType: 1 })).code).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ systemId: sys, appSystemId: mainSystemId });
  });

  it('System: refuses an unknown, a disabled, and an empty system; a workflow system without menus is allowed', async () => {
    const disabled = await addSystem({ enabledMark: 0 });
    await addMenu(disabled);
    const empty = await addSystem();
    const workflow = await addSystem({ workflowEnabled: 1 });
    await ctx().catalogue.changed();
    expectRefused(await major(adminToken, { majorType: 'System', majorId: 'nope' }), '该应用已删除');
    expectRefused(await major(adminToken, { majorType: 'System', majorId: disabled }), '该应用已禁用');
    expectRefused(await major(adminToken, { majorType: 'System', majorId: empty }), '该系统下菜单为空，系统切换失败');
    expect((await major(adminToken, { majorType: 'System', majorId: empty }, { 'jnpf-language': 'en' })).msg).toBe(
      'You have no menus in that application',
    );
    expect((await userRow(adminId)).systemId).toBe(mainSystemId);
    expect(await major(adminToken, { majorType: 'System', majorId: workflow })).toMatchObject({
      code: 200,
      msg: '切换成功',
    });
    expect((await major(adminToken, { majorType: 'System', majorId: mainSystemId })).code).toBe(200);
  });

  it('System: a user with no menus granted in a system cannot switch to it; granted, they can', async () => {
    const sys = await addSystem();
    const menu = await addMenu(sys, 2);
    await ctx().catalogue.changed();
    const me = await newSignedInUser();
    expectRefused(await major(me.token, { majorType: 'System', majorId: sys }), '该系统下菜单为空，系统切换失败');
    await ctx()
      .db.insert(authorize)
      .values({ objectType: 'User', objectId: me.id, itemType: 'module', itemId: menu, creatorTime: Date.now() });
    await ctx().grants.changed(me.id);
    expect((await major(me.token, { majorType: 'System', majorId: sys })).code).toBe(200);
    expect((await currentUser(me.token)).data!.menuList.map((m) => m.id)).toEqual([menu]);
  });

  it('Organize and Position: only the user’s own; the main one changes', async () => {
    const hq = await headOffice(ctx());
    const deptId = (await insertOrganize(ctx(), hq, { fullName: '市场部' })).id;
    const otherDept = (await insertOrganize(ctx(), hq, { fullName: '别人的部门' })).id;
    const mine = await insertPosition(ctx(), deptId, { fullName: '专员' });
    const notMine = await insertPosition(ctx(), otherDept, { fullName: '主管' });
    const me = await createUser({ organizeId: rootOrgId });
    await relateAll(ctx(), me.id, [
      ['Organize', rootOrgId],
      ['Organize', deptId],
      ['Position', mine],
    ]);
    const token = await signIn(me.account, 'Passw0rd');

    expectRefused(await major(token, { majorType: 'Organize', majorId: otherDept }), '您不属于该组织');
    expectRefused(await major(token, { majorType: 'Position', majorId: notMine }), '您没有该岗位');
    expectRefused(await major(token, { majorType: 'Position', majorId: 'nope' }), '您没有该岗位');
    expect(await userRow(me.id)).toMatchObject({ organizeId: rootOrgId, positionId: null });

    expect(await major(token, { majorType: 'Organize', majorId: deptId })).toMatchObject({
      code: 200,
      msg: '设置成功',
    });
    expect(await major(token, { majorType: 'Position', majorId: mine })).toMatchObject({ code: 200, msg: '设置成功' });
    expect(await userRow(me.id)).toMatchObject({ organizeId: deptId, positionId: mine });
    const info = (await currentUser(token)).data!.userInfo;
    expect(info).toMatchObject({
      organizeId: deptId,
      departmentName: '市场部',
      positionId: mine,
      positionName: '专员',
    });
  });

  it('refuses a bad body with 401', async () => {
    for (const json of [
      {},
      { majorType: 'Role', majorId: 'x' },
      { majorType: 'System', majorId: '' },
      { majorType: 'System', majorId: 'x'.repeat(51) },
      { majorType: 'System', majorId: 'x', menuType: 'app' },
    ]) {
      const res = await major(adminToken, json);
      expect(res.code, JSON.stringify(json)).toBe(401);
    }
  });
});

describe('GET Subordinate/{id}', () => {
  type Sub = { id: string; avatar: string; userName: string; department: string; position: string; isLeaf: boolean };
  const subs = (token: string, id: string) => api<Sub[]>('GET', `${BASE}/Subordinate/${id}`, { token });

  it('0 is the caller; reports further down the line may be opened; anyone else is refused', async () => {
    const boss = await newSignedInUser({ realName: '老板' });
    const mid = await newSignedInUser({ realName: '中层', managerId: boss.id, organizeId: rootOrgId });
    const leaf = await createUser({ realName: '员工', managerId: mid.id });
    const stranger = await newSignedInUser();

    const mine = await subs(boss.token, '0');
    expect(mine.code).toBe(200);
    expect(mine.data).toEqual([
      {
        id: mid.id,
        avatar: '/api/file/Image/userAvatar/001.png',
        userName: `中层/${mid.account}`,
        department: '智慧园区集团',
        position: '',
        isLeaf: false,
      },
    ]);
    expect((await subs(boss.token, mid.id)).data).toEqual([
      {
        id: leaf.id,
        avatar: '/api/file/Image/userAvatar/001.png',
        userName: `员工/${leaf.account}`,
        department: '',
        position: '',
        isLeaf: true,
      },
    ]);
    expect((await subs(boss.token, boss.id)).data!.map((s) => s.id)).toEqual([mid.id]);
    expect((await subs(boss.token, leaf.id)).data).toEqual([]);

    for (const [token, id] of [
      [mid.token, boss.id],
      [stranger.token, mid.id],
      [stranger.token, 'nope'],
      [mid.token, stranger.id],
    ] as const) {
      expect(await subs(token, id), id).toMatchObject({ code: 400, msg: '不能查看该用户的下属' });
    }
    expect((await subs(stranger.token, '0')).data).toEqual([]);
    // an administrator may look at anyone
    expect((await subs(adminToken, mid.id)).data!.map((s) => s.id)).toEqual([leaf.id]);
    expect((await subs(adminToken, 'x'.repeat(51))).code).toBe(401);
  });

  it('a reporting cycle does not hang the walk', async () => {
    const a = await createUser();
    const b = await createUser({ managerId: a.id });
    await ctx().db.update(user).set({ managerId: b.id }).where(eq(user.id, a.id));
    const outsider = await newSignedInUser();
    expect(await subs(outsider.token, a.id)).toMatchObject({ code: 400, msg: '不能查看该用户的下属' });
  });
});
