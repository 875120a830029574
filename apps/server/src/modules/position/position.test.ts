// Positions over HTTP against a real database: list with filters, selectors, create/update/delete/state with the
// reference's refusals, bad input, and who may call what.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organize, position } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server } from '../../../test/kit/adminServer.js';
import { createCompany, createDepartment, createPosition } from '../../../test/kit/directoryApi.js';
import type { Errors, Page } from '../../../test/kit/recordScreens.js';
import { expectFieldRefusals, rootId, useHeadOfficeServer } from '../../../test/kit/recordScreens.js';
import { findNode } from '../../../test/kit/tree.js';
import { dictionaryItems } from '../dictionary/byCode.js';

const BASE = '/api/permission/Position';

useHeadOfficeServer();

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  type: string;
  organize: string;
  children: Node[];
}

const org = (parentId = rootId, category: 'company' | 'department' = 'department') =>
  (category === 'company' ? createCompany : createDepartment)(api, parentId);

const row = async (id: string) => (await ctx().db.select().from(position).where(eq(position.id, id)))[0];

/** the token of a user granted this menu and these of its buttons (no menu: nothing) */
const restrictedUser = async (menu?: string, buttons: string[] = []) =>
  (await signedInUser(server, { realName: 'R' }, { grants: menu ? { [menu]: buttons } : {} })).token;

describe('positions', () => {
  it('create, info, list and update', async () => {
    const d = await org();
    const input = {
      organizeId: d,
      fullName: '产品经理',
      enCode: 'pm.1',
      type: '2',
      enabledMark: 1,
      sortCode: 3,
      description: '负责产品',
    };
    const res = await api<string>('POST', BASE, { json: input });
    expect(res).toMatchObject({ code: 200, msg: '新建成功' });
    const id = res.data!;
    const info = await api<Record<string, unknown>>('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ id, ...input, organizeIdTree: [rootId, d] });
    const list = await api<Page<Record<string, unknown>>>('GET', BASE, { query: { organizeId: d } });
    expect(list.data!.list).toHaveLength(1);
    const orgName = (await ctx().db.select().from(organize).where(eq(organize.id, d)))[0]!.fullName;
    expect(list.data!.list[0]).toMatchObject({
      id,
      type: '技术岗位',
      department: `智慧园区集团/${orgName}`,
      organizeId: d,
    });
    const updated = await api('PUT', `${BASE}/${id}`, {
      json: { organizeId: d, fullName: '高级产品经理', enCode: 'pm.1', type: 2, enabledMark: 1, version: 0 },
    });
    expect(updated).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await row(id))!.fullName).toBe('高级产品经理');
    expect(await api('GET', `${BASE}/${newId()}`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it('lists with paging, keyword, organisation subtree, type and state', async () => {
    const c = await org(rootId, 'company');
    const d = await org(c);
    const marker = unique('检索');
    const types = await dictionaryItems(ctx().db, 'PositionType');
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await createPosition(api, i < 3 ? c : d, { fullName: `${marker}${i}`, type: i === 0 ? 3 : 1, sortCode: i }),
      );
    const byOrg = await api<Page<{ id: string }>>('GET', BASE, {
      query: { organizeId: c, pageSize: 2, currentPage: 2 },
    });
    expect(byOrg.data!.pagination).toEqual({ currentPage: 2, pageSize: 2, total: 5 });
    expect(byOrg.data!.list.map((r) => r.id)).toEqual([ids[2], ids[3]]);
    const onlyD = await api<Page<{ id: string }>>('GET', BASE, { query: { organizeId: d } });
    expect(onlyD.data!.pagination.total).toBe(2);
    const byType = await api<Page<{ id: string }>>('GET', BASE, {
      query: { keyword: marker, type: types.find((t) => t.enCode === '3')!.id },
    });
    expect(byType.data!.list.map((r) => r.id)).toEqual([ids[0]]);
    await api('PUT', `${BASE}/${ids[1]}/Actions/State`);
    const disabled = await api<Page<{ id: string }>>('GET', BASE, { query: { keyword: marker, enabledMark: 0 } });
    expect(disabled.data!.list.map((r) => r.id)).toEqual([ids[1]]);
    const none = await api<Page<unknown>>('GET', BASE, { query: { organizeId: newId() } });
    expect(none.data!.pagination.total).toBe(0);
    const bad = await api('GET', BASE, { query: { pageSize: 501 } });
    expect(bad.code).toBe(401);
  });

  it('refuses duplicates, missing organisations and types, and bad input', async () => {
    const d = await org();
    const name = unique('重名');
    const code = unique('PC');
    await createPosition(api, d, { fullName: name, enCode: code });
    expect(
      await api('POST', BASE, {
        json: { organizeId: d, fullName: name, enCode: unique('P'), type: 1, enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '岗位名称不能重复',
    });
    // the same name in another organisation is fine; codes are unique everywhere
    await createPosition(api, await org(), { fullName: name });
    expect(
      await api('POST', BASE, {
        json: { organizeId: d, fullName: unique('n'), enCode: code, type: 1, enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '岗位编码不能重复',
    });
    expect(
      await api('POST', BASE, {
        json: { organizeId: newId(), fullName: unique('n'), enCode: unique('P'), type: 1, enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '所属组织不存在',
    });
    expect(
      await api('POST', BASE, {
        json: { organizeId: d, fullName: unique('n'), enCode: unique('P'), type: 99, enabledMark: 1 },
      }),
    ).toMatchObject({
      code: 400,
      msg: '岗位类型不存在',
    });
    const body = { organizeId: d, fullName: unique('n'), enCode: unique('P'), type: 1, enabledMark: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('POST', BASE, { json: { ...body, ...patch } }),
      [
        [{ organizeId: undefined }, 'organizeId', '所属组织不能为空'],
        [{ fullName: undefined }, 'fullName', '岗位名称不能为空'],
        [{ enCode: '' }, 'enCode', '岗位编码不能为空'],
        [{ type: undefined }, 'type', '岗位类型不能为空'],
        [{ type: { $ne: 1 } }, 'type', '岗位类型不能为空'],
        [{ fullName: '岗'.repeat(10_240) }, 'fullName', '名称最多为50个字符！'],
        [{ fullName: 'a<script>' }, 'fullName', '名称不能含有特殊符号'],
        [{ enCode: 'x;drop table base_position' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ sortCode: [1] }, 'sortCode', '排序只能是0到999999的整数'],
        [{ description: '\u0000' }, 'description', '含有不允许的字符'],
      ],
    );
    // unknown keys are ignored
    const id = await createPosition(api, d, { id: 'forged', creatorUserId: 'x', majorMark: 1 });
    expect(id).not.toBe('forged');
  });

  it('a position that users hold keeps its organisation and cannot be deleted', async () => {
    const d = await org();
    const other = await org();
    const id = await createPosition(api, d);
    const holder = await api<string>('POST', '/api/permission/Users', {
      json: { account: unique('u'), realName: '持有人', organizeId: d, positionId: id, gender: 1 },
    });
    expect(holder.code, holder.msg).toBe(200);
    const current = (await row(id))!;
    expect(
      await api('PUT', `${BASE}/${id}`, {
        json: { organizeId: other, fullName: current.fullName, enCode: current.enCode, type: 1, enabledMark: 1 },
      }),
    ).toMatchObject({ code: 400, msg: '更新失败！已绑定用户，无法切换组织' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败！已绑定用户' });
    expect((await api('DELETE', `/api/permission/Users/${holder.data}`)).code).toBe(200);
    expect(
      (
        await api('PUT', `${BASE}/${id}`, {
          json: { organizeId: other, fullName: current.fullName, enCode: current.enCode, type: 1, enabledMark: 1 },
        })
      ).code,
    ).toBe(200);
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
  });

  it('an update is checked like a create', async () => {
    const d = await org();
    const id = await createPosition(api, d);
    const current = (await row(id))!;
    const body = { organizeId: d, fullName: current.fullName, enCode: current.enCode, type: 1, enabledMark: 1 };
    await expectFieldRefusals(
      (patch) => api<Errors>('PUT', `${BASE}/${id}`, { json: { ...body, ...patch } }),
      [
        [{ fullName: null }, 'fullName', '岗位名称不能为空'],
        [{ enCode: 'e'.repeat(10_240) }, 'enCode', '编码最多为50个字符！'],
        [{ organizeId: 42 }, 'organizeId', '所属组织不能为空'],
        [{ fullName: "岗'; --" }, 'fullName', '名称不能含有特殊符号'],
        [{ enabledMark: '1; drop' }, 'enabledMark', '状态只能是启用或禁用'],
      ],
    );
    expect((await api('PUT', `${BASE}/${id}`, { json: { ...body, creatorTime: 1, id: 'x' } })).code).toBe(200);
    expect((await row(id))!.creatorTime).not.toBe(1);
  });

  it('state flips', async () => {
    const id = await createPosition(api, await org());
    expect(await api('PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await row(id))!.enabledMark).toBe(0);
    await api('PUT', `${BASE}/${id}/Actions/State`);
    expect((await row(id))!.enabledMark).toBe(1);
  });
});

describe('position pickers', () => {
  it('Selector puts enabled positions under their organisations and leaves out empty ones', async () => {
    const c = await org(rootId, 'company');
    const d = await org(c);
    const empty = await org(c);
    const p = await createPosition(api, d);
    const off = await createPosition(api, d);
    await api('PUT', `${BASE}/${off}/Actions/State`);
    const res = await api<{ list: Node[] }>('GET', `${BASE}/Selector`);
    const node = findNode(res.data!.list, p)!;
    expect(node).toMatchObject({ parentId: d, type: 'position', icon: 'icon-ym icon-ym-tree-position1' });
    expect(findNode(res.data!.list, d)!.type).toBe('department');
    expect(findNode(res.data!.list, empty)).toBeUndefined();
    expect(findNode(res.data!.list, off)).toBeUndefined();
  });

  it('SearchSelector pages the enabled positions matching a keyword, flat, with their organisation', async () => {
    const marker = unique('检索岗位');
    const c = await org(rootId, 'company');
    const d = await org(c);
    const found: string[] = [];
    for (let n = 0; n < 5; n++) found.push(await createPosition(api, d, { fullName: `${marker}${n}`, sortCode: n }));
    const off = await createPosition(api, d, { fullName: `${marker}停用`, sortCode: 9 });
    await api('PUT', `${BASE}/${off}/Actions/State`);
    await createPosition(api, d, { fullName: unique('无关') });
    type Found = { list: Node[]; pagination: { total: number; currentPage: number } };
    const search = (query: Record<string, string | number>, token?: string) =>
      token
        ? call<Found>(server, 'GET', `${BASE}/SearchSelector`, { query, token })
        : api<Found>('GET', `${BASE}/SearchSelector`, { query });

    const first = await search({ keyword: marker, currentPage: 1, pageSize: 3 });
    expect(first.code).toBe(200);
    expect(first.data!.pagination).toMatchObject({ currentPage: 1, total: 5 });
    expect(first.data!.list.map((r) => r.id)).toEqual(found.slice(0, 3));
    const dName = (await ctx().db.select().from(organize).where(eq(organize.id, d)))[0]!.fullName;
    expect(first.data!.list[0]).toMatchObject({ type: 'position', icon: 'icon-ym icon-ym-tree-position1' });
    expect(first.data!.list[0]!.organize.endsWith(`/${dName}`)).toBe(true);
    // the disabled position is left out
    expect((await search({ keyword: marker, currentPage: 2, pageSize: 3 })).data!.list.map((r) => r.id)).toEqual(
      found.slice(3),
    );
    const { enCode } = (await row(found[4]!))!;
    expect((await search({ keyword: enCode })).data!.list.map((r) => r.id)).toEqual([found[4]]);
    // open to any signed-in user, bounded and validated
    const nobody = await restrictedUser();
    expect((await search({ keyword: marker }, nobody)).data!.list.map((r) => r.id)).toEqual(found);
    expect((await call(server, 'GET', `${BASE}/SearchSelector?keyword=x`)).code).toBe(602);
    expect((await search({ keyword: marker, pageSize: 101 })).code).toBe(401);
    expect((await search({ keyword: marker, currentPage: 0 })).code).toBe(401);
  });

  it('All, getList, getListByOrgIds and PositionCondition', async () => {
    const d = await org();
    const dd = await org(d);
    const p1 = await createPosition(api, d);
    const p2 = await createPosition(api, dd);
    const all = await api<{ list: { id: string }[] }>('GET', `${BASE}/All`);
    expect(all.data!.list.map((r) => r.id)).toEqual(expect.arrayContaining([p1, p2]));
    const ofOrg = await api<{ id: string }[]>('GET', `${BASE}/getList/${d}`);
    expect(ofOrg.data!.map((r) => r.id)).toEqual([p1]);
    const byOrgs = await api<{ list: Node[] }>('POST', `${BASE}/getListByOrgIds`, {
      json: { organizeIds: [d, dd, newId()] },
    });
    expect(byOrgs.data!.list.map((r) => r.id)).toEqual([d, dd]);
    expect(byOrgs.data!.list[0]!.children.map((c) => c.id)).toEqual([p1]);
    const condition = await api<{ list: Node[] }>('POST', `${BASE}/PositionCondition`, {
      json: { ids: [`${p2}--position`, d] },
    });
    // d's position and p2; dd hangs under d (its nearest chosen ancestor)
    expect(findNode(condition.data!.list, p1)).toBeDefined();
    expect(findNode(condition.data!.list, p2)!.parentId).toBe(dd);
    expect(findNode(condition.data!.list, dd)!.parentId).toBe(d);
    expect(
      (await api<{ list: Node[] }>('POST', `${BASE}/PositionCondition`, { json: { ids: [] } })).data!.list,
    ).toEqual([]);
  });
});

describe('position permissions', () => {
  it('the list needs the menu, writes the button; pickers are open to signed-in users', async () => {
    const nobody = await restrictedUser();
    expect(await call(server, 'GET', BASE, { token: nobody })).toMatchObject({ code: 400, msg: '没有访问权限' });
    expect((await call(server, 'GET', `${BASE}/Selector`, { token: nobody })).code).toBe(200);
    expect((await call(server, 'GET', `${BASE}/All`, { token: nobody })).code).toBe(200);
    const reader = await restrictedUser('permission.position');
    expect((await call(server, 'GET', BASE, { token: reader })).code).toBe(200);
    const d = await org();
    const body = { organizeId: d, fullName: unique('n'), enCode: unique('P'), type: 1, enabledMark: 1 };
    expect((await call(server, 'POST', BASE, { token: reader, json: body })).code).toBe(400);
    const writer = await restrictedUser('permission.position', ['btn_add']);
    expect((await call(server, 'POST', BASE, { token: writer, json: body })).code).toBe(200);
    expect((await call(server, 'GET', BASE)).code).toBe(602);
  });
});
