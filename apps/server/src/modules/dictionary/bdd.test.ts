// The .bdd export and import: the download, the round trip, both duplicate modes, and every kind of bad file,
// each of which is refused with its own message and changes nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { upload as uploadFiles } from '../../../test/kit/uploads.js';

useAdminServer();

const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}
interface ImportResult {
  type: { id: string; fullName: string; enCode: string; result: string };
  appended: { id: string; fullName: string; enCode: string }[];
  skipped: { fullName: string; enCode: string; reason: string }[];
  snum: number;
  fnum: number;
}
interface Doc {
  format: string;
  version: number;
  exportedAt: number;
  type: Record<string, unknown>;
  items: Record<string, unknown>[];
}

const upload = (
  content: string | Uint8Array,
  fileName = 'dict.bdd',
  fields: Record<string, string> = { type: '0' },
  token = admin,
): Promise<Envelope<ImportResult>> =>
  uploadFiles<ImportResult>(server, `${D}/Actions/Import`, [{ name: fileName, content }], { token, fields });

async function exportType(typeId: string, token = admin): Promise<{ name: string; text: string; disposition: string }> {
  const res = await call<{ name: string; url: string }>(server, 'GET', `${D}/${typeId}/Actions/Export`, { token });
  expect(res.code, res.msg).toBe(200);
  const file = await fetch(`${server.baseUrl}${res.data!.url}`);
  expect(file.status).toBe(200);
  return { name: res.data!.name, text: await file.text(), disposition: file.headers.get('content-disposition') ?? '' };
}

async function createType(fields: Record<string, unknown> = {}) {
  const enCode = (fields.enCode as string) ?? unique('t');
  const res = await call(server, 'POST', T, {
    token: admin,
    json: { parentId: '0', fullName: `分类${enCode}`, enCode, isTree: 1, ...fields },
  });
  expect(res.code, res.msg).toBe(200);
  return (await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, enCode)))[0]!;
}

async function createItem(typeId: string, fields: Record<string, unknown>) {
  const res = await call(server, 'POST', D, {
    token: admin,
    json: { dictionaryTypeId: typeId, parentId: '0', ...fields },
  });
  expect(res.code, res.msg).toBe(200);
  return (
    await ctx()
      .db.select()
      .from(dictionaryData)
      .where(and(eq(dictionaryData.dictionaryTypeId, typeId), eq(dictionaryData.enCode, fields.enCode as string)))
  )[0]!.id;
}

/** a category's items as (code, parent code, name, state, sort, description), independent of ids */
async function shapeOf(typeId: string) {
  const rows = await ctx().db.select().from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, typeId));
  const codeOf = new Map(rows.map((r) => [r.id, r.enCode]));
  return rows
    .map((r) => [
      r.enCode,
      r.parentId === '0' ? '0' : codeOf.get(r.parentId),
      r.fullName,
      r.enabledMark,
      r.sortCode,
      r.description,
    ])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const counts = async () => ({
  types: (await ctx().db.select().from(dictionaryType)).length,
  items: (await ctx().db.select().from(dictionaryData)).length,
});

/** a category with three levels of items, one disabled, one with a description */
async function sampleCategory() {
  const type = await createType({ sortCode: 5, description: '样例' });
  const a = await createItem(type.id, { fullName: '甲', enCode: 'a', sortCode: 2 });
  const b = await createItem(type.id, { fullName: '乙', enCode: 'b', parentId: a, enabledMark: 0 });
  await createItem(type.id, { fullName: '丙', enCode: 'c', parentId: b, description: '第三层' });
  await createItem(type.id, { fullName: '丁', enCode: 'd' });
  return type;
}

const docFor = (patch: Partial<Doc> = {}): Doc => ({
  format: 'jnpf-dictionary',
  version: 1,
  exportedAt: Date.now(),
  type: {
    id: 'x1',
    parentId: '-1',
    parentEnCode: null,
    category: 0,
    fullName: `导入${unique('c')}`,
    enCode: unique('imp'),
    isTree: 1,
    sortCode: 0,
    description: '',
  },
  items: [
    { id: 'i1', parentId: '0', fullName: '一', enCode: 'one', enabledMark: 1, sortCode: 0, description: '' },
    { id: 'i2', parentId: 'i1', fullName: '二', enCode: 'two', enabledMark: 1, sortCode: 1, description: '' },
  ],
  ...patch,
});

describe('export', () => {
  it('answers {name, url}; the url serves the .bdd as an attachment without a token', async () => {
    const type = await sampleCategory();
    const { name, text, disposition } = await exportType(type.id);
    expect(name).toBe(`${type.fullName}_${type.enCode}.bdd`);
    expect(disposition).toMatch(/^attachment; filename=".*\.bdd"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
    const doc = JSON.parse(text) as Doc;
    expect(doc).toMatchObject({
      format: 'jnpf-dictionary',
      version: 1,
      type: {
        id: type.id,
        parentId: '-1',
        parentEnCode: null,
        category: 0,
        enCode: type.enCode,
        isTree: 1,
        sortCode: 5,
        description: '样例',
      },
    });
    expect(doc.items).toHaveLength(4);
    expect(Object.keys(doc.items[0]!).sort()).toEqual([
      'description',
      'enCode',
      'enabledMark',
      'fullName',
      'id',
      'parentId',
      'sortCode',
    ]);
  });

  it('refuses an unknown category and an unknown ticket', async () => {
    const missing = await call(server, 'GET', `${D}/nope1/Actions/Export`, { token: admin });
    expect([missing.code, missing.msg]).toEqual([400, '数据不存在']);
    const res = await fetch(`${server.baseUrl}/api/file/Download/${'A'.repeat(43)}`);
    expect(await res.json()).toEqual({ code: 400, msg: '文件不存在或已过期' });
  });
});

describe('import', () => {
  it('round-trips: an exported category deleted and imported again comes back the same', async () => {
    const type = await sampleCategory();
    const before = await shapeOf(type.id);
    const { text, name } = await exportType(type.id);
    await ctx().db.delete(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, type.id));
    await ctx().db.delete(dictionaryType).where(eq(dictionaryType.id, type.id));
    const res = await upload(text, name);
    expect([res.code, res.msg]).toEqual([200, '导入成功']);
    expect(res.data!).toMatchObject({
      type: { enCode: type.enCode, fullName: type.fullName, result: 'created' },
      snum: 4,
      fnum: 0,
      skipped: [],
    });
    const [again] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, type.enCode));
    expect(again).toMatchObject({
      fullName: type.fullName,
      isTree: 1,
      sortCode: 5,
      description: '样例',
      category: '0',
      parentId: '-1',
    });
    expect(await shapeOf(again!.id)).toEqual(before);
    // and the re-imported category exports to the same document, ids aside
    const strip = (t: string) => {
      const d = JSON.parse(t) as Doc;
      return { type: { ...d.type, id: undefined }, items: d.items.length };
    };
    expect(strip((await exportType(again!.id)).text)).toEqual(strip(text));
  });

  it('a subcategory finds its parent by id or by code', async () => {
    const parent = await createType();
    const child = await createType({ parentId: parent.id, isTree: 0 });
    await createItem(child.id, { fullName: '项', enCode: 'only' });
    const doc = JSON.parse((await exportType(child.id)).text) as Doc;
    expect(doc.type).toMatchObject({ parentId: parent.id, parentEnCode: parent.enCode });
    await ctx().db.delete(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, child.id));
    await ctx().db.delete(dictionaryType).where(eq(dictionaryType.id, child.id));
    const byCode = await upload(JSON.stringify({ ...doc, type: { ...doc.type, parentId: 'elsewhere1' } }));
    expect(byCode.code).toBe(200);
    const [row] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, child.enCode));
    expect(row).toMatchObject({ parentId: parent.id, category: '0' });
  });

  it('mode 0 skips what the category already has and adds the rest', async () => {
    const type = await sampleCategory();
    const { text } = await exportType(type.id);
    const d = await ctx()
      .db.select()
      .from(dictionaryData)
      .where(and(eq(dictionaryData.dictionaryTypeId, type.id), eq(dictionaryData.enCode, 'd')));
    await ctx().db.delete(dictionaryData).where(eq(dictionaryData.id, d[0]!.id));
    // a renamed item with a taken code is skipped as well
    const doc = JSON.parse(text) as Doc;
    doc.items.find((i) => i.enCode === 'a')!.fullName = '甲改';
    const res = await upload(JSON.stringify(doc), 'x.BDD', { type: '0' });
    expect(res.code).toBe(200);
    expect(res.data!.type).toMatchObject({ id: type.id, result: 'merged' });
    expect(res.data!.appended.map((r) => r.enCode)).toEqual(['d']);
    expect(res.data!.skipped.map((r) => [r.enCode, r.reason]).sort()).toEqual([
      ['a', '编码已存在'],
      ['b', '编码已存在'],
      ['c', '编码已存在'],
    ]);
    expect((await shapeOf(type.id)).map((r) => r[0])).toEqual(['a', 'b', 'c', 'd']);
    // an item's children under a skipped parent hang under the existing parent
    const aId = doc.items.find((i) => i.enCode === 'a')!.id as string;
    const newItem = { ...doc.items[0]!, id: 'new1', parentId: aId, fullName: '新', enCode: 'new' };
    const again = await upload(JSON.stringify({ ...doc, items: [...doc.items, newItem] }));
    expect(again.data!.appended.map((r) => r.enCode)).toEqual(['new']);
    const shape = await shapeOf(type.id);
    expect(shape.find((r) => r[0] === 'new')![1]).toBe('a');
  });

  it('mode 1 appends: an existing category is added as a copy with all its items', async () => {
    const type = await sampleCategory();
    const { text } = await exportType(type.id);
    const before = await counts();
    const res = await upload(text, 'copy.bdd', { type: '1' });
    expect(res.code).toBe(200);
    const copy = res.data!.type;
    expect(copy.result).toBe('copied');
    expect(copy.fullName).toMatch(new RegExp(`^${type.fullName}\\.副本[0-9a-f]{5}$`));
    expect(copy.enCode).toMatch(new RegExp(`^${type.enCode}[0-9a-f]{5}$`));
    expect(res.data!.snum).toBe(4);
    expect(await counts()).toEqual({ types: before.types + 1, items: before.items + 4 });
    expect(await shapeOf(copy.id)).toEqual(await shapeOf(type.id));
    // a new category is simply created in mode 1
    const fresh = await upload(JSON.stringify(docFor()), 'n.bdd', { type: '1' });
    expect(fresh.data!.type.result).toBe('created');
  });

  it('the imported category is listed, and the shell cache sees it', async () => {
    const doc = docFor();
    expect((await upload(JSON.stringify(doc))).code).toBe(200);
    const all = await call<{
      list: { enCode: string; dictionaryList: { enCode: string; children?: { enCode: string }[] }[] }[];
    }>(server, 'GET', `${D}/All`, { token: admin });
    const entry = all.data!.list.find((t) => t.enCode === doc.type.enCode)!;
    expect(entry.dictionaryList.map((i) => i.enCode)).toEqual(['one']);
    expect(entry.dictionaryList[0]!.children!.map((i) => i.enCode)).toEqual(['two']);
  });
});

describe('bad files are refused and change nothing', () => {
  const valid = () => JSON.stringify(docFor());
  const cases: [string, () => Promise<Envelope>, string | RegExp][] = [
    [
      'no file',
      () => uploadFiles(server, `${D}/Actions/Import`, [], { token: admin, fields: { type: '0' } }),
      '请选择要导入的文件',
    ],
    [
      'a JSON body instead of a file',
      () => call(server, 'POST', `${D}/Actions/Import`, { token: admin, json: { type: 0 } }),
      '请选择要导入的文件',
    ],
    ['not a .bdd', () => upload(valid(), 'dict.json'), '导入失败，文件格式错误（只能导入.bdd文件）'],
    [
      'a bad duplicate mode',
      () => upload(valid(), 'dict.bdd', { type: '7' }),
      '重复处理方式只能是0（跳过）或1（追加）',
    ],
    ['truncated JSON', () => upload(valid().slice(0, 60)), '导入失败，文件内容不完整或不是有效的JSON'],
    [
      'binary garbage',
      () => upload(new Uint8Array([0xff, 0xfe, 0x00, 0x01])),
      '导入失败，文件内容不完整或不是有效的JSON',
    ],
    ['a JSON array', () => upload('[1,2]'), '导入失败，该文件不是数据字典导出文件'],
    [
      'another format',
      () => upload(JSON.stringify({ ...docFor(), format: 'jnpf-bill-rule' })),
      '导入失败，该文件不是数据字典导出文件',
    ],
    [
      'the reference’s own layout',
      () => upload(JSON.stringify({ list: [], modelList: [] })),
      '导入失败，该文件不是数据字典导出文件',
    ],
    ['version 2', () => upload(JSON.stringify({ ...docFor(), version: 2 })), '导入失败，不支持的文件版本：2'],
    [
      'no version',
      () => upload(JSON.stringify({ ...docFor(), version: undefined })),
      '导入失败，不支持的文件版本：null',
    ],
    ['no type', () => upload(JSON.stringify({ ...docFor(), type: undefined })), /^导入失败，数据有误：type: /],
    ['no items', () => upload(JSON.stringify({ ...docFor(), items: undefined })), /^导入失败，数据有误：items: /],
    [
      'a type without code',
      () => {
        const doc = docFor();
        delete doc.type.enCode;
        return upload(JSON.stringify(doc));
      },
      '导入失败，数据有误：type.enCode: 请输入编码',
    ],
    [
      'an item without name',
      () => {
        const doc = docFor();
        delete doc.items[1]!.fullName;
        return upload(JSON.stringify(doc));
      },
      '导入失败，数据有误：items.1.fullName: 请输入名称',
    ],
    [
      'a bad type code',
      () => upload(JSON.stringify(docFor({ type: { ...docFor().type, enCode: '.bad' } }))),
      /^导入失败，数据有误：type.enCode: 编码只能输入/,
    ],
    [
      'an item name over 50 characters',
      () => upload(JSON.stringify(docFor({ items: [{ ...docFor().items[0]!, fullName: 'x'.repeat(51) }] }))),
      '导入失败，数据有误：items.0.fullName: 字典名称最多为50个字符！',
    ],
    [
      'a sort code out of range',
      () => upload(JSON.stringify(docFor({ items: [{ ...docFor().items[0]!, sortCode: -1 }] }))),
      '导入失败，数据有误：items.0.sortCode: 排序只能是0到999999之间的整数',
    ],
    [
      'duplicate item codes',
      () =>
        upload(
          JSON.stringify(
            docFor({ items: [docFor().items[0]!, { ...docFor().items[1]!, parentId: '0', enCode: 'one' }] }),
          ),
        ),
      '导入失败，数据有误：items.1.enCode: 编码重复',
    ],
    [
      'duplicate item ids',
      () =>
        upload(
          JSON.stringify(docFor({ items: [docFor().items[0]!, { ...docFor().items[1]!, id: 'i1', parentId: '0' }] })),
        ),
      '导入失败，数据有误：items.1.id: id重复',
    ],
    [
      'a missing parent item',
      () => upload(JSON.stringify(docFor({ items: [{ ...docFor().items[1]!, parentId: 'ghost' }] }))),
      '导入失败，数据有误：items.0.parentId: 上级字典不存在',
    ],
    [
      'a loop of parents',
      () => upload(JSON.stringify(docFor({ items: [{ ...docFor().items[0]!, parentId: 'i2' }, docFor().items[1]!] }))),
      '导入失败，数据有误：items.0.parentId: 上级关系成环',
    ],
    [
      'nesting in a category that is not a tree',
      () => upload(JSON.stringify(docFor({ type: { ...docFor().type, isTree: 0 } }))),
      '导入失败，数据有误：items.1.parentId: 分类不是树形，不能有上级',
    ],
    [
      'an unknown parent category',
      () => upload(JSON.stringify(docFor({ type: { ...docFor().type, parentId: 'ghost1', parentEnCode: 'ghost' } }))),
      '导入失败，查询不到上级分类',
    ],
    [
      'a name used by another category (mode 0)',
      () => upload(JSON.stringify(docFor({ type: { ...docFor().type, fullName: '性别' } }))),
      '导入失败，分类名称“性别”已被编码不同的分类使用',
    ],
    [
      'nested items into an existing flat category (mode 0)',
      () => upload(JSON.stringify(docFor({ type: { ...docFor().type, enCode: 'sex', fullName: '性别' } }))),
      '导入失败，数据有误：type.isTree: 分类不是树形，不能有上级',
    ],
    [
      'a file over 2 MB',
      () => upload(JSON.stringify({ ...docFor(), padding: 'x'.repeat(2 * 1024 * 1024) })),
      '导入失败，文件不能超过2MB',
    ],
  ];

  for (const [what, run, message] of cases)
    it(what, async () => {
      const before = await counts();
      const res = await run();
      expect(res.code, JSON.stringify(res)).not.toBe(200);
      if (typeof message === 'string') expect(res.msg).toBe(message);
      else expect(res.msg).toMatch(message);
      expect(await counts()).toEqual(before);
    });

  it('a copy whose name would pass 50 characters is refused before anything is written', async () => {
    const type = await createType({ fullName: `长${'名'.repeat(44)}` });
    await createItem(type.id, { fullName: '项', enCode: 'x' });
    const { text } = await exportType(type.id);
    const before = await counts();
    const res = await upload(text, 'long.bdd', { type: '1' });
    expect([res.code, res.msg]).toEqual([400, '导入失败，副本名称或编码超过50个字符']);
    expect(await counts()).toEqual(before);
  });

  it('messages follow the caller’s language', async () => {
    const res = await uploadFiles(server, `${D}/Actions/Import`, [{ name: 'x.bdd', content: '{' }], {
      token: admin,
      headers: { 'jnpf-language': 'en' },
    });
    expect(res.msg).toBe('Import failed: the file is incomplete or not valid JSON');
  });
});

describe('permissions', () => {
  const staff = async (buttons: string[]) =>
    (await signedInUser(server, { realName: 'Staff' }, { grants: { 'systemData.dictionary': buttons } })).token;

  it('export needs btn_export and import needs btn_import', async () => {
    const type = await sampleCategory();
    const reader = await staff([]);
    expect((await call(server, 'GET', `${D}/${type.id}/Actions/Export`, { token: reader })).msg).toBe('没有访问权限');
    expect((await upload(JSON.stringify(docFor()), 'a.bdd', { type: '0' }, reader)).msg).toBe('没有访问权限');
    const porter = await staff(['btn_export', 'btn_import']);
    const { text } = await exportType(type.id, porter);
    expect((await upload(text, 'a.bdd', { type: '1' }, porter)).code).toBe(200);
  });
});
