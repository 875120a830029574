// The permission matrix over the whole route table: a user without grants is refused everywhere a menu is
// needed; a user granted one screen and two of its buttons (through a permission group, as a member by role
// and as a direct member) may call exactly those routes, CurrentUser shows exactly that, and revoking a
// button or disabling the group takes effect at the next call with the same token.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BUILT_IN_MENUS, type CurrentUserResult } from '@jnpf/core';
import { module, moduleButton } from '../../db/schema/index.js';
import { call } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin as adminToken, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { insertRole, relate } from '../../../test/kit/directory.js';
import { mainSystemId } from '../../../test/kit/menus.js';

const SYSTEM_SCREEN = BUILT_IN_MENUS.system.enCode;

useAdminServer();

const NO_PERMISSION = '没有访问权限';
type RouteEntry = { method: string; url: string; permission: unknown };
const needsMenu = (r: RouteEntry): r is RouteEntry & { permission: { module: string; button?: string } } =>
  typeof r.permission === 'object' && r.permission !== null && 'module' in r.permission;
const protectedRoutes = () =>
  server.platform.routeTable.filter(
    (r) => r.method !== 'HEAD' && !r.url.includes('*') && (needsMenu(r) || r.permission === 'admin'),
  );
const dummyUrl = (url: string) => url.replace(/:(\w+)/g, '1');

async function probe(token: string, r: RouteEntry) {
  const options = r.method === 'GET' ? {} : { json: {} };
  return call(server, r.method, dummyUrl(r.url), { token, ...options });
}

const userToken = (fields = {}) => signedInUser(server, fields);

describe('a signed-in user without grants', () => {
  it('is refused on every route that needs a menu or administrators, whatever the input', async () => {
    const { token } = await userToken();
    const routes = protectedRoutes();
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const res = await probe(token, r);
      expect({ route: `${r.method} ${r.url}`, code: res.code, msg: res.msg }).toEqual({
        route: `${r.method} ${r.url}`,
        code: 400,
        msg: NO_PERMISSION,
      });
    }
  });

  it('is answered 602 without a token and sees an empty menu', async () => {
    const [first] = protectedRoutes();
    expect((await probe('', first!)).code).toBe(602);
    const { token } = await userToken();
    const me = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    expect(me.data?.menuList).toEqual([]);
    expect(me.data?.permissionList).toEqual([]);
  });
});

describe('a user granted one screen and two of its buttons', () => {
  let groupId: string;
  let screenId: string;
  let buttons: Record<string, string>;
  let grantBody: Record<string, unknown>;

  beforeAll(async () => {
    const mainId = await mainSystemId(ctx());
    const [screen] = await ctx()
      .db.select()
      .from(module)
      .where(and(eq(module.enCode, SYSTEM_SCREEN), eq(module.systemId, mainId)));
    screenId = screen!.id;
    buttons = Object.fromEntries(
      (await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, screenId))).map((b) => [
        b.enCode,
        b.id,
      ]),
    );
    expect(Object.keys(buttons).sort()).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
    const created = await call<string>(server, 'POST', '/api/permission/PermissionGroup', {
      token: adminToken,
      json: { fullName: '应用维护', enCode: 'appKeepers', enabledMark: 1, sortCode: 0 },
    });
    expect(created.code, created.msg).toBe(200);
    groupId = created.data!;
    // as the wizard sends it: the directory comes along half-checked, with the synthetic WEB node
    grantBody = {
      objectType: 'Batch',
      systemIds: [mainId],
      module: [`${mainId}2`, screen!.parentId, screenId],
      button: [screenId, buttons.btn_add, buttons.btn_edit],
      column: [],
      form: [],
      resource: [],
    };
    const saved = await call(server, 'PUT', `/api/permission/Authority/Data/${groupId}`, {
      token: adminToken,
      json: grantBody,
    });
    expect(saved.code, saved.msg).toBe(200);
  });

  /** allowedButtons null: nothing at all is allowed */
  async function expectExactly(token: string, allowedButtons: string[] | null) {
    for (const r of protectedRoutes()) {
      const res = await probe(token, r);
      const allowed =
        allowedButtons !== null &&
        needsMenu(r) &&
        r.permission.module === SYSTEM_SCREEN &&
        (!r.permission.button || allowedButtons.includes(r.permission.button));
      const label = `${r.method} ${r.url}`;
      if (allowed) expect(res.msg, label).not.toBe(NO_PERMISSION);
      else expect({ label, code: res.code, msg: res.msg }).toEqual({ label, code: 400, msg: NO_PERMISSION });
    }
    const me = await call<CurrentUserResult>(server, 'GET', '/api/oauth/CurrentUser', { token });
    if (allowedButtons === null) {
      expect(me.data!.menuList).toEqual([]);
      expect(me.data!.permissionList).toEqual([]);
      return me.data!;
    }
    expect(me.data!.menuList.map((d) => ({ enCode: d.enCode, children: d.children.map((c) => c.enCode) }))).toEqual([
      { enCode: 'system', children: [SYSTEM_SCREEN] },
    ]);
    expect(me.data!.permissionList).toHaveLength(1);
    expect(me.data!.permissionList[0]!.modelId).toBe(screenId);
    expect(me.data!.permissionList[0]!.button.map((b) => b.enCode).sort()).toEqual([...allowedButtons].sort());
    return me.data!;
  }

  it('through a role that is a member: exactly those routes, and CurrentUser shows exactly that', async () => {
    const roleId = await insertRole(ctx());
    const { id, token } = await userToken();
    await relate(ctx(), id, 'Role', roleId);
    const members = await call(server, 'POST', `/api/permission/PermissionGroup/PermissionMember/${groupId}`, {
      token: adminToken,
      json: { ids: [`${roleId}--role`] },
    });
    expect(members.code, members.msg).toBe(200);
    await expectExactly(token, ['btn_add', 'btn_edit']);

    const created = await call<string>(server, 'POST', '/api/system/System', {
      token,
      json: { fullName: '业务应用A', enCode: 'bizA', enabledMark: 1, sortCode: 1 },
    });
    expect(created.code, created.msg).toBe(200);
    const list = await call<{ list: { id: string }[] }>(server, 'GET', '/api/system/System', { token });
    expect(list.code).toBe(200);
    const removed = await call(server, 'DELETE', `/api/system/System/${created.data}`, { token });
    expect(removed).toMatchObject({ code: 400, msg: NO_PERMISSION });

    // revoking a button: the same token is refused at its very next call
    const revoked = await call(server, 'PUT', `/api/permission/Authority/Data/${groupId}`, {
      token: adminToken,
      json: { ...grantBody, button: [buttons.btn_add] },
    });
    expect(revoked.code).toBe(200);
    const edit = await call(server, 'PUT', `/api/system/System/${created.data}`, {
      token,
      json: { fullName: '业务应用A2', enCode: 'bizA', enabledMark: 1, sortCode: 1 },
    });
    expect(edit).toMatchObject({ code: 400, msg: NO_PERMISSION });
    await expectExactly(token, ['btn_add']);

    // disabling the group takes everything away, at once
    expect(
      (await call(server, 'PUT', `/api/permission/PermissionGroup/${groupId}/Actions/State`, { token: adminToken }))
        .code,
    ).toBe(200);
    const after = await expectExactly(token, null);
    expect(after.menuList).toEqual([]);
    expect(after.permissionList).toEqual([]);
    expect((await call(server, 'GET', '/api/system/System', { token })).msg).toBe(NO_PERMISSION);

    // enabled again with both buttons for the next case
    await call(server, 'PUT', `/api/permission/PermissionGroup/${groupId}/Actions/State`, { token: adminToken });
    await call(server, 'PUT', `/api/permission/Authority/Data/${groupId}`, { token: adminToken, json: grantBody });
  });

  it('as a direct member: the same, and removing the member takes it away', async () => {
    const { id, token } = await userToken();
    await expectExactly(token, null);
    const members = await call(server, 'POST', `/api/permission/PermissionGroup/PermissionMember/${groupId}`, {
      token: adminToken,
      json: { ids: [`${id}--user`] },
    });
    expect(members.code, members.msg).toBe(200);
    await expectExactly(token, ['btn_add', 'btn_edit']);
    await call(server, 'POST', `/api/permission/PermissionGroup/PermissionMember/${groupId}`, {
      token: adminToken,
      json: { ids: [] },
    });
    const after = await expectExactly(token, null);
    expect(after.permissionList).toEqual([]);
  });
});
