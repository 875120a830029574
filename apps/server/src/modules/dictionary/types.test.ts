// Dictionary categories over HTTP: the tree under the roots 0/1, the picker, info, writes with their rules and
// messages, hostile input, versions and permissions.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictionaryType } from '../../db/schema/index.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser, type MenuGrants } from '../../../test/kit/access.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { expectFieldRefusals } from '../../../test/kit/recordScreens.js';
import { findNode } from '../../../test/kit/tree.js';

useAdminServer();

const T = '/api/system/DictionaryType';

interface Node {
  id: string;
  parentId: string;
  fullName: string;
  enCode?: string;
  category?: string;
  isTree?: number;
  hasChildren: boolean;
  children: Node[];
}
interface Info {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  description: string;
  sortCode: number;
  category: number;
  version: number;
}

async function createType(fields: Record<string, unknown> = {}): Promise<string> {
  const enCode = (fields.enCode as string) ?? unique('c');
  const res = await call(server, 'POST', T, {
    token: admin,
    json: { parentId: '0', fullName: `分类${enCode}`, enCode, isTree: 0, sortCode: 0, ...fields },
  });
  expect(res.msg).toBe('新建成功');
  const [row] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, enCode));
  return row!.id;
}

const info = async (id: string) => (await call<Info>(server, 'GET', `${T}/${id}`, { token: admin })).data!;

/** the token of a new user granted these menus and buttons and nothing else */
const staff = async (grants: MenuGrants = {}) => (await signedInUser(server, { realName: 'Staff' }, { grants })).token;

describe('GET /api/system/DictionaryType', () => {
  it('answers the business root 0 then the system root 1; seeded dictionaries are system ones', async () => {
    const res = await call<{ list: Node[] }>(server, 'GET', T, { token: admin });
    expect(res.code).toBe(200);
    const [business, system] = res.data!.list;
    expect(business).toMatchObject({ id: '0', fullName: '业务字典' });
    expect(system).toMatchObject({ id: '1', fullName: '系统字典', hasChildren: true });
    const sex = system!.children.find((n) => n.enCode === 'sex');
    expect(sex).toMatchObject({
      parentId: '1',
      fullName: '性别',
      category: '系统',
      isTree: 0,
      hasChildren: false,
      children: [],
    });
    expect(system!.children.map((n) => n.enCode)).toEqual(
      expect.arrayContaining([
        'msgSourceType',
        'businessType',
        'urgency',
        'Nation',
        'Education',
        'certificateType',
        'Rank',
        'scheduleCategory',
      ]),
    );
  });

  it('places a new top-level category under its root and nests subcategories, which inherit the root', async () => {
    const top = await createType({ parentId: '0', sortCode: 3, description: '说明' });
    const child = await createType({ parentId: top, isTree: 1 });
    expect(await info(top)).toMatchObject({
      parentId: '0',
      category: 0,
      sortCode: 3,
      description: '说明',
      isTree: 0,
      version: 0,
    });
    expect(await info(child)).toMatchObject({ parentId: top, category: 0, isTree: 1 });
    const tree = (await call<{ list: Node[] }>(server, 'GET', T, { token: admin })).data!.list;
    const topNode = tree[0]!.children.find((n) => n.id === top)!;
    expect(topNode).toMatchObject({ parentId: '0', category: '业务', hasChildren: true });
    expect(topNode.children.map((n) => n.id)).toEqual([child]);
    const sysChild = await createType({ parentId: '1' });
    expect(findNode(tree, sysChild)).toBeUndefined();
    const again = (await call<{ list: Node[] }>(server, 'GET', T, { token: admin })).data!.list;
    expect(findNode([again[1]!], sysChild)?.parentId).toBe('1');
  });

  it('the picker leaves out the category being edited and everything below it', async () => {
    const top = await createType();
    const child = await createType({ parentId: top });
    const grandChild = await createType({ parentId: child });
    const other = await createType();
    const res = await call<{ list: Node[] }>(server, 'GET', `${T}/Selector/${child}`, { token: admin });
    const list = res.data!.list;
    expect(list.map((n) => n.id)).toEqual(['0', '1']);
    expect(findNode(list, top)).toBeDefined();
    expect(findNode(list, other)).toBeDefined();
    expect(findNode(list, child)).toBeUndefined();
    expect(findNode(list, grandChild)).toBeUndefined();
    const all = await call<{ list: Node[] }>(server, 'GET', `${T}/Selector/0`, { token: admin });
    expect(findNode(all.data!.list, grandChild)).toBeDefined();
  });
});

describe('GET /api/system/DictionaryType/{id}', () => {
  it('answers the category with its version, and 数据不存在 for an unknown id', async () => {
    const id = await createType({ parentId: '1', isTree: 1, sortCode: 7 });
    const data = await info(id);
    expect(Object.keys(data).sort()).toEqual(
      ['category', 'description', 'enCode', 'fullName', 'id', 'isTree', 'parentId', 'sortCode', 'version'].sort(),
    );
    expect(data).toMatchObject({ id, parentId: '1', category: 1, isTree: 1, sortCode: 7 });
    const missing = await call(server, 'GET', `${T}/nope1`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '数据不存在']);
  });
});

describe('POST /api/system/DictionaryType rules', () => {
  const post = (json: unknown, headers?: Record<string, string>) =>
    call<{ errors: Record<string, string> }>(server, 'POST', T, {
      token: admin,
      json,
      ...(headers ? { headers } : {}),
    });
  const valid = () => {
    const enCode = unique('c');
    return { parentId: '0', fullName: `名${enCode}`, enCode, isTree: 0, sortCode: 0 };
  };

  it('refuses missing fields with the form’s messages', async () => {
    const res = await post({});
    expect(res.code).toBe(401);
    expect(res.data!.errors).toMatchObject({
      parentId: '上级菜单不能为空',
      fullName: '请输入名称',
      enCode: '请输入编码',
    });
    const blank = await post({ parentId: '', fullName: '  ', enCode: '' });
    expect(blank.data!.errors).toMatchObject({
      parentId: '上级菜单不能为空',
      fullName: '请输入名称',
      enCode: '请输入编码',
    });
  });

  it('checks name and code rules and lengths', async () => {
    await expectFieldRefusals(
      (patch) => post({ ...valid(), ...patch }),
      [
        [{ fullName: 'a'.repeat(51) }, 'fullName', '名称最多为50个字符！'],
        [{ fullName: '名称#1' }, 'fullName', '名称不能含有特殊符号'],
        [{ enCode: 'a'.repeat(51) }, 'enCode', '编码最多为50个字符！'],
        [{ enCode: '.abc' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ enCode: 'abc.' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ enCode: 'a b' }, 'enCode', '编码只能输入英文、数字和小数点且小数点不能放在首尾'],
        [{ sortCode: -1 }, 'sortCode', '排序只能是0到999999之间的整数'],
        [{ sortCode: 1_000_000 }, 'sortCode', '排序只能是0到999999之间的整数'],
        [{ sortCode: 1.5 }, 'sortCode', '排序只能是0到999999之间的整数'],
        [{ isTree: 2 }, 'isTree', '只能是0或1'],
        [{ isTree: 'yes' }, 'isTree', '只能是0或1'],
        [{ description: 'x'.repeat(501) }, 'description', expect.any(String) as unknown as string],
      ],
    );
    // the edges are accepted
    expect((await post({ ...valid(), fullName: `名${'a'.repeat(48)}`, sortCode: 999_999 })).code).toBe(200);
    expect((await post({ ...valid(), enCode: `a.${unique('c')}.b`, sortCode: '12', isTree: true })).code).toBe(200);
  });

  it('refuses wrong types, 10 kB strings and SQL fragments without touching the database', async () => {
    const before = await ctx().db.select().from(dictionaryType);
    for (const patch of [
      { fullName: 123 },
      { enCode: ['a'] },
      { parentId: { $ne: 1 } },
      { sortCode: 'abc' },
      { fullName: 'x'.repeat(10_240) },
      { enCode: 'x'.repeat(10_240) },
      { fullName: "x'; drop table base_dictionary_type; --" },
      { enCode: "a' or '1'='1" },
      { fullName: 'bad\u0000name' },
    ]) {
      const res = await post({ ...valid(), ...patch });
      expect(res.code, JSON.stringify(patch).slice(0, 80)).toBe(401);
    }
    expect(await ctx().db.select().from(dictionaryType)).toHaveLength(before.length);
    // SQL in free text is stored as text
    const id = await createType({ description: "'); delete from base_dictionary_type; --" });
    expect((await info(id)).description).toBe("'); delete from base_dictionary_type; --");
    expect((await ctx().db.select().from(dictionaryType)).length).toBe(before.length + 1);
  });

  it('refuses duplicate names and codes, and an unknown parent', async () => {
    const body = valid();
    expect((await post(body)).code).toBe(200);
    const sameName = await post({ ...valid(), fullName: body.fullName });
    expect([sameName.code, sameName.msg]).toEqual([400, '名称不能重复']);
    const sameCode = await post({ ...valid(), enCode: body.enCode });
    expect([sameCode.code, sameCode.msg]).toEqual([400, '编码不能重复']);
    const noParent = await post({ ...valid(), parentId: 'nope' });
    expect(noParent.code).toBe(401);
    expect(noParent.data!.errors.parentId).toBe('上级分类不存在');
  });

  it('answers in the caller’s language', async () => {
    const res = await post({}, { 'jnpf-language': 'en' });
    expect(res.data!.errors.fullName).toBe('Please enter a name');
    const body = valid();
    await post(body);
    expect((await post({ ...valid(), fullName: body.fullName }, { 'jnpf-language': 'en' })).msg).toBe(
      'The name is already in use',
    );
  });

  it('ignores unknown keys and the category sent by the client', async () => {
    const body = { ...valid(), parentId: '1', category: 0, id: 'client-id', creatorUserId: 'x' };
    expect((await post(body)).code).toBe(200);
    const [row] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, body.enCode));
    expect(row).toMatchObject({ category: '1', parentId: '-1' });
    expect(row!.id).not.toBe('client-id');
  });
});

describe('PUT /api/system/DictionaryType/{id}', () => {
  const put = (id: string, json: unknown) =>
    call<{ errors: Record<string, string> }>(server, 'PUT', `${T}/${id}`, { token: admin, json });

  it('updates, bumps the version and refuses a stale one', async () => {
    const id = await createType();
    const before = await info(id);
    const res = await put(id, { ...before, fullName: `${before.fullName}改`, version: before.version });
    expect([res.code, res.msg]).toEqual([200, '更新成功']);
    const after = await info(id);
    expect(after).toMatchObject({ fullName: `${before.fullName}改`, version: before.version + 1 });
    const stale = await put(id, { ...before, fullName: '另一个名字', version: before.version });
    expect([stale.code, stale.msg]).toEqual([400, '数据已被他人修改，请刷新后重试']);
    // without a version the last write wins
    expect((await put(id, { ...after, fullName: `${after.fullName}2`, version: undefined })).code).toBe(200);
  });

  it('applies the create rules, and refuses a missing record, a loop and duplicates', async () => {
    const id = await createType();
    const body = await info(id);
    expect((await put(id, { ...body, fullName: 'a'.repeat(51) })).data!.errors.fullName).toBe('名称最多为50个字符！');
    const missing = await put('nope1', body);
    expect([missing.code, missing.msg]).toEqual([400, '更新失败，数据不存在']);
    const child = await createType({ parentId: id });
    const grandChild = await createType({ parentId: child });
    for (const parentId of [id, grandChild]) {
      const loop = await put(id, { ...body, parentId });
      expect(loop.code).toBe(401);
      expect(loop.data!.errors.parentId).toBe('上级分类不能是自己或下级');
    }
    const other = await info(await createType());
    expect((await put(id, { ...body, enCode: other.enCode })).msg).toBe('编码不能重复');
    expect((await put(id, { ...body, fullName: other.fullName })).msg).toBe('名称不能重复');
  });

  it('moving a category to the other root takes its subcategories along', async () => {
    const top = await createType({ parentId: '0' });
    const child = await createType({ parentId: top });
    const body = await info(top);
    expect((await put(top, { ...body, parentId: '1' })).code).toBe(200);
    expect(await info(top)).toMatchObject({ parentId: '1', category: 1 });
    expect(await info(child)).toMatchObject({ parentId: top, category: 1 });
  });

  it('a tree category with nested items cannot stop being a tree', async () => {
    const id = await createType({ isTree: 1 });
    const parent = await call(server, 'POST', '/api/system/DictionaryData', {
      token: admin,
      json: { dictionaryTypeId: id, parentId: '0', fullName: '父', enCode: 'p' },
    });
    expect(parent.code).toBe(200);
    const items = await call<{ list: { id: string }[] }>(server, 'GET', `/api/system/DictionaryData/${id}`, {
      token: admin,
    });
    await call(server, 'POST', '/api/system/DictionaryData', {
      token: admin,
      json: { dictionaryTypeId: id, parentId: items.data!.list[0]!.id, fullName: '子', enCode: 'c' },
    });
    const res = await put(id, { ...(await info(id)), isTree: 0 });
    expect([res.code, res.msg]).toEqual([400, '该分类下存在层级字典，不能改为非树形']);
  });
});

describe('DELETE /api/system/DictionaryType/{id}', () => {
  it('refuses a category with items or subcategories, and a missing one', async () => {
    const withItems = await createType();
    await call(server, 'POST', '/api/system/DictionaryData', {
      token: admin,
      json: { dictionaryTypeId: withItems, parentId: '0', fullName: '项', enCode: 'x' },
    });
    const refused = await call(server, 'DELETE', `${T}/${withItems}`, { token: admin });
    expect([refused.code, refused.msg]).toEqual([400, '字典类型下面有字典值禁止删除']);
    const parent = await createType();
    await createType({ parentId: parent });
    const withChildren = await call(server, 'DELETE', `${T}/${parent}`, { token: admin });
    expect([withChildren.code, withChildren.msg]).toEqual([400, '删除失败，当前有子节点数据']);
    const missing = await call(server, 'DELETE', `${T}/nope1`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '删除失败，数据不存在']);
  });

  it('deletes an empty category', async () => {
    const id = await createType();
    const res = await call(server, 'DELETE', `${T}/${id}`, { token: admin });
    expect([res.code, res.msg]).toEqual([200, '删除成功']);
    expect(await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.id, id))).toEqual([]);
  });
});

describe('permissions', () => {
  it('a signed-in user without grants may use the picker but not the screen', async () => {
    const token = await staff();
    const id = await createType();
    expect((await call(server, 'GET', `${T}/Selector/0`, { token })).code).toBe(200);
    for (const [method, path, json] of [
      ['GET', T],
      ['GET', `${T}/${id}`],
      ['POST', T, { parentId: '0', fullName: '无权', enCode: unique('c') }],
      ['PUT', `${T}/${id}`, { parentId: '0', fullName: '无权', enCode: unique('c') }],
      ['DELETE', `${T}/${id}`],
    ] as [string, string, unknown?][]) {
      const res = await call(server, method, path, { token, ...(json ? { json } : {}) });
      expect([res.code, res.msg], `${method} ${path}`).toEqual([400, '没有访问权限']);
    }
    expect(await info(id)).toBeDefined();
  });

  it('the menu grants reading; each write needs its button', async () => {
    const reader = await staff({ 'systemData.dictionary': [] });
    const adder = await staff({ 'systemData.dictionary': ['btn_add'] });
    expect((await call(server, 'GET', T, { token: reader })).code).toBe(200);
    const body = () => ({ parentId: '0', fullName: `名${unique('c')}`, enCode: unique('c') });
    expect((await call(server, 'POST', T, { token: reader, json: body() })).msg).toBe('没有访问权限');
    expect((await call(server, 'POST', T, { token: adder, json: body() })).code).toBe(200);
    const id = await createType();
    expect((await call(server, 'PUT', `${T}/${id}`, { token: adder, json: body() })).msg).toBe('没有访问权限');
    expect((await call(server, 'DELETE', `${T}/${id}`, { token: adder })).msg).toBe('没有访问权限');
  });

  it('refuses callers without a token', async () => {
    expect((await call(server, 'GET', T)).code).toBe(602);
    expect((await call(server, 'GET', `${T}/Selector/0`)).code).toBe(602);
  });
});
