// Dictionary items over HTTP: lists (flat, tree, keyword), the shell's cache, the pickers, info, writes with
// their rules and messages, the state toggle, hostile input, versions and permissions.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dictionaryData, dictionaryType, module, moduleButton } from '../../db/schema/index.js';
import { newId } from '../../platform/ids.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';

useAdminServer();

const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';

interface Row {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark?: number;
  sortCode?: number;
  hasChildren?: boolean;
  children?: Row[];
}
interface Info extends Row {
  dictionaryTypeId: string;
  description: string;
  version: number;
}
type Errors = { errors: Record<string, string> };

async function createType(isTree: 0 | 1 = 0): Promise<{ id: string; enCode: string; fullName: string }> {
  const enCode = unique('t');
  const fullName = `分类${enCode}`;
  const res = await call(server, 'POST', T, { token: admin, json: { parentId: '0', fullName, enCode, isTree } });
  expect(res.code).toBe(200);
  const [row] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, enCode));
  return { id: row!.id, enCode, fullName };
}

async function createItem(typeId: string, fields: Record<string, unknown> = {}): Promise<string> {
  const enCode = (fields.enCode as string) ?? unique('i');
  const res = await call(server, 'POST', D, {
    token: admin,
    json: { dictionaryTypeId: typeId, parentId: '0', fullName: `项${enCode}`, enCode, ...fields },
  });
  expect(res.msg, JSON.stringify(res)).toBe('新建成功');
  const [row] = await ctx()
    .db.select()
    .from(dictionaryData)
    .where(and(eq(dictionaryData.dictionaryTypeId, typeId), eq(dictionaryData.enCode, enCode)));
  return row!.id;
}

const info = async (id: string) => (await call<Info>(server, 'GET', `${D}/${id}/Info`, { token: admin })).data!;
const list = async (typeId: string, query: Record<string, string> = {}) =>
  (await call<{ list: Row[] }>(server, 'GET', `${D}/${typeId}`, { token: admin, query })).data!.list;

/** the token of a new user granted these menus and buttons and nothing else */
const staff = async (grants: MenuGrants = {}) => (await signedInUser(server, { realName: 'Staff' }, { grants })).token;

describe('creating items', () => {
  it('stores a parent equal to the category id as "0", with defaults', async () => {
    const type = await createType();
    const id = await createItem(type.id, { parentId: type.id, enCode: 'a1' });
    expect(await info(id)).toEqual({
      id,
      dictionaryTypeId: type.id,
      parentId: '0',
      fullName: '项a1',
      enCode: 'a1',
      enabledMark: 1,
      sortCode: 0,
      description: '',
      version: 0,
    });
  });

  it('refuses missing fields with the form’s messages', async () => {
    const res = await call<Errors>(server, 'POST', D, { token: admin, json: {} });
    expect(res.code).toBe(401);
    expect(res.data!.errors).toMatchObject({
      dictionaryTypeId: '字典分类不能为空',
      parentId: '请选择',
      fullName: '请输入名称',
      enCode: '请输入编码',
    });
  });

  it('checks lengths, ranges, types and hostile input', async () => {
    const type = await createType();
    const valid = () => ({
      dictionaryTypeId: type.id,
      parentId: '0',
      fullName: `名${unique('c')}`,
      enCode: unique('c'),
    });
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ fullName: 'a'.repeat(51) }, 'fullName', '字典名称最多为50个字符！'],
      [{ enCode: 'a'.repeat(51) }, 'enCode', '字典编码最多为50个字符！'],
      [{ fullName: 'x'.repeat(10_240) }, 'fullName', '字典名称最多为50个字符！'],
      [{ enCode: 'x'.repeat(10_240) }, 'enCode', '字典编码最多为50个字符！'],
      [{ sortCode: 1_000_000 }, 'sortCode', '排序只能是0到999999之间的整数'],
      [{ sortCode: -5 }, 'sortCode', '排序只能是0到999999之间的整数'],
      [{ enabledMark: 3 }, 'enabledMark', '只能是0或1'],
      [{ fullName: 42 }, 'fullName', null],
      [{ parentId: ['0'] }, 'parentId', null],
      [{ description: { a: 1 } }, 'description', null],
      [{ description: 'x'.repeat(10_240) }, 'description', null],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call<Errors>(server, 'POST', D, { token: admin, json: { ...valid(), ...patch } });
      expect(res.code, JSON.stringify(patch).slice(0, 60)).toBe(401);
      if (message) expect(res.data!.errors[field]).toBe(message);
      else expect(res.data!.errors[field]).toBeTruthy();
    }
    expect(await list(type.id)).toEqual([]);
    // SQL fragments are data
    const sqlName = "'; drop table base_dictionary_data; --";
    const id = await createItem(type.id, { fullName: sqlName, enCode: "x' or '1'='1" });
    expect(await info(id)).toMatchObject({ fullName: sqlName, enCode: "x' or '1'='1" });
  });

  it('refuses duplicate names and codes within a category, not across categories', async () => {
    const a = await createType();
    const b = await createType();
    await createItem(a.id, { fullName: '同名', enCode: 'same' });
    const name = await call(server, 'POST', D, {
      token: admin,
      json: { dictionaryTypeId: a.id, parentId: '0', fullName: '同名', enCode: 'other' },
    });
    expect([name.code, name.msg]).toEqual([400, '字典名称不能重复']);
    const codeClash = await call(server, 'POST', D, {
      token: admin,
      json: { dictionaryTypeId: a.id, parentId: '0', fullName: '别名', enCode: 'same' },
    });
    expect([codeClash.code, codeClash.msg]).toEqual([400, '字典编码不能重复']);
    await createItem(b.id, { fullName: '同名', enCode: 'same' });
  });

  it('refuses an unknown category, an unknown parent, and a parent in a category that is not a tree', async () => {
    const unknown = await call<Errors>(server, 'POST', D, {
      token: admin,
      json: { dictionaryTypeId: 'nope1', parentId: '0', fullName: '项', enCode: 'x' },
    });
    expect(unknown.data!.errors.dictionaryTypeId).toBe('字典分类不存在');
    const tree = await createType(1);
    const noParent = await call<Errors>(server, 'POST', D, {
      token: admin,
      json: { dictionaryTypeId: tree.id, parentId: 'nope1', fullName: '项', enCode: 'x' },
    });
    expect(noParent.data!.errors.parentId).toBe('上级字典不存在');
    const flat = await createType(0);
    const parent = await createItem(flat.id);
    const nested = await call<Errors>(server, 'POST', D, {
      token: admin,
      json: { dictionaryTypeId: flat.id, parentId: parent, fullName: '子', enCode: 'child' },
    });
    expect(nested.data!.errors.parentId).toBe('非树形字典不能设置上级');
  });
});

describe('lists and pickers', () => {
  let tree: { id: string; enCode: string; fullName: string };
  let ids: Record<string, string>;
  beforeAll(async () => {
    tree = await createType(1);
    const root = await createItem(tree.id, { fullName: '华东', enCode: 'east', sortCode: 1 });
    const sh = await createItem(tree.id, { fullName: '上海', enCode: 'sh', parentId: root, sortCode: 1 });
    const pd = await createItem(tree.id, { fullName: '浦东', enCode: 'pd', parentId: sh });
    const js = await createItem(tree.id, {
      fullName: '江苏',
      enCode: 'js',
      parentId: root,
      sortCode: 2,
      enabledMark: 0,
    });
    const north = await createItem(tree.id, { fullName: '华北%', enCode: 'north', sortCode: 2 });
    ids = { root, sh, pd, js, north };
  });

  it('answers a tree for isTree=1 and a flat list otherwise, ordered by sort code', async () => {
    const nested = await list(tree.id, { isTree: '1' });
    expect(nested.map((r) => r.enCode)).toEqual(['east', 'north']);
    expect(nested[0]).toMatchObject({ id: ids.root, parentId: '0', hasChildren: true, enabledMark: 1, sortCode: 1 });
    expect(nested[0]!.children!.map((r) => r.enCode)).toEqual(['sh', 'js']);
    expect(nested[0]!.children![0]!.children!.map((r) => r.enCode)).toEqual(['pd']);
    const flat = await list(tree.id, { isTree: '0' });
    expect(flat).toHaveLength(5);
    expect(Object.keys(flat[0]!).sort()).toEqual(['enCode', 'enabledMark', 'fullName', 'id', 'parentId', 'sortCode']);
    // the category's own flag decides when the client does not say
    expect((await list(tree.id))[0]!.children).toBeDefined();
    expect(await list(tree.enCode)).toHaveLength(2);
    expect(await list('0')).toEqual([]);
  });

  it('a keyword keeps the hits and, in a tree, their ancestors; it is matched literally', async () => {
    const hits = await list(tree.id, { isTree: '1', keyword: '浦东' });
    expect(hits.map((r) => r.enCode)).toEqual(['east']);
    expect(hits[0]!.children!.map((r) => r.enCode)).toEqual(['sh']);
    expect(hits[0]!.children![0]!.children!.map((r) => r.enCode)).toEqual(['pd']);
    expect((await list(tree.id, { isTree: '0', keyword: 'sh' })).map((r) => r.enCode)).toEqual(['sh']);
    expect((await list(tree.id, { isTree: '0', keyword: '%' })).map((r) => r.enCode)).toEqual(['north']);
    expect(await list(tree.id, { isTree: '0', keyword: "' or 1=1 --" })).toEqual([]);
  });

  it('GET .../All answers every category with its enabled items, nested for trees', async () => {
    const res = await call<{
      list: { id: string; enCode: string; fullName: string; isTree: number; dictionaryList: Row[] }[];
    }>(server, 'GET', `${D}/All`, { token: admin });
    const sex = res.data!.list.find((t) => t.enCode === 'sex')!;
    expect(sex).toMatchObject({ fullName: '性别', isTree: 0 });
    expect(sex.dictionaryList.map((r) => r.fullName)).toEqual(['男', '女', '保密']);
    expect(Object.keys(sex.dictionaryList[0]!).sort()).toEqual(['enCode', 'fullName', 'id']);
    const mine = res.data!.list.find((t) => t.id === tree.id)!;
    expect(mine.isTree).toBe(1);
    const east = mine.dictionaryList.find((r) => r.enCode === 'east')!;
    expect(east.children!.map((r) => r.enCode)).toEqual(['sh']); // 江苏 is disabled
    expect(east.children![0]!.children!.map((r) => r.enCode)).toEqual(['pd']);
  });

  it('the parent picker has the category as root "0" and leaves out the item being edited with its children', async () => {
    const res = await call<{ list: (Row & { icon: string })[] }>(server, 'GET', `${D}/${tree.id}/Selector/${ids.sh}`, {
      token: admin,
      query: { isTree: 1 },
    });
    const [root] = res.data!.list;
    expect(root).toMatchObject({
      id: '0',
      parentId: '-1',
      fullName: tree.fullName,
      icon: 'fa fa-tags',
      hasChildren: true,
    });
    expect(root!.children!.map((r) => r.id)).toEqual([ids.root, ids.north]);
    expect(root!.children![0]!.children!.map((r) => r.id)).toEqual([ids.js]);
    const flat = await call<{ list: Row[] }>(server, 'GET', `${D}/${tree.id}/Selector/0`, {
      token: admin,
      query: { isTree: 0 },
    });
    expect(flat.data!.list).toEqual([
      { id: '0', parentId: '-1', fullName: tree.fullName, icon: 'fa fa-tags', hasChildren: false, children: [] },
    ]);
    const missing = await call(server, 'GET', `${D}/nope1/Selector/0`, { token: admin });
    expect(missing.msg).toBe('数据不存在');
  });

  it('Data/Selector answers enabled items as a tree, by category id or code', async () => {
    for (const key of [tree.id, tree.enCode]) {
      const res = await call<{ list: Row[] }>(server, 'GET', `${D}/${key}/Data/Selector`, { token: admin });
      expect(res.data!.list.map((r) => r.enCode)).toEqual(['east', 'north']);
      expect(res.data!.list[0]!.children!.map((r) => r.enCode)).toEqual(['sh']);
    }
    const sex = await call<{ list: Row[] }>(server, 'GET', `${D}/sex/Data/Selector`, { token: admin });
    expect(sex.data!.list.map((r) => r.enCode)).toEqual(['1', '2', '3']);
    expect(
      (await call<{ list: Row[] }>(server, 'GET', `${D}/nope/Data/Selector`, { token: admin })).data!.list,
    ).toEqual([]);
  });

  it('info of an unknown item is 数据不存在', async () => {
    const res = await call(server, 'GET', `${D}/nope1/Info`, { token: admin });
    expect([res.code, res.msg]).toEqual([400, '数据不存在']);
  });
});

describe('updating, toggling and deleting items', () => {
  it('updates with the version check; the category stays', async () => {
    const type = await createType();
    const other = await createType();
    const id = await createItem(type.id);
    const before = await info(id);
    const res = await call(server, 'PUT', `${D}/${id}`, {
      token: admin,
      json: { ...before, dictionaryTypeId: other.id, fullName: '新名', sortCode: 9, description: '说明' },
    });
    expect([res.code, res.msg]).toEqual([200, '更新成功']);
    expect(await info(id)).toMatchObject({
      dictionaryTypeId: type.id,
      fullName: '新名',
      sortCode: 9,
      description: '说明',
      version: 1,
    });
    const stale = await call(server, 'PUT', `${D}/${id}`, { token: admin, json: { ...before, version: 0 } });
    expect([stale.code, stale.msg]).toEqual([400, '数据已被他人修改，请刷新后重试']);
    const missing = await call(server, 'PUT', `${D}/nope1`, { token: admin, json: before });
    expect([missing.code, missing.msg]).toEqual([400, '更新失败，数据不存在']);
    const bad = await call<Errors>(server, 'PUT', `${D}/${id}`, {
      token: admin,
      json: { ...before, enCode: 'e'.repeat(51) },
    });
    expect(bad.data!.errors.enCode).toBe('字典编码最多为50个字符！');
  });

  it('refuses duplicates and loops on update', async () => {
    const type = await createType(1);
    const a = await createItem(type.id, { fullName: 'A', enCode: 'a' });
    const b = await createItem(type.id, { fullName: 'B', enCode: 'b', parentId: a });
    const body = await info(a);
    expect((await call(server, 'PUT', `${D}/${a}`, { token: admin, json: { ...body, fullName: 'B' } })).msg).toBe(
      '字典名称不能重复',
    );
    expect((await call(server, 'PUT', `${D}/${a}`, { token: admin, json: { ...body, enCode: 'b' } })).msg).toBe(
      '字典编码不能重复',
    );
    for (const parentId of [a, b]) {
      const loop = await call<Errors>(server, 'PUT', `${D}/${a}`, { token: admin, json: { ...body, parentId } });
      expect(loop.data!.errors.parentId).toBe('上级字典不能是自己或下级');
    }
    expect(
      (await call(server, 'PUT', `${D}/${b}`, { token: admin, json: { ...(await info(b)), parentId: type.id } })).code,
    ).toBe(200);
    expect((await info(b)).parentId).toBe('0');
  });

  it('PUT .../Actions/State with no body flips the mark', async () => {
    const type = await createType();
    const id = await createItem(type.id);
    const flip = () =>
      fetch(`${server.baseUrl}${D}/${id}/Actions/State`, { method: 'PUT', headers: { authorization: admin } }).then(
        (r) => r.json() as Promise<{ code: number; msg: string }>,
      );
    expect(await flip()).toEqual({ code: 200, msg: '更新成功' });
    expect((await info(id)).enabledMark).toBe(0);
    await flip();
    expect((await info(id)).enabledMark).toBe(1);
    const missing = await call(server, 'PUT', `${D}/nope1/Actions/State`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '更新失败，数据不存在']);
  });

  it('refuses deleting an item with children, then deletes bottom-up', async () => {
    const type = await createType(1);
    const parent = await createItem(type.id);
    const child = await createItem(type.id, { parentId: parent });
    const refused = await call(server, 'DELETE', `${D}/${parent}`, { token: admin });
    expect([refused.code, refused.msg]).toEqual([400, '字典类型下面有字典值禁止删除']);
    expect((await call(server, 'DELETE', `${D}/${child}`, { token: admin })).msg).toBe('删除成功');
    expect((await call(server, 'DELETE', `${D}/${parent}`, { token: admin })).msg).toBe('删除成功');
    const missing = await call(server, 'DELETE', `${D}/${parent}`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '删除失败，数据不存在']);
    expect(await list(type.id)).toEqual([]);
  });

  it('concurrent creates of the same code in one category leave exactly one', async () => {
    const type = await createType();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(server, 'POST', D, {
          token: admin,
          json: { dictionaryTypeId: type.id, parentId: '0', fullName: `并发${i}`, enCode: 'race' },
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.msg === '字典编码不能重复')).toHaveLength(7);
  });
});

describe('permissions', () => {
  it('pickers and the cache are open to any signed-in user; the screen needs its menu and buttons', async () => {
    const type = await createType();
    const item = await createItem(type.id);
    const nobody = await staff();
    expect((await call(server, 'GET', `${D}/All`, { token: nobody })).code).toBe(200);
    expect((await call(server, 'GET', `${D}/sex/Data/Selector`, { token: nobody })).code).toBe(200);
    const body = { dictionaryTypeId: type.id, parentId: '0', fullName: '无权', enCode: 'denied' };
    for (const [method, path, json] of [
      ['GET', `${D}/${type.id}`],
      ['GET', `${D}/${item}/Info`],
      ['GET', `${D}/${type.id}/Selector/0`],
      ['POST', D, body],
      ['PUT', `${D}/${item}`, body],
      ['DELETE', `${D}/${item}`],
      ['PUT', `${D}/${item}/Actions/State`],
    ] as [string, string, unknown?][]) {
      const res = await call(server, method, path, { token: nobody, ...(json ? { json } : {}) });
      expect([res.code, res.msg], `${method} ${path}`).toEqual([400, '没有访问权限']);
    }
    const reader = await staff({ 'systemData.dictionary': [] });
    expect((await call(server, 'GET', `${D}/${type.id}`, { token: reader })).code).toBe(200);
    expect((await call(server, 'PUT', `${D}/${item}/Actions/State`, { token: reader })).msg).toBe('没有访问权限');
    const editor = await staff({ 'systemData.dictionary': ['btn_edit'] });
    expect((await call(server, 'PUT', `${D}/${item}/Actions/State`, { token: editor })).code).toBe(200);
    expect((await call(server, 'POST', D, { token: editor, json: body })).msg).toBe('没有访问权限');
    expect((await call(server, 'DELETE', `${D}/${item}`, { token: editor })).msg).toBe('没有访问权限');
    expect((await info(item)).enabledMark).toBe(0);
  });
});

describe('a dictionary menu (type 4) of one category', () => {
  /** a type-4 menu pointing at the category, with the standard buttons; returns its enCode */
  async function dictionaryMenu(typeId: string, isButtonAuthorize: 0 | 1 = 0): Promise<string> {
    const [parent] = await ctx().db.select().from(module).where(eq(module.enCode, 'systemData.dictionary'));
    const id = newId();
    const enCode = unique('dm');
    await ctx()
      .db.insert(module)
      .values({
        id,
        parentId: '-1',
        systemId: parent!.systemId,
        category: 'Web',
        type: 4,
        fullName: '行业字典',
        enCode,
        icon: 'icon-ym icon-ym-sysDictionary',
        urlAddress: `dictionary/${enCode}`,
        propertyJson: JSON.stringify({ moduleId: typeId, iconBackgroundColor: '', isTree: 0 }),
        isButtonAuthorize,
        sortCode: 0,
        enabledMark: 1,
        creatorTime: Date.now(),
      });
    await ctx()
      .db.insert(moduleButton)
      .values(
        ['btn_add', 'btn_edit', 'btn_remove'].map((button, i) => ({
          id: newId(),
          moduleId: id,
          fullName: button,
          enCode: button,
          sortCode: i,
          enabledMark: 1,
          creatorTime: Date.now(),
        })),
      );
    await ctx().catalogue.changed();
    return enCode;
  }

  it('reads its category and writes it with the buttons held on that menu, never another category', async () => {
    const type = await createType();
    const other = await createType();
    const item = await createItem(type.id);
    const foreign = await createItem(other.id);
    // a menu that does not check buttons still needs them for writes to the dictionary
    const menu = await dictionaryMenu(type.id);
    const reader = await staff({ [menu]: [] });
    expect((await call<{ list: Row[] }>(server, 'GET', `${D}/${type.id}`, { token: reader })).data!.list).toHaveLength(
      1,
    );
    expect((await call(server, 'GET', `${D}/${item}/Info`, { token: reader })).code).toBe(200);
    expect((await call(server, 'GET', `${D}/${type.id}/Selector/0`, { token: reader })).code).toBe(200);
    expect((await call(server, 'GET', `${D}/${other.id}`, { token: reader })).msg).toBe('没有访问权限');
    expect((await call(server, 'GET', `${D}/${foreign}/Info`, { token: reader })).msg).toBe('没有访问权限');
    const body = { dictionaryTypeId: type.id, parentId: '0', fullName: '新项', enCode: unique('n') };
    expect((await call(server, 'POST', D, { token: reader, json: body })).msg).toBe('没有访问权限');
    expect((await call(server, 'PUT', `${D}/${item}/Actions/State`, { token: reader })).msg).toBe('没有访问权限');

    const writer = await staff({ [menu]: ['btn_add', 'btn_edit'] });
    expect((await call(server, 'POST', D, { token: writer, json: body })).msg).toBe('新建成功');
    expect((await call(server, 'PUT', `${D}/${item}/Actions/State`, { token: writer })).code).toBe(200);
    expect((await info(item)).enabledMark).toBe(0);
    // the buttons of this menu do not reach another category, nor a delete it does not grant
    const intoOther = { ...body, dictionaryTypeId: other.id, enCode: unique('n') };
    expect((await call(server, 'POST', D, { token: writer, json: intoOther })).msg).toBe('没有访问权限');
    expect((await call(server, 'PUT', `${D}/${foreign}/Actions/State`, { token: writer })).msg).toBe('没有访问权限');
    expect((await call(server, 'DELETE', `${D}/${item}`, { token: writer })).msg).toBe('没有访问权限');
    // a menu of another type pointing at the category grants nothing here
    const [formMenu] = await ctx().db.select().from(module).where(eq(module.enCode, menu));
    await ctx().db.update(module).set({ type: 3 }).where(eq(module.id, formMenu!.id));
    await ctx().catalogue.changed();
    expect((await call(server, 'GET', `${D}/${type.id}`, { token: writer })).msg).toBe('没有访问权限');
  });
});
