// Roles over HTTP against a real database: global and organisation roles, list filters, selectors, the refusals
// while users hold a role, bad input, and who may call what.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authorize, organize, organizeRelation, role } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, signIn, unique } from '../../../test/harness.js';
import { grantMenus } from '../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../test/kit/adminServer.js';
import { insertUser, relate } from '../../../test/kit/directory.js';
import { createDepartment, createRole, createUser } from '../../../test/kit/directoryApi.js';
import type { Errors, Page } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';
import { findNode } from '../../../test/kit/tree.js';

const BASE = '/api/permission/Role';

useHeadOfficeServer();

interface Node {
  id: string;
  parentId: string;
  onlyId: string;
  fullName: string;
  type: string;
  organize?: string;
  children: Node[];
}

const org = (parentId = rootId) => createDepartment(api, parentId);

const pathOf = async (id: string) =>
  (await ctx().db.select().from(organize).where(eq(organize.id, id)))[0]!.organizeIdTree.split(',');

const holder = async (roleId: string, organizeId: string) =>
  (await createUser(api, organizeId, { realName: '持有人', roleId })).id;

describe('roles', () => {
  it('create a global role and an organisation role; info, list and update', async () => {
    const d1 = await org();
    const d2 = await org();
    const global = await api<string>('POST', BASE, {
      json: { fullName: unique('全局角色'), enCode: unique('G'), globalMark: 1, enabledMark: 1 },
    });
    expect(global).toMatchObject({ code: 200, msg: '新建成功' });
    const local = await createRole(api, {
      globalMark: 0,
      organizeIdsTree: [await pathOf(d1), await pathOf(d2)],
      sortCode: 2,
    });
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${local}`);
    expect(info.data).toMatchObject({ id: local, globalMark: 0, type: '组织', sortCode: 2, enabledMark: 1 });
    expect(info.data!.organizeIdsTree).toEqual(expect.arrayContaining([await pathOf(d1), await pathOf(d2)]));
    const globalInfo = await api<Record<string, unknown>>('GET', `${BASE}/${global.data}`);
    expect(globalInfo.data).toMatchObject({ globalMark: 1, type: '全局', organizeIdsTree: [] });

    const ofOrg = await api<Page<{ id: string; type: string; organizeInfo: string }>>('GET', BASE, {
      query: { organizeId: d1 },
    });
    expect(ofOrg.data!.list.map((r) => r.id)).toEqual([local]);
    expect(ofOrg.data!.list[0]!.organizeInfo.split(',')).toHaveLength(2);
    const globals = await api<Page<{ id: string }>>('GET', BASE, { query: { organizeId: '0', pageSize: 500 } });
    expect(globals.data!.list.map((r) => r.id)).toContain(global.data);
    expect(globals.data!.list.map((r) => r.id)).not.toContain(local);
    const byType = await api<Page<{ id: string }>>('GET', BASE, { query: { type: 0, pageSize: 500 } });
    expect(byType.data!.list.map((r) => r.id)).toContain(local);
    const english = await call<Page<{ id: string; type: string }>>(server, 'GET', BASE, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      query: { organizeId: d1 },
    });
    expect(english.data!.list[0]!.type).toBe('Organisation');

    const r = (await ctx().db.select().from(role).where(eq(role.id, local)))[0]!;
    const updated = await api('PUT', `${BASE}/${local}`, {
      json: {
        fullName: r.fullName,
        enCode: r.enCode,
        globalMark: 0,
        organizeIdsTree: [await pathOf(d2)],
        enabledMark: 1,
        version: 0,
      },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    const links = await ctx().db.select().from(organizeRelation).where(eq(organizeRelation.objectId, local));
    expect(links.map((l) => l.organizeId)).toEqual([d2]);
    expect(await api('GET', `${BASE}/${newId()}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('refuses duplicates (names per kind), organisations that are missing, and bad input', async () => {
    const name = unique('同名角色');
    const code = unique('RC');
    await createRole(api, { fullName: name, enCode: code });
    expect(
      await api('POST', BASE, { json: { fullName: name, enCode: unique('R'), globalMark: 1, enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '角色名称不能重复',
    });
    const d = await org();
    // an organisation role may share a global role's name
    await createRole(api, { fullName: name, globalMark: 0, organizeIdsTree: [await pathOf(d)] });
    expect(
      await api('POST', BASE, { json: { fullName: unique('n'), enCode: code, globalMark: 1, enabledMark: 1 } }),
    ).toMatchObject({
      code: 400,
      msg: '角色编码不能重复',
    });
    expect(
      await api('POST', BASE, {
        json: { fullName: unique('n'), enCode: unique('R'), globalMark: 0, organizeIdsTree: [], enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '所属组织不能为空',
    });
    expect(
      await api('POST', BASE, {
        json: {
          fullName: unique('n'),
          enCode: unique('R'),
          globalMark: 0,
          organizeIdsTree: [[rootId, newId()]],
          enabledMark: 1,
        },
      }),
    ).toMatchObject({ code: 400, msg: '所属组织不存在' });
    const body = { fullName: unique('n'), enCode: unique('R'), globalMark: 1, enabledMark: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('POST', BASE, { json: { ...body, ...patch } }),
      [
        [{ fullName: undefined }, 'fullName', '角色名称不能为空'],
        [{ enCode: undefined }, 'enCode', '角色编码不能为空'],
        [{ globalMark: 3 }, 'globalMark', '角色类型只能是全局或组织'],
        [{ globalMark: [1] }, 'globalMark', '角色类型只能是全局或组织'],
        [{ fullName: 'r'.repeat(10_240) }, 'fullName', '名称最多为50个字符！'],
        [{ fullName: "r' OR '1'='1" }, 'fullName', '名称不能含有特殊符号'],
        [{ organizeIdsTree: 'not-a-list' }, 'organizeIdsTree', '所属组织不能为空'],
        [{ organizeIdsTree: [["1'; delete from base_role; --"]] }, 'organizeIdsTree.0.0', '参数格式错误'],
      ],
    );
  });

  it('an update is checked like a create', async () => {
    const id = await createRole(api);
    const r = (await ctx().db.select().from(role).where(eq(role.id, id)))[0]!;
    const body = { fullName: r.fullName, enCode: r.enCode, globalMark: 1, enabledMark: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('PUT', `${BASE}/${id}`, { json: { ...body, ...patch } }),
      [
        [{ fullName: '' }, 'fullName', '角色名称不能为空'],
        [{ enCode: 'r'.repeat(10_240) }, 'enCode', '编码最多为50个字符！'],
        [{ globalMark: 'yes' }, 'globalMark', '角色类型只能是全局或组织'],
        [{ fullName: '角\u0000色' }, 'fullName', '含有不允许的字符'],
        [{ sortCode: '1e9' }, 'sortCode', '排序只能是0到999999的整数'],
      ],
    );
    expect(await api('PUT', `${BASE}/${newId()}`, { json: body })).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
  });

  it('while users hold a role: no change of kind, state or their organisations; no delete', async () => {
    const d1 = await org();
    const d2 = await org();
    const id = await createRole(api, { globalMark: 0, organizeIdsTree: [await pathOf(d1), await pathOf(d2)] });
    const userId = await holder(id, d1);
    const r = (await ctx().db.select().from(role).where(eq(role.id, id)))[0]!;
    const [p1, p2] = [await pathOf(d1), await pathOf(d2)];
    const put = (patch: Record<string, unknown>) =>
      api('PUT', `${BASE}/${id}`, {
        json: {
          fullName: r.fullName,
          enCode: r.enCode,
          globalMark: 0,
          organizeIdsTree: [p1, p2],
          enabledMark: 1,
          ...patch,
        },
      });
    expect(await put({ globalMark: 1 })).toMatchObject({ code: 400, msg: '更新失败！已绑定用户，无法切换组织' });
    expect(await put({ enabledMark: 0 })).toMatchObject({ code: 400, msg: '更新失败！已绑定用户，无法修改状态' });
    expect(await put({ organizeIdsTree: [p2] })).toMatchObject({
      code: 400,
      msg: '更新失败！已绑定用户，无法切换组织',
    });
    // an organisation none of the holders belongs to may leave
    expect((await put({ organizeIdsTree: [p1] })).code).toBe(200);
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({
      code: 400,
      msg: '更新失败！已绑定用户，无法修改状态',
    });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败！已绑定用户' });
    expect((await api('DELETE', `/api/permission/Users/${userId}`)).code).toBe(200);
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '操作成功' });
    expect((await ctx().db.select().from(role).where(eq(role.id, id)))[0]!.enabledMark).toBe(0);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await ctx().db.select().from(organizeRelation).where(eq(organizeRelation.objectId, id))).toEqual([]);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
  });
});

describe('role pickers', () => {
  it('Selector: roles under their organisations, global roles under 全局', async () => {
    const c = await org();
    const d = await org(c);
    const local = await createRole(api, { globalMark: 0, organizeIdsTree: [await pathOf(d)] });
    const global = await createRole(api);
    const res = await api<{ list: Node[] }>('GET', `${BASE}/Selector`);
    const top = res.data!.list.at(-1)!;
    expect(top).toMatchObject({
      id: '1',
      fullName: '全局',
      onlyId: 'organizeList_0',
      icon: 'icon-ym icon-ym-global-role',
    });
    expect(top.children.map((n) => n.id)).toContain(global);
    const node = findNode(res.data!.list, (n) => n.id === local && n.type === 'role')!;
    expect(node.parentId).toBe(d);
    expect(findNode(res.data!.list, (n) => n.id === c)).toBeDefined();
    const byPermission = await api<{ list: Node[] }>('GET', `${BASE}/SelectorByPermission`);
    expect(findNode(byPermission.data!.list, (n) => n.id === local)).toBeDefined();
  });

  it('SearchSelector pages the enabled roles matching a keyword, flat, with where each belongs', async () => {
    const marker = unique('检索角色');
    const d = await org();
    const global = await createRole(api, { fullName: `${marker}全局`, sortCode: 0 });
    const locals: string[] = [];
    for (let n = 0; n < 4; n++)
      locals.push(
        await createRole(api, {
          fullName: `${marker}${n}`,
          globalMark: 0,
          organizeIdsTree: [await pathOf(d)],
          sortCode: n + 1,
        }),
      );
    const off = await createRole(api, { fullName: `${marker}停用`, sortCode: 9 });
    await api('PUT', `${BASE}/${off}/Actions/State`);
    await createRole(api, { fullName: unique('无关') });
    type Found = { list: Node[]; pagination: { total: number; currentPage: number; pageSize: number } };
    const search = (query: Record<string, string | number>, token?: string) =>
      token
        ? call<Found>(server, 'GET', `${BASE}/SearchSelector`, { query, token })
        : api<Found>('GET', `${BASE}/SearchSelector`, { query });

    const first = await search({ keyword: marker, currentPage: 1, pageSize: 3 });
    expect(first.code).toBe(200);
    expect(first.data!.pagination).toMatchObject({ currentPage: 1, pageSize: 3, total: 5 });
    expect(first.data!.list.map((r) => r.id)).toEqual([global, locals[0], locals[1]]);
    expect(first.data!.list[0]).toMatchObject({
      type: 'role',
      organize: '全局',
      icon: 'icon-ym icon-ym-generator-role',
    });
    const dName = (await ctx().db.select().from(organize).where(eq(organize.id, d)))[0]!.fullName;
    expect(first.data!.list[1]!.organize!.endsWith(`/${dName}`)).toBe(true);
    const second = await search({ keyword: marker, currentPage: 2, pageSize: 3 });
    // the disabled role is left out
    expect(second.data!.list.map((r) => r.id)).toEqual(locals.slice(2));
    // by code too
    const { enCode } = (await ctx().db.select().from(role).where(eq(role.id, locals[3]!)))[0]!;
    expect((await search({ keyword: enCode })).data!.list.map((r) => r.id)).toEqual([locals[3]]);

    // any signed-in user reads the same list; a caller not signed in is refused
    const { account, password } = await insertUser(ctx(), { realName: 'R', organizeId: d });
    const token = await signIn(server, account, password);
    expect((await search({ keyword: marker, pageSize: 3 }, token)).data!.list.map((r) => r.id)).toEqual([
      global,
      locals[0],
      locals[1],
    ]);
    expect((await call(server, 'GET', `${BASE}/SearchSelector?keyword=x`)).code).toBe(602);
    // the page is bounded and validated
    expect((await search({ keyword: marker, pageSize: 101 })).code).toBe(401);
    expect((await search({ keyword: marker, currentPage: 0 })).code).toBe(401);
    expect((await search({ keyword: 'x'.repeat(201) })).code).toBe(401);
  });

  it('getListByOrgIds and RoleCondition', async () => {
    const d = await org();
    const local = await createRole(api, { globalMark: 0, organizeIdsTree: [await pathOf(d)] });
    const global = await createRole(api);
    const res = await api<{ list: Node[] }>('POST', `${BASE}/getListByOrgIds`, { json: { organizeIds: [d] } });
    expect(res.data!.list[0]).toMatchObject({ id: d });
    expect(res.data!.list[0]!.children.map((n) => n.id)).toEqual([local]);
    expect(res.data!.list.at(-1)).toMatchObject({ id: '0', fullName: '全局' });
    expect(res.data!.list.at(-1)!.children.map((n) => n.id)).toContain(global);
    const condition = await api<{ list: Node[] }>('POST', `${BASE}/RoleCondition`, {
      json: { ids: [`${local}--role`] },
    });
    expect(condition.data!.list).toHaveLength(1);
    expect(condition.data!.list[0]!.children[0]!.id).toBe(local);
    const withGlobal = await api<{ list: Node[] }>('POST', `${BASE}/RoleCondition`, { json: { ids: [global] } });
    expect(withGlobal.data!.list[0]!.children.map((n) => n.id)).toEqual([global]);
  });

  it('a user who is not an administrator picks only from the roles of their own organisations', async () => {
    const mine = await org();
    const other = await org();
    const ownRole = await createRole(api, { globalMark: 0, organizeIdsTree: [await pathOf(mine)] });
    const otherRole = await createRole(api, { globalMark: 0, organizeIdsTree: [await pathOf(other)] });
    const { id, account, password } = await insertUser(ctx(), { realName: 'R', organizeId: mine });
    await relate(ctx(), id, 'Organize', mine);
    const token = await signIn(server, account, password);
    const res = await call<{ list: Node[] }>(server, 'GET', `${BASE}/SelectorByPermission`, { token });
    expect(findNode(res.data!.list, (n) => n.id === ownRole)).toBeDefined();
    expect(findNode(res.data!.list, (n) => n.id === otherRole)).toBeUndefined();
    expect(res.data!.list.find((n) => n.id === '1')).toBeUndefined();
    // the list needs the menu
    expect(await call(server, 'GET', BASE, { token })).toMatchObject({ code: 400, msg: '没有访问权限' });
    await grantMenus(ctx(), id, { 'permission.role': [] });
    expect((await call(server, 'GET', BASE, { token })).code).toBe(200);
    expect(
      (await call(server, 'POST', BASE, { token, json: { fullName: 'x', enCode: 'x', globalMark: 1, enabledMark: 1 } }))
        .code,
    ).toBe(400);
    const stillNothing = await ctx()
      .db.select()
      .from(authorize)
      .where(and(eq(authorize.objectId, id), eq(authorize.itemType, 'button')));
    expect(stillNothing).toEqual([]);
  });
});
