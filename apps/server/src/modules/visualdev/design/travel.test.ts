// Designs picked and moved over HTTP against a real database: Base/list and Base/Selector, the fields of a design
// (FormDataFields), the rows a relation-form picker offers (FieldDataSelect) and who may read them, the import
// template (OnlineDev/{id}/Template), and a design exported and imported again: refusals of duplicates, the copy,
// files that are not design files, dictionaries and categories this system lacks.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { visualDev, visualRelease } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type RecordPage, type ReleasedModel } from '../../../../test/kit/released.js';
import { upload } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleColumns, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';
const IMPORT = `${RUN}/Model/Actions/ImportData`;
let rule: string;

useDesignServer();
beforeAll(() => {
  rule = unique('TR');
});

const design = (patch: Record<string, unknown> = {}) => designBody(categoryId, rule, patch);
async function released(patch: Record<string, unknown> = {}): Promise<ReleasedModel> {
  const json = design(patch);
  return createReleased(server, admin, { ...json, enCode: String(json.enCode) });
}
const draft = async (patch: Record<string, unknown> = {}) => api.create(BASE, design(patch));

/** a simple form (no number rule, so it needs no bill rule) with a title, an amount and a level */
const simpleForm = () =>
  JSON.stringify(
    sampleForm('', [
      field('input', 'title', '标题', { required: true }),
      field('inputNumber', 'amount', '金额'),
      field(
        'radio',
        'sex',
        '性别',
        { dataType: 'dictionary', dictionaryType: 'sex' },
        { props: { label: 'fullName', value: 'enCode' } },
      ),
      field('uploadFile', 'files', '附件'),
      field('createTime', 'created', '创建时间'),
    ]),
  );
const simpleColumns = () =>
  JSON.stringify(
    sampleColumns({
      columnList: [
        { prop: 'title', label: '标题', jnpfKey: 'input', sortable: true },
        { prop: 'amount', label: '金额', jnpfKey: 'inputNumber' },
      ],
      searchList: [{ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true }],
    }),
  );
const simple = (patch: Record<string, unknown> = {}) =>
  released({ formData: simpleForm(), columnData: simpleColumns(), ...patch });

interface Node {
  id: string;
  fullName: string;
  parentId: string;
  hasChildren: boolean;
  children?: Node[];
}

describe('designs as pickers see them', () => {
  it('Base/list pages the released designs only, by keyword and webType', async () => {
    const model = await simple();
    const unreleased = await draft({ formData: simpleForm(), columnData: simpleColumns() });
    const byKeyword = await api<{ list: { id: string; enableFlow: number }[]; pagination: { total: number } }>(
      'GET',
      `${BASE}/list`,
      { query: { keyword: model.enCode } },
    );
    expect(byKeyword.code, byKeyword.msg).toBe(200);
    expect(byKeyword.data!.list).toEqual([
      expect.objectContaining({ id: model.id, enCode: model.enCode, webType: 2, enableFlow: 0 }),
    ]);
    const all = await api<{ list: { id: string }[] }>('GET', `${BASE}/list`, { query: { pageSize: 500 } });
    expect(all.data!.list.map((r) => r.id)).toContain(model.id);
    expect(all.data!.list.map((r) => r.id)).not.toContain(unreleased);
    const formsOnly = await api<{ list: { id: string }[] }>('GET', `${BASE}/list`, {
      query: { keyword: model.enCode, webType: '1' },
    });
    expect(formsOnly.data!.list).toEqual([]);
    const bad = await api('GET', `${BASE}/list`, { query: { webType: 'x' } });
    expect(bad.code).toBe(401);
  });

  it('Base/Selector is a tree of categories holding designs, filtered by release state', async () => {
    const model = await simple();
    const unreleased = await draft({ formData: simpleForm(), columnData: simpleColumns() });
    const tree = await api<{ list: Node[] }>('GET', `${BASE}/Selector`, { query: { type: '1' } });
    expect(tree.code, tree.msg).toBe(200);
    const category = tree.data!.list.find((n) => n.id === categoryId)!;
    expect(category).toMatchObject({ parentId: '-1', hasChildren: true });
    expect(category.children!.map((c) => c.id)).toEqual(expect.arrayContaining([model.id, unreleased]));
    expect(category.children!.find((c) => c.id === model.id)).toMatchObject({ parentId: categoryId, state: 1 });
    const releasedOnly = await api<{ list: Node[] }>('GET', `${BASE}/Selector`, { query: { isRelease: '1' } });
    const ids = releasedOnly.data!.list.flatMap((n) => n.children!.map((c) => c.id));
    expect(ids).toContain(model.id);
    expect(ids).not.toContain(unreleased);
    const none = await api<{ list: Node[] }>('GET', `${BASE}/Selector`, { query: { webType: '4' } });
    expect(none.data!.list).toEqual([]);
  });

  it('FormDataFields lists {label, vmodel}; filterType 1 leaves out uploads and system fields', async () => {
    const model = await simple();
    const all = await api<{ list: { label: string; vmodel: string }[] }>('GET', `${BASE}/${model.id}/FormDataFields`);
    expect(all.code, all.msg).toBe(200);
    expect(all.data!.list).toEqual([
      { label: '标题', vmodel: 'title' },
      { label: '金额', vmodel: 'amount' },
      { label: '性别', vmodel: 'sex' },
      { label: '附件', vmodel: 'files' },
      { label: '创建时间', vmodel: 'created' },
    ]);
    const plain = await api<{ list: { vmodel: string }[] }>('GET', `${BASE}/${model.id}/FormDataFields`, {
      query: { filterType: '1' },
    });
    expect(plain.data!.list.map((f) => f.vmodel)).toEqual(['title', 'amount', 'sex']);
    const unreleased = await draft({ formData: simpleForm(), columnData: simpleColumns() });
    const refused = await api('GET', `${BASE}/${unreleased}/FormDataFields`);
    expect([refused.code, refused.msg]).toEqual([400, '该功能未发布']);
  });

  it('the design calls need the design menu', async () => {
    const model = await simple();
    const user = await signedInUser(server);
    for (const path of [`${BASE}/list`, `${BASE}/Selector`, `${BASE}/${model.id}/FormDataFields`]) {
      const res = await call(server, 'GET', path, { token: user.token });
      expect([path, res.code, res.msg]).toEqual([path, 400, '没有访问权限']);
    }
  });
});

describe('FieldDataSelect: the rows a relation-form picker offers', () => {
  let target: ReleasedModel;
  let host: ReleasedModel;

  beforeAll(async () => {
    target = await simple();
    const records = recordsAs(server, admin);
    for (const [title, amount] of [
      ['苹果', 3],
      ['香蕉', 5],
      ['苹果派', 8],
    ] as const) {
      const res = await records.create(target, { title, amount, sex: '1' });
      expect(res.code, res.msg).toBe(200);
    }
    host = await simple();
    // a relation-form field written straight into the host's released copy
    const form = JSON.parse(simpleForm()) as { fields: unknown[] };
    form.fields.push({
      __config__: { jnpfKey: 'relationForm', label: '关联', formId: 999 },
      __vModel__: 'link',
      modelId: target.id,
      relationField: 'title',
      columnOptions: [{ value: 'title', label: '标题' }],
    });
    await ctx()
      .db.update(visualRelease)
      .set({ formData: JSON.stringify(form) })
      .where(eq(visualRelease.id, host.id));
  });

  const select = (token: string, query: Record<string, string> = {}) =>
    call<RecordPage>(server, 'GET', `${BASE}/${target.id}/FieldDataSelect`, { token, query });

  it('a designer picks from any design: keyword over the text columns, paging, the columns asked for', async () => {
    const all = await select(admin, { relationField: 'title', columnOptions: 'title,amount' });
    expect(all.code, all.msg).toBe(200);
    expect(all.data!.pagination.total).toBe(3);
    expect(Object.keys(all.data!.list[0]!).sort()).toEqual(['amount', 'amount_id', 'id', 'title', 'title_id']);
    const apples = await select(admin, { relationField: 'title', columnOptions: 'title,amount', keyword: '苹果' });
    expect(apples.data!.list.map((r) => r.title).sort()).toEqual(['苹果', '苹果派']);
    const page = await select(admin, { relationField: 'title', pageSize: '2', currentPage: '2' });
    expect(page.data!.list).toHaveLength(1);
    expect(page.data!.pagination).toMatchObject({ currentPage: 2, pageSize: 2, total: 3 });
    // a field that is not in the design, or that a list cannot show, is not a column
    const odd = await select(admin, { relationField: 'title', columnOptions: 'nothing,files' });
    expect(Object.keys(odd.data!.list[0]!).sort()).toEqual(['id', 'title', 'title_id']);
    // a chooser without paging asks for every record at once
    const unpaged = await select(admin, { relationField: 'title', pageSize: '10000' });
    expect(unpaged.code, unpaged.msg).toBe(200);
    expect(unpaged.data!.list).toHaveLength(3);
    const bad = await select(admin, { pageSize: '100000' });
    expect(bad.code).toBe(401);
  });

  it('a user of a form linking to the design sees the linked columns only; anyone else is refused', async () => {
    const user = await signedInUser(server, {}, { grants: { [host.enCode]: [] } });
    const rows = await select(user.token, { relationField: 'title', columnOptions: 'title,amount' });
    expect(rows.code, rows.msg).toBe(200);
    expect(rows.data!.pagination.total).toBe(3);
    expect(Object.keys(rows.data!.list[0]!).sort()).toEqual(['id', 'title', 'title_id']);
    const stranger = await signedInUser(server);
    const refused = await select(stranger.token, { relationField: 'title' });
    expect([refused.code, refused.msg]).toEqual([400, '没有访问权限']);
    // the target's own menu is not a link: its users open its list instead
    const targetUser = await signedInUser(server, {}, { grants: { [target.enCode]: [] } });
    expect((await select(targetUser.token, { relationField: 'title' })).code).toBe(400);
  });
});

describe('the import template', () => {
  it('has one labelled column per field a user fills in', async () => {
    const model = await simple();
    const res = await api<{ name: string; url: string }>('GET', `${RUN}/${model.id}/Template`);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.name).toMatch(/\.xlsx$/);
    const file = await fetch(`${server.baseUrl}${res.data!.url}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean);
    expect(header).toEqual(['标题', '金额', '性别']);
  });

  it("follows the design's template choice and needs the model's menu", async () => {
    const columns = JSON.parse(simpleColumns()) as Record<string, unknown>;
    const model = await simple({
      columnData: JSON.stringify({ ...columns, uploaderTemplateJson: { selectKey: ['amount'] } }),
    });
    const res = await api<{ url: string }>('GET', `${RUN}/${model.id}/Template`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await fetch(`${server.baseUrl}${res.data!.url}`)).arrayBuffer());
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean)).toEqual(['金额']);
    const stranger = await signedInUser(server);
    const refused = await call(server, 'GET', `${RUN}/${model.id}/Template`, { token: stranger.token });
    expect([refused.code, refused.msg]).toEqual([400, '没有访问权限']);
  });
});

describe('designs exported and imported', () => {
  async function exported(id: string): Promise<{ name: string; text: string }> {
    const res = await api<{ name: string; url: string }>('POST', `${RUN}/${id}/Actions/Export`);
    expect(res.code, res.msg).toBe(200);
    const file = await fetch(`${server.baseUrl}${res.data!.url}`);
    return { name: res.data!.name, text: await file.text() };
  }
  const importFile = (content: string, fields: Record<string, string> = {}, name = 'design.json', token = admin) =>
    upload<string>(server, IMPORT, [{ name, content }], { token, fields });

  it('the file holds the design, its category and the dictionaries it names', async () => {
    const model = await simple();
    const { name, text } = await exported(model.id);
    expect(name).toMatch(/\.json$/);
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc).toMatchObject({
      modelType: 'design',
      id: model.id,
      enCode: model.enCode,
      category: categoryId,
      tables: '[]',
      dbLinkId: '0',
      formData: (await ctx().db.select().from(visualDev).where(eq(visualDev.id, model.id)))[0]!.formData,
    });
    expect(doc.dictionaries).toEqual([expect.objectContaining({ enCode: 'sex' })]);
  });

  it("refuses a design in use with the reference's messages, and imports a copy when asked", async () => {
    const model = await simple();
    const { text } = await exported(model.id);
    const same = await importFile(text);
    expect([same.code, same.msg]).toEqual([400, '已存在相同功能']);
    const doc = JSON.parse(text) as Record<string, unknown>;
    const otherId = await importFile(JSON.stringify({ ...doc, id: 'elsewhere1' }));
    expect([otherId.code, otherId.msg]).toEqual([400, '编码、名称重复']);
    const inEnglish = await upload<string>(
      server,
      IMPORT,
      [{ name: 'd.json', content: JSON.stringify({ ...doc, id: 'e2' }) }],
      {
        token: admin,
        headers: { 'jnpf-language': 'en' },
      },
    );
    expect(inEnglish.msg).toBe('Already in use: code, name');
    const copy = await importFile(text, { type: '1' });
    expect([copy.code, copy.msg]).toEqual([200, '导入成功']);
    const [row] = await ctx().db.select().from(visualDev).where(eq(visualDev.id, copy.data!));
    expect(row!.fullName).toMatch(new RegExp(`^${doc.fullName as string}\\.副本[0-9a-f]{5}$`));
    expect(row!.enCode).not.toBe(model.enCode);
    expect(row).toMatchObject({ state: 0, formData: doc.formData, category: categoryId });
    const badMode = await importFile(text, { type: '2' });
    expect(badMode.code).toBe(400);
  });

  it('a design from another system: a new id, code and name import as they are', async () => {
    const model = await simple();
    const doc = JSON.parse((await exported(model.id)).text) as Record<string, unknown>;
    const code = unique('imp');
    const res = await importFile(
      JSON.stringify({ ...doc, id: 'fromElsewhere', enCode: code, fullName: `导入${code}` }),
    );
    expect([res.code, res.msg]).toEqual([200, '导入成功']);
    const info = await api<{ enCode: string; state: number; columnData: string }>('GET', `${BASE}/${res.data!}`);
    expect(info.data).toMatchObject({ enCode: code, state: 0, columnData: doc.columnData });
  });

  it('dictionaries and categories are matched by code, and refused with what is missing', async () => {
    const model = await simple();
    const doc = JSON.parse((await exported(model.id)).text) as Record<string, unknown>;
    const code = unique('imp');
    const fresh = { enCode: code, fullName: `导入${code}`, id: 'x' };
    // the other system's ids differ: the code finds this system's dictionary and category
    const renamed = (doc.formData as string).replace('"dictionaryType":"sex"', '"dictionaryType":"otherSexId"');
    const matched = await importFile(
      JSON.stringify({
        ...doc,
        ...fresh,
        category: 'otherCategoryId',
        formData: renamed,
        dictionaries: [{ id: 'otherSexId', enCode: 'sex', fullName: '性别' }],
      }),
    );
    expect([matched.code, matched.msg]).toEqual([200, '导入成功']);
    const [row] = await ctx().db.select().from(visualDev).where(eq(visualDev.id, matched.data!));
    expect(row!.category).toBe(categoryId);
    expect(row!.formData).not.toContain('otherSexId');
    const missing = await importFile(
      JSON.stringify({
        ...doc,
        ...fresh,
        enCode: `${code}b`,
        formData: (doc.formData as string).replace('"dictionaryType":"sex"', '"dictionaryType":"nowhere1"'),
        dictionaries: [{ id: 'nowhere1', enCode: 'nowhereCode', fullName: '不存在的字典' }],
      }),
    );
    expect([missing.code, missing.msg]).toEqual([400, '导入失败，缺少数据字典：不存在的字典(nowhereCode)']);
    const noCategory = await importFile(
      JSON.stringify({ ...doc, ...fresh, category: 'gone', categoryCode: 'gone', categoryName: '别处的分类' }),
    );
    expect([noCategory.code, noCategory.msg]).toEqual([400, '导入失败，缺少功能分类：别处的分类']);
  });

  it('files that are not design files are refused', async () => {
    const model = await simple();
    const { text } = await exported(model.id);
    expect((await importFile(text, {}, 'design.txt')).msg).toBe('导入文件格式错误');
    expect((await importFile('{not json', {})).msg).toBe('请导入对应功能的json文件');
    expect((await importFile(JSON.stringify({ modelType: 'portal' }))).msg).toBe('请导入对应功能的json文件');
    const none = await upload(server, IMPORT, [], { token: admin });
    expect([none.code, none.msg]).toEqual([400, '请选择要导入的文件']);
    // a design whose form does not hold together: the design check's answer
    const doc = JSON.parse(text) as Record<string, unknown>;
    const broken = await importFile(
      JSON.stringify({ ...doc, id: 'b', enCode: unique('b'), fullName: unique('b'), formData: '{' }),
    );
    expect(broken.code).toBe(401);
    const longName = await importFile(
      JSON.stringify({ ...doc, id: 'c', enCode: unique('c'), fullName: 'x'.repeat(101) }),
    );
    expect(longName.code).toBe(401);
  });

  it('export needs the design menu, import its add button', async () => {
    const model = await simple();
    const { text } = await exported(model.id);
    const user = await signedInUser(server, {}, { grants: { 'onlineDev.webDesign': [] } });
    const exportAsUser = await call(server, 'POST', `${RUN}/${model.id}/Actions/Export`, { token: user.token });
    expect(exportAsUser.code, exportAsUser.msg).toBe(200);
    const importAsUser = await importFile(text, { type: '1' }, 'design.json', user.token);
    expect([importAsUser.code, importAsUser.msg]).toEqual([400, '没有访问权限']);
    const stranger = await signedInUser(server);
    const exportAsStranger = await call(server, 'POST', `${RUN}/${model.id}/Actions/Export`, { token: stranger.token });
    expect(exportAsStranger.code).toBe(400);
    const missing = await api('POST', `${RUN}/nothing/Actions/Export`);
    expect(missing.code).toBe(400);
  });
});
