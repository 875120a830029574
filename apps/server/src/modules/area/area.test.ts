// /api/system/Area over HTTP: the seeded China areas, the lazy tree and keyword search, pickers, id paths to
// names, create / update / move / delete / state with every rule and message, hostile input and permissions.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { area, auditLog, module, moduleButton } from '../../db/schema/index.js';
import { call, quietPoolAtTeardown } from '../../../test/harness.js';
import { grantMenus, signedInUser } from '../../../test/kit/access.js';
import { api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';

const BASE = '/api/system/Area';
type Errors = { errors: Record<string, string> };
interface Row {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  hasChildren: boolean;
  isLeaf: boolean;
}
const list = async (nodeId: string, keyword?: string) =>
  (await api<{ list: Row[] }>('GET', `${BASE}/${nodeId}`, keyword !== undefined ? { query: { keyword } } : {})).data!
    .list;
/** a fresh all-digit code that the seed does not use */
const code = () => `9${String(randomInt(10 ** 8, 10 ** 9))}`;

async function create(fields: Record<string, unknown> = {}) {
  const json = { parentId: '-1', fullName: `测试区${randomBytes(2).toString('hex')}`, enCode: code(), ...fields };
  const res = await api<string>('POST', BASE, { json });
  expect(res.code, res.msg).toBe(200);
  return { id: res.data!, ...json };
}

useAdminServer();
afterAll(() => {
  if (server) quietPoolAtTeardown(server);
});

describe('the seeded areas (GB/T 2260)', () => {
  it('holds 34 province-level areas, 449 below them and 3199 below those', async () => {
    const levels = await ctx()
      .db.select({ level: area.level, n: count() })
      .from(area)
      .groupBy(area.level)
      .orderBy(area.level);
    expect(levels).toEqual([
      { level: 1, n: 34 },
      { level: 2, n: 449 },
      { level: 3, n: 3199 },
    ]);
    const [beijing] = await ctx().db.select().from(area).where(eq(area.id, '110000'));
    expect(beijing).toMatchObject({ fullName: '北京市', enCode: '110000', parentId: '-1', level: 1, enabledMark: 1 });
    const [direct] = await ctx().db.select().from(area).where(eq(area.id, '429000'));
    expect(direct).toMatchObject({ fullName: '省直辖县级行政区划', parentId: '420000', level: 2 });
    const [xinjiang] = await ctx().db.select().from(area).where(eq(area.id, '659000'));
    expect(xinjiang?.fullName).toBe('自治区直辖县级行政区划');
  });
});

describe('GET /api/system/Area/{nodeId}', () => {
  it('lists the top level with the row keys of the reference, in code order', async () => {
    const top = await list('-1');
    expect(top).toHaveLength(34);
    expect(top[0]).toEqual({
      id: '110000',
      fullName: '北京市',
      enCode: '110000',
      enabledMark: 1,
      sortCode: 0,
      hasChildren: true,
      isLeaf: false,
    });
    expect(top.find((r) => r.id === '710000')).toMatchObject({ fullName: '台湾省', hasChildren: false, isLeaf: true });
    expect(top.map((r) => r.enCode)).toEqual([...top.map((r) => r.enCode)].sort());
  });

  it('lists the direct children of a node only', async () => {
    const beijing = await list('110000');
    expect(beijing).toHaveLength(16);
    expect(beijing.every((r) => r.isLeaf && !r.hasChildren)).toBe(true);
    const guangdong = await list('440000');
    expect(guangdong.find((r) => r.id === '440300')).toMatchObject({ fullName: '深圳市', hasChildren: true });
    expect(await list('nope')).toEqual([]);
  });

  it('searches names and codes anywhere below the node, literally', async () => {
    const chaoyang = await list('-1', '朝阳');
    expect(chaoyang.map((r) => r.id).sort()).toEqual(['110105', '211300', '211321', '220104']);
    expect((await list('110000', '朝阳')).map((r) => r.id)).toEqual(['110105']);
    expect((await list('440000', '440305')).map((r) => r.fullName)).toEqual(['南山区']);
    expect(await list('-1', '%')).toEqual([]);
    expect(await list('-1', "' or 1=1 --")).toEqual([]);
    expect((await list('-1', '区')).length).toBeLessThanOrEqual(500);
    expect((await api('GET', `${BASE}/-1`, { query: { keyword: 'k'.repeat(10_240) } })).code).toBe(401);
  });
});

describe('pickers and names (for forms)', () => {
  it('Selector lists enabled sub-areas and leaves out the area being edited with what is below it', async () => {
    const all = (
      await api<{ list: { id: string; fullName: string; isLeaf: boolean }[] }>('GET', `${BASE}/-1/Selector/0`)
    ).data!.list;
    expect(all).toHaveLength(34);
    expect(all[0]).toEqual({ id: '110000', fullName: '北京市', isLeaf: false });
    const withoutBeijing = (await api<{ list: { id: string }[] }>('GET', `${BASE}/-1/Selector/110000`)).data!.list;
    expect(withoutBeijing).toHaveLength(33);
    expect(withoutBeijing.some((r) => r.id === '110000')).toBe(false);
    expect((await api<{ list: unknown[] }>('GET', `${BASE}/110000/Selector/110000`)).data!.list).toEqual([]);
    const districts = (await api<{ list: { isLeaf: boolean }[] }>('GET', `${BASE}/110000/Selector/0`)).data!.list;
    expect(districts).toHaveLength(16);
    expect(districts.every((r) => r.isLeaf)).toBe(true);
  });

  it('SelectorNew keeps the sub-areas named in ids', async () => {
    const res = await api<{ list: { id: string }[] }>('POST', `${BASE}/SelectorNew`, {
      json: { pid: '-1', ids: [['110000', '110105'], ['120000']] },
    });
    expect(res.data!.list.map((r) => r.id)).toEqual(['110000', '120000']);
    expect(
      (await api<{ list: unknown[] }>('POST', `${BASE}/SelectorNew`, { json: { pid: '110000' } })).data!.list,
    ).toHaveLength(16);
  });

  it('GetAreaByIds turns id paths into name paths in the order given', async () => {
    const res = await api<string[][]>('POST', `${BASE}/GetAreaByIds`, {
      json: {
        idsList: [
          ['440000', '440300', '440305'],
          ['110000', '110105'],
          ['999999'],
          '310000',
          [],
          ['220000', '220100', '220104'],
        ],
      },
    });
    expect(res).toMatchObject({ code: 200 });
    expect(res.data).toEqual([
      ['广东省', '深圳市', '南山区'],
      ['北京市', '朝阳区'],
      [],
      ['上海市'],
      [],
      ['吉林省', '长春市', '朝阳区'],
    ]);
    expect((await api('POST', `${BASE}/GetAreaByIds`, { json: { idsList: [] } })).data).toEqual([]);
    for (const idsList of ['110000', [[1, 2]], [['x'.repeat(10_240)]], Array.from({ length: 501 }, () => ['110000'])])
      expect((await api('POST', `${BASE}/GetAreaByIds`, { json: { idsList } })).code).toBe(401);
  });

  it('any signed-in user may use the pickers; nobody without a token', async () => {
    const { token } = await signedInUser(server);
    expect((await call(server, 'GET', `${BASE}/-1/Selector/0`, { token })).code).toBe(200);
    expect(
      (await call(server, 'POST', `${BASE}/GetAreaByIds`, { token, json: { idsList: [['110000']] } })).data,
    ).toEqual([['北京市']]);
    expect((await call(server, 'POST', `${BASE}/SelectorNew`, { token, json: { pid: '-1' } })).code).toBe(200);
    expect((await call(server, 'POST', `${BASE}/GetAreaByIds`, { json: { idsList: [['110000']] } })).code).toBe(602);
  });
});

describe('GET /api/system/Area/{id}/Info', () => {
  it('returns the info keys with the parent’s name and the level as type', async () => {
    const res = await api('GET', `${BASE}/110105/Info`);
    expect(res.data).toEqual({
      id: '110105',
      fullName: '朝阳区',
      enCode: '110105',
      enabledMark: 1,
      description: '',
      type: '2',
      parentId: '110000',
      parentName: '北京市',
      sortCode: 0,
      version: 0,
    });
    expect((await api<{ parentName: string; type: string }>('GET', `${BASE}/110000/Info`)).data).toMatchObject({
      parentName: '',
      type: '1',
    });
    expect(await api('GET', `${BASE}/nope/Info`)).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});

describe('POST /api/system/Area', () => {
  it('creates under a parent (新建成功); the level follows the parent', async () => {
    const json = {
      parentId: '110105',
      fullName: '测试街道',
      enCode: code(),
      sortCode: 5,
      enabledMark: 1,
      description: "x'; drop table base_area; --",
    };
    const res = await api<string>('POST', BASE, { json });
    expect(res).toMatchObject({ code: 200, msg: '新建成功' });
    const info = await api('GET', `${BASE}/${res.data}/Info`);
    expect(info.data).toMatchObject({ ...json, type: '3', parentName: '朝阳区', version: 0 });
    expect((await list('110105')).map((r) => r.id)).toEqual([res.data]);
    expect((await list('110000')).find((r) => r.id === '110105')).toMatchObject({ hasChildren: true, isLeaf: false });
    const top = await create();
    expect((await api('GET', `${BASE}/${top.id}/Info`)).data).toMatchObject({ type: '1', parentId: '-1' });
    await api('DELETE', `${BASE}/${res.data}`);
    await api('DELETE', `${BASE}/${top.id}`);
  });

  it('requires parent, name and code, each with its message', async () => {
    const res = await api<Errors>('POST', BASE, { json: {} });
    expect(res.code).toBe(401);
    expect(res.data!.errors).toEqual({
      parentId: '区域上级不能为空',
      fullName: '区域名称不能为空',
      enCode: '区域编码不能为空',
    });
    const blank = await api<Errors>('POST', BASE, { json: { parentId: ' ', fullName: '', enCode: '  ' } });
    expect(Object.keys(blank.data!.errors).sort()).toEqual(['enCode', 'fullName', 'parentId']);
    const en = await api<Errors>('POST', BASE, { json: {}, headers: { 'jnpf-language': 'en' } });
    expect(en.data!.errors.fullName).toBe('The area name cannot be empty');
  });

  it('checks formats, types and sizes', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ enCode: 'AB12' }, { enCode: '编码只能输入数字' }],
      [{ enCode: "1'; drop table base_area; --" }, { enCode: '编码只能输入数字' }],
      [{ fullName: "区'; drop table base_area; --" }, { fullName: '名称不能含有特殊符号' }],
      [{ fullName: '区'.repeat(10_240) }, { fullName: '区域名称最多为50个字符' }],
      [{ enCode: '1'.repeat(10_240) }, { enCode: '区域编码最多为50个字符' }],
      [{ enabledMark: 2 }, { enabledMark: '状态只能为0或1' }],
      [{ sortCode: -1 }, { sortCode: '排序须为0到999999之间的整数' }],
      [{ sortCode: 'abc' }, { sortCode: '排序须为0到999999之间的整数' }],
      [{ fullName: 42 }, { fullName: '区域名称不能为空' }],
      [{ parentId: ['-1'] }, { parentId: '区域上级不能为空' }],
    ];
    for (const [fields, errors] of cases) {
      const res = await api<Errors>('POST', BASE, {
        json: { parentId: '-1', fullName: '测试', enCode: code(), ...fields },
      });
      expect(res.code, JSON.stringify(fields).slice(0, 60)).toBe(401);
      expect(res.data!.errors, JSON.stringify(fields).slice(0, 60)).toEqual(errors);
    }
    expect(
      (
        await api<Errors>('POST', BASE, {
          json: { parentId: '-1', fullName: '测试', enCode: code(), description: 'd'.repeat(10_240) },
        })
      ).code,
    ).toBe(401);
  });

  it('refuses a duplicate code (区域编码不能重复) and a parent that does not exist', async () => {
    expect(await api('POST', BASE, { json: { parentId: '-1', fullName: '重复', enCode: '110105' } })).toMatchObject({
      code: 400,
      msg: '区域编码不能重复',
    });
    const missing = await api<Errors>('POST', BASE, { json: { parentId: 'nope', fullName: '孤儿', enCode: code() } });
    expect(missing.code).toBe(401);
    expect(missing.data!.errors).toEqual({ parentId: '上级区域不存在' });
  });
});

describe('PUT /api/system/Area/{id}', () => {
  it('updates with the version check and keeps codes unique', async () => {
    const a = await create();
    const next = { parentId: '-1', fullName: '改名区', enCode: a.enCode, sortCode: 3, enabledMark: 1, version: 0 };
    expect(await api('PUT', `${BASE}/${a.id}`, { json: next })).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api('GET', `${BASE}/${a.id}/Info`)).data).toMatchObject({
      fullName: '改名区',
      sortCode: 3,
      version: 1,
    });
    expect(await api('PUT', `${BASE}/${a.id}`, { json: next })).toMatchObject({
      code: 400,
      msg: '数据已被他人修改，请刷新后重试',
    });
    expect(
      await api('PUT', `${BASE}/${a.id}`, { json: { ...next, version: undefined, enCode: '110105' } }),
    ).toMatchObject({
      msg: '区域编码不能重复',
    });
    expect(await api('PUT', `${BASE}/nope`, { json: next })).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
    const bad = await api<Errors>('PUT', `${BASE}/${a.id}`, { json: { ...next, fullName: '', enCode: 'x' } });
    expect(Object.keys(bad.data!.errors).sort()).toEqual(['enCode', 'fullName']);
    await api('DELETE', `${BASE}/${a.id}`);
  });

  it('moves an area with its sub-areas, and never under itself', async () => {
    const a = await create();
    const b = await create({ parentId: a.id });
    const c = await create({ parentId: b.id });
    const move = (id: string, parentId: string, fields: { fullName: string; enCode: string }) =>
      api('PUT', `${BASE}/${id}`, { json: { parentId, fullName: fields.fullName, enCode: fields.enCode } });
    expect((await move(a.id, '110000', a)).code).toBe(200);
    const levels = await ctx().db.select({ id: area.id, level: area.level }).from(area).where(eq(area.parentId, a.id));
    expect(levels).toEqual([{ id: b.id, level: 3 }]);
    expect((await api('GET', `${BASE}/${c.id}/Info`)).data).toMatchObject({ type: '4' });
    expect((await api('GET', `${BASE}/${a.id}/Info`)).data).toMatchObject({ type: '2', parentName: '北京市' });
    for (const parentId of [a.id, c.id]) {
      const res = await move(a.id, parentId, a);
      expect(res.code).toBe(401);
      expect((res.data as Errors).errors).toEqual({ parentId: '上级区域不能是自己或自己的下级' });
    }
    expect(((await move(a.id, 'nope', a)).data as Errors).errors).toEqual({ parentId: '上级区域不存在' });
    expect((await move(a.id, '-1', a)).code).toBe(200);
    expect((await api('GET', `${BASE}/${c.id}/Info`)).data).toMatchObject({ type: '3' });
    for (const id of [c.id, b.id, a.id]) expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
  });
});

describe('DELETE and state', () => {
  it('refuses to delete an area with sub-areas; deletes a leaf once', async () => {
    expect(await api('DELETE', `${BASE}/110000`)).toMatchObject({ code: 400, msg: '删除失败，当前有子节点数据' });
    const leaf = await create({ parentId: '110101' });
    expect(await api('DELETE', `${BASE}/${leaf.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await api('DELETE', `${BASE}/${leaf.id}`)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect((await ctx().db.select().from(area).where(eq(area.id, '110000'))).length).toBe(1);
  });

  it('PUT .../Actions/State flips enabledMark; a disabled area leaves the pickers', async () => {
    const a = await create({ parentId: '120000' });
    expect(await api('PUT', `${BASE}/${a.id}/Actions/State`)).toMatchObject({ code: 200, msg: '更新成功' });
    expect((await api('GET', `${BASE}/${a.id}/Info`)).data).toMatchObject({ enabledMark: 0, version: 1 });
    const picker = (await api<{ list: { id: string }[] }>('GET', `${BASE}/120000/Selector/0`)).data!.list;
    expect(picker.some((r) => r.id === a.id)).toBe(false);
    expect((await list('120000')).find((r) => r.id === a.id)).toMatchObject({ enabledMark: 0 });
    expect((await api('PUT', `${BASE}/${a.id}/Actions/State`)).code).toBe(200);
    expect((await api('GET', `${BASE}/${a.id}/Info`)).data).toMatchObject({ enabledMark: 1 });
    expect(await api('PUT', `${BASE}/nope/Actions/State`)).toMatchObject({ code: 400, msg: '更新失败，数据不存在' });
    await api('DELETE', `${BASE}/${a.id}`);
  });

  it('records every write in the audit log', async () => {
    const a = await create();
    await api('PUT', `${BASE}/${a.id}`, { json: { parentId: '-1', fullName: '审计区', enCode: a.enCode } });
    await api('PUT', `${BASE}/${a.id}/Actions/State`);
    await api('DELETE', `${BASE}/${a.id}`);
    const rows = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.moduleName, 'area'), eq(auditLog.recordId, a.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'state', 'update']);
  });
});

describe('permissions', () => {
  it('without grants the screen calls are refused; the menu allows reading; each write needs its button', async () => {
    const a = await create();
    const staff = await signedInUser(server);
    const token = staff.token;
    const as = (method: string, path: string, json?: unknown) =>
      call(server, method, path, { token, ...(json ? { json } : {}) });
    const body = { parentId: '-1', fullName: '权限区', enCode: a.enCode };
    const writes: [string, string, unknown?][] = [
      ['POST', BASE, { ...body, enCode: code() }],
      ['PUT', `${BASE}/${a.id}`, body],
      ['PUT', `${BASE}/${a.id}/Actions/State`],
      ['DELETE', `${BASE}/${a.id}`],
    ];
    for (const [method, path, json] of [['GET', `${BASE}/-1`], ['GET', `${BASE}/${a.id}/Info`], ...writes] as [
      string,
      string,
      unknown?,
    ][])
      expect(await as(method, path, json), `${method} ${path}`).toMatchObject({ code: 400, msg: '没有访问权限' });
    await grantMenus(ctx(), staff.id, { 'system.area': [] });
    expect((await as('GET', `${BASE}/-1`)).code).toBe(200);
    expect((await as('GET', `${BASE}/${a.id}/Info`)).code).toBe(200);
    for (const [method, path, json] of writes)
      expect(await as(method, path, json), `${method} ${path}`).toMatchObject({ msg: '没有访问权限' });
    const { token: editorToken } = await signedInUser(
      server,
      {},
      {
        grants: { 'system.area': ['btn_add', 'btn_edit', 'btn_remove'] },
      },
    );
    for (const [method, path, json] of writes)
      expect(
        (await call(server, method, path, { token: editorToken, ...(json ? { json } : {}) })).code,
        `${method} ${path}`,
      ).toBe(200);
    expect((await call(server, 'GET', `${BASE}/-1`)).code).toBe(602);
  });

  it('the menu is seeded under 系统管理 with the add, edit and remove buttons', async () => {
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, 'system.area'));
    expect(menu).toMatchObject({ fullName: '行政区划', urlAddress: 'system/area', type: 2 });
    const [parent] = await ctx().db.select().from(module).where(eq(module.id, menu!.parentId));
    expect(parent?.enCode).toBe('system');
    const buttons = await ctx().db.select().from(moduleButton).where(eq(moduleButton.moduleId, menu!.id));
    expect(buttons.map((b) => b.enCode).sort()).toEqual(['btn_add', 'btn_edit', 'btn_remove']);
  });
});
