// /api/permission/Authority over HTTP: the wizard's step trees, replace-all saves for each kind of object,
// batch saves, who holds an item, and each user's column settings.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CurrentUserResult } from '@jnpf/core';
import { authorize, moduleButton } from '../../db/schema/index.js';
import { call, signIn } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin as token, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import {
  insertOrganize,
  insertPosition,
  insertRole,
  insertUser,
  relate,
  TEST_PASSWORD,
} from '../../../test/kit/directory.js';
import { findMenuId, mainSystemId } from '../../../test/kit/menus.js';
import { expectInvalidFields } from '../../../test/kit/answers.js';

let mainId: string;
let otherId: string;
const BASE = '/api/permission/Authority';

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  disabled: boolean;
  children: Node[];
}
interface Step {
  list: Node[];
  ids: string[];
  all: string[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((x) => [x, ...flat(x.children)]);

const menuId = (enCode: string) => findMenuId(ctx(), enCode, mainId);
async function buttonIds(moduleId: string) {
  return Object.fromEntries(
    (await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, moduleId))).map((b) => [
      b.enCode,
      b.id,
    ]),
  );
}
const step = (objectId: string, type: string, moduleIds: string[] = [], as = token) =>
  call<Step>(server, 'POST', `${BASE}/Data/${objectId}/Values`, {
    token: as,
    json: { type, moduleIds: moduleIds.join(',') },
  });

useAdminServer();
beforeAll(async () => {
  mainId = await mainSystemId(ctx());
  otherId = (await api<string>('POST', '/api/system/System', { json: { fullName: '第二应用', enCode: 'second' } }))
    .data!;
  const dir = await api<string>('POST', '/api/system/Menu', {
    json: { parentId: '-1', systemId: otherId, type: 1, fullName: '目录', enCode: 'secondDir' },
  });
  await api('POST', '/api/system/Menu', {
    json: { parentId: dir.data, systemId: otherId, type: 2, fullName: '页面', enCode: 'secondPage' },
  });
  await api('POST', '/api/system/Menu', {
    json: { parentId: '-1', systemId: otherId, type: 1, fullName: '移动目录', enCode: 'secondApp', category: 'App' },
  });
});

describe('the wizard steps', () => {
  it('systems, then menus under WEB/APP nodes, then items under their menus; ids = what the object holds', async () => {
    const groupId = (
      await api<string>('POST', '/api/permission/PermissionGroup', { json: { fullName: '向导组', enCode: 'wizard' } })
    ).data!;
    const systems = await step(groupId, 'system');
    expect(systems.data!.list.map((x) => x.id)).toEqual(expect.arrayContaining([mainId, otherId]));
    expect(systems.data!.ids).toEqual([]);
    expect(systems.data!.all.sort()).toEqual(systems.data!.list.map((x) => x.id).sort());

    const menus = await step(groupId, 'module', [otherId]);
    expect(menus.data!.list.map((x) => x.id)).toEqual([otherId]);
    expect(menus.data!.list[0]!.children.map((x) => [x.id, x.fullName])).toEqual([
      [`${otherId}2`, 'WEB菜单'],
      [`${otherId}1`, 'APP菜单'],
    ]);
    const web = menus.data!.list[0]!.children[0]!;
    expect(web.children.map((x) => x.fullName)).toEqual(['目录']);
    expect(web.children[0]!.children.map((x) => x.fullName)).toEqual(['页面']);

    const screen = await menuId('system.menu');
    const buttons = await buttonIds(screen);
    await api('PUT', `${BASE}/Data/${groupId}`, {
      json: { systemIds: [mainId], module: [screen], button: [buttons.btn_add] },
    });
    const held = await step(groupId, 'system');
    expect(held.data!.ids).toEqual([mainId]);
    const items = await step(groupId, 'button', [mainId, `${mainId}2`, await menuId('system'), screen]);
    const tree = flat(items.data!.list);
    expect(items.data!.list.map((x) => x.id)).toEqual([mainId]);
    expect(tree.map((x) => x.id)).toEqual(
      expect.arrayContaining([`${mainId}2`, await menuId('system'), screen, buttons.btn_add, buttons.btn_remove]),
    );
    expect(items.data!.ids).toEqual([buttons.btn_add]);
    expect(tree.every((x) => !x.disabled)).toBe(true);
    for (const type of ['column', 'form', 'resource'])
      expect((await step(groupId, type, [screen])).data).toEqual({ list: [], ids: [], all: [] });
    const empty = await call(server, 'POST', `${BASE}/Data/${groupId}/Values`, { token, json: { type: '' } });
    expect(empty).toMatchObject({ code: 400, msg: '类型不能为空' });
    expect((await step('0', 'system')).data!.ids).toEqual([]);
  });

  it('a manager who is not an administrator sees what they hold, and the rest of the object’s grants disabled', async () => {
    const screen = await menuId('permission.authorize');
    const buttons = Object.values(await buttonIds(screen));
    const manager = await insertUser(ctx());
    await api('PUT', `${BASE}/Data/${manager.id}`, {
      json: { objectType: 'User', systemIds: [mainId], module: [await menuId('permission'), screen], button: buttons },
    });
    const managerToken = await signIn(server, manager.account, TEST_PASSWORD);
    const roleId = await insertRole(ctx());
    const menuScreen = await menuId('system.menu');
    await api('PUT', `${BASE}/Data/${roleId}`, {
      json: { objectType: 'Role', systemIds: [mainId, otherId], module: [menuScreen] },
    });
    const systems = await step(roleId, 'system', [], managerToken);
    expect(systems.data!.list.map((x) => [x.id, x.disabled]).sort()).toEqual(
      [
        [mainId, false],
        [otherId, true],
      ].sort(),
    );
    const menus = flat((await step(roleId, 'module', [mainId], managerToken)).data!.list);
    expect(menus.find((x) => x.id === screen)?.disabled).toBe(false);
    expect(menus.find((x) => x.id === menuScreen)?.disabled).toBe(true);
    const appScreen = await menuId('system.system');
    expect(menus.some((x) => x.id === appScreen)).toBe(false);
  });
});

describe('saving grants', () => {
  it('replaces each kind sent, ignores tree parents and unknown ids, leaves kinds not sent alone', async () => {
    const roleId = await insertRole(ctx());
    const screen = await menuId('system.system');
    const buttons = await buttonIds(screen);
    const saved = await api('PUT', `${BASE}/Data/${roleId}`, {
      json: {
        objectType: 'Role',
        systemIds: [mainId, 'nonsense'],
        module: [`${mainId}2`, await menuId('system'), screen],
        button: [mainId, screen, buttons.btn_add, buttons.btn_edit],
        column: [],
        form: [],
        resource: [],
      },
    });
    expect(saved).toMatchObject({ code: 200, msg: '操作成功' });
    const rows = async () =>
      (await ctx().db.select().from(authorize).where(eq(authorize.objectId, roleId)))
        .map((r) => `${r.objectType}:${r.itemType}:${r.itemId}`)
        .sort();
    expect(await rows()).toEqual(
      [
        `Role:system:${mainId}`,
        `Role:module:${await menuId('system')}`,
        `Role:module:${screen}`,
        `Role:button:${buttons.btn_add}`,
        `Role:button:${buttons.btn_edit}`,
      ].sort(),
    );
    await api('PUT', `${BASE}/Data/${roleId}`, { json: { objectType: 'Role', button: [buttons.btn_remove] } });
    expect(await rows()).toEqual(
      [
        `Role:system:${mainId}`,
        `Role:module:${await menuId('system')}`,
        `Role:module:${screen}`,
        `Role:button:${buttons.btn_remove}`,
      ].sort(),
    );
    // a member of the role feels it at the next call
    const u = await insertUser(ctx());
    await relate(ctx(), u.id, 'Role', roleId);
    const userToken = await signIn(server, u.account, TEST_PASSWORD);
    const me = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token: userToken });
    expect(me.data!.permissionList.map((p) => p.button.map((b) => b.enCode))).toEqual([['btn_remove']]);
  });

  it('finds the object by id whatever type the client names, and refuses unknown objects', async () => {
    const org = await insertOrganize(ctx(), null);
    const positionId = await insertPosition(ctx(), org.id);
    const u = await insertUser(ctx());
    const groupId = (
      await api<string>('POST', '/api/permission/PermissionGroup', { json: { fullName: '类型组', enCode: 'typed' } })
    ).data!;
    for (const [id, type] of [
      [positionId, 'Position'],
      [u.id, 'User'],
      [groupId, 'PermissionGroup'],
    ] as const) {
      expect(
        await api('PUT', `${BASE}/Data/${id}`, { json: { objectType: 'Batch', systemIds: [mainId] } }),
      ).toMatchObject({ code: 200 });
      const [row] = await ctx().db.select().from(authorize).where(eq(authorize.objectId, id));
      expect(row!.objectType).toBe(type);
    }
    expect(await api('PUT', `${BASE}/Data/404`, { json: { systemIds: [mainId] } })).toMatchObject({
      code: 400,
      msg: '授权对象不存在',
    });
    const bad = await api<{ errors: Record<string, string> }>('PUT', `${BASE}/Data/${u.id}`, {
      json: { module: 'a,b', button: [{}] },
    });
    expectInvalidFields(bad, ['button.0']);
  });

  it('batch: the same grants to several roles, positions and users; refuses unknown ones and an empty batch', async () => {
    const roles = [await insertRole(ctx()), await insertRole(ctx())];
    const org = await insertOrganize(ctx(), null);
    const positionId = await insertPosition(ctx(), org.id);
    const u = await insertUser(ctx());
    const screen = await menuId('system.menu');
    const saved = await api('POST', `${BASE}/Data/Batch`, {
      json: { roleIds: roles, positionIds: [positionId], userIds: [u.id], systemIds: [mainId], module: [screen] },
    });
    expect(saved).toMatchObject({ code: 200, msg: '操作成功' });
    for (const id of [...roles, positionId, u.id]) {
      const held = (await ctx().db.select().from(authorize).where(eq(authorize.objectId, id)))
        .map((r) => r.itemId)
        .sort();
      expect(held).toEqual([mainId, screen].sort());
    }
    const who = await api<{ ids: string[] }>('GET', `${BASE}/Model/${screen}/Role`);
    expect(who.data!.ids).toEqual(expect.arrayContaining(roles));
    expect(await api('POST', `${BASE}/Data/Batch`, { json: { roleIds: ['404'], module: [screen] } })).toMatchObject({
      code: 400,
      msg: '授权对象不存在',
    });
    expect(await api('POST', `${BASE}/Data/Batch`, { json: { module: [screen] } })).toMatchObject({
      code: 400,
      msg: '请选择授权对象',
    });
    const bad = await api<{ errors: Record<string, string> }>('POST', `${BASE}/Data/Batch`, {
      json: { roleIds: 7, module: [1] },
    });
    expect(bad.code).toBe(401);
  });
});

describe('column settings', () => {
  it('keeps each user’s own settings for menus they may use', async () => {
    const screen = await menuId('system.menu');
    expect(await api('GET', `${BASE}/GetColumnsByModuleId/${screen}`)).toMatchObject({ code: 200, data: [] });
    const fieldList = JSON.stringify([{ prop: 'fullName', label: '名称', visible: true }]);
    expect(await api('PUT', `${BASE}/SetColumnsByModuleId`, { json: { moduleId: screen, fieldList } })).toMatchObject({
      code: 200,
      msg: '操作成功',
    });
    expect((await api('GET', `${BASE}/GetColumnsByModuleId/${screen}`)).data).toEqual(JSON.parse(fieldList));
    await api('PUT', `${BASE}/SetColumnsByModuleId`, { json: { moduleId: screen, fieldList: [] } });
    expect((await api('GET', `${BASE}/GetColumnsByModuleId/${screen}`)).data).toEqual([]);

    // another user: own settings, and only for menus granted to them
    const { token: userToken, ...u } = await signedInUser(server);
    expect(await call(server, 'GET', `${BASE}/GetColumnsByModuleId/${screen}`, { token: userToken })).toMatchObject({
      code: 400,
      msg: '没有访问权限',
    });
    await api('PUT', `${BASE}/Data/${u.id}`, { json: { objectType: 'User', module: [screen] } });
    expect(await call(server, 'GET', `${BASE}/GetColumnsByModuleId/${screen}`, { token: userToken })).toMatchObject({
      code: 200,
      data: [],
    });

    const bad = await api<{ errors: Record<string, string> }>('PUT', `${BASE}/SetColumnsByModuleId`, {
      json: { moduleId: screen, fieldList: '{"a":1}' },
    });
    expect(bad.code).toBe(401);
    expect(bad.data!.errors.fieldList).toBe('列设置格式错误');
    const missing = await api<{ errors: Record<string, string> }>('PUT', `${BASE}/SetColumnsByModuleId`, { json: {} });
    expect(Object.keys(missing.data!.errors).sort()).toEqual(['fieldList', 'moduleId']);
  });
});
