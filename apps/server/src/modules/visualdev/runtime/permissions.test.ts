// Form and data permissions of released forms over HTTP against a real database. Release writes the menu's
// switches (isFormAuthorize, isDataAuthorize from the design's useFormPermission, useDataPermission), a form
// item per field (sub-table columns "<table>-<column>") and the data-permission fields schemes filter on.
// Data permission: a scheme "creatorUserId == @userId" holds a user to their own records in the list, the export,
// the record, its display, update, delete and batch delete (others answer as missing); no scheme: no records;
// designers see everything. Form permission: a field not granted is left out of the record and its display, and
// its input is ignored (the previous value stays; a required one is not asked for), per sub-table column too.
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ColumnDataJson, FieldConfig, FormDataJson } from '@jnpf/core';
import { authorize, module, moduleDataAuthorize, moduleForm, visualRecord } from '../../../db/schema/index.js';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { insertUser } from '../../../../test/kit/directory.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { DESIGN_MENU } from '../menus.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { findMenuId, mainSystemId } from '../../../../test/kit/menus.js';
import {
  createReleased,
  recordsAs,
  releaseDesign,
  releasedMenu,
  type ReleasedModel,
} from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
const RUN = '/api/visualdev/OnlineDev';
let systemId: string;
let onlineDevId: string;

useDesignServer();
beforeAll(async () => {
  systemId = await mainSystemId(ctx());
  onlineDevId = await findMenuId(ctx(), 'onlineDev');
});

type Row = Record<string, unknown> & { id: string };
interface Page {
  list: Row[];
  pagination: { total: number };
}

const fields = (): FieldConfig[] => [
  field('input', 'title', '标题', { required: true }),
  field('inputNumber', 'amount', '金额'),
  field('input', 'secret', '机密', { required: true }),
  field(
    'checkbox',
    'tags',
    '标签',
    {},
    {
      options: [
        { id: 'a', fullName: '甲' },
        { id: 'b', fullName: '乙' },
      ],
    },
  ),
  field('datePicker', 'day', '日期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
  field('editor', 'body', '正文'),
  field('table', 'items', '明细', {
    children: [
      field('input', 'name', '品名', { required: true }),
      field('inputNumber', 'qty', '数量', { required: true }),
    ],
  }),
  field('createUser', 'creator', '创建人'),
  field('createTime', 'created', '创建时间'),
];

const columnData = (patch: Partial<ColumnDataJson> = {}): ColumnDataJson => ({
  type: 1,
  columnList: [
    { prop: 'title', label: '标题', jnpfKey: 'input' },
    { prop: 'amount', label: '金额', jnpfKey: 'inputNumber' },
    { prop: 'secret', label: '机密', jnpfKey: 'input' },
  ] as ColumnDataJson['columnList'],
  searchList: [],
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  ...patch,
});

type Model = ReleasedModel;

const designJson = (enCode: string, list: Partial<ColumnDataJson>, formFields = fields()) => ({
  fullName: `权限${enCode}`,
  enCode,
  type: 1,
  webType: 2,
  category: categoryId,
  sortCode: 0,
  formData: JSON.stringify(sampleForm('none', formFields)),
  columnData: JSON.stringify(columnData(list)),
});

const release = (id: string) => releaseDesign(server, admin, id);
const menuItems = (enCode: string) => releasedMenu(ctx(), enCode);

/** a design over the permission form, released under 在线开发 */
const releasedModel = (list: Partial<ColumnDataJson>) =>
  createReleased(server, admin, designJson(unique('perm'), list));

async function grant(
  userId: string,
  items: { module: string[]; button?: string[]; form?: string[]; resource?: string[] },
) {
  const res = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
    json: { objectType: 'User', systemIds: [systemId], ...items },
  });
  expect(res.code, res.msg).toBe(200);
}

const staff = () => signedInUser(server);
const as = (token: string) => recordsAs(server, token, 50);

const titles = (page: { data?: Page }) => page.data!.list.map((r) => r.title).sort();
const parsed = (res: { data?: { data: string } }) => JSON.parse(res.data!.data) as Record<string, unknown>;

async function exportedTitles(token: string, model: Model): Promise<unknown[]> {
  const out = await as(token).export(model);
  expect(out.code, out.msg).toBe(200);
  const file = await fetch(`${server.baseUrl}${out.data!.url}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const out2: unknown[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) out2.push(sheet.getRow(r).getCell(1).value);
  return out2.sort();
}

/** a data-permission scheme on the menu, over its field `code` */
async function scheme(menuId: string, code: string, op: string, value: unknown) {
  const [fieldRow] = await ctx()
    .db.select()
    .from(moduleDataAuthorize)
    .where(and(eq(moduleDataAuthorize.moduleId, menuId), eq(moduleDataAuthorize.enCode, code)));
  expect(fieldRow, code).toBeDefined();
  const res = await api<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
    json: {
      moduleId: menuId,
      fullName: unique('方案'),
      enCode: unique('s'),
      matchLogic: 'and',
      conditionJson: [{ logic: 'and', groups: [{ id: fieldRow!.id, field: code, op, value }] }],
    },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
}

const record = (title: string, patch: Record<string, unknown> = {}) => ({
  title,
  amount: 1,
  secret: 's',
  items: [{ name: 'n', qty: 1 }],
  ...patch,
});

describe('release writes form items, data-permission fields and the switches', () => {
  it('from the design, and keeps them in step with it', async () => {
    const enCode = unique('perm');
    const created = await api<string>('POST', BASE, {
      json: designJson(enCode, { useFormPermission: true, useDataPermission: true }),
    });
    const id = created.data!;
    await release(id);
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, enCode));
    expect(menu).toMatchObject({ isFormAuthorize: 1, isDataAuthorize: 1, isColumnAuthorize: 0 });

    const forms = await ctx().db.select().from(moduleForm).where(eq(moduleForm.moduleId, menu!.id));
    forms.sort((a, b) => a.sortCode - b.sortCode);
    // system fields (creator, created) have no item; the sub-table and each of its columns have one
    expect(forms.map((f) => [f.enCode, f.fullName, f.fieldRule, f.childTableKey])).toEqual([
      ['title', '标题', 0, null],
      ['amount', '金额', 0, null],
      ['secret', '机密', 0, null],
      ['tags', '标签', 0, null],
      ['day', '日期', 0, null],
      ['body', '正文', 0, null],
      ['items', '明细', 0, null],
      ['items-name', '明细-品名', 2, 'items'],
      ['items-qty', '明细-数量', 2, 'items'],
    ]);

    const data = await ctx().db.select().from(moduleDataAuthorize).where(eq(moduleDataAuthorize.moduleId, menu!.id));
    data.sort((a, b) => a.sortCode - b.sortCode);
    // listable fields (not the editor or the sub-table), then the record's creator and creation time
    expect(data.map((f) => [f.enCode, f.type, f.conditionSymbol, f.conditionText, f.format])).toEqual([
      ['title', 'varchar', '==,<>,like,notLike,in,notIn,null,notNull', 'input', null],
      ['amount', 'double', '==,<>,>,>=,<,<=,between,null,notNull', 'inputNumber', null],
      ['secret', 'varchar', '==,<>,like,notLike,in,notIn,null,notNull', 'input', null],
      ['tags', 'varchar', 'like,notLike,null,notNull', 'input', null],
      ['day', 'datetime', '>,>=,<,<=,between,null,notNull', 'datePicker', 'yyyy-MM-dd'],
      ['creator', 'varchar', '==,<>,in,notIn,null,notNull', '@userId,@userAraSubordinates,userSelect', null],
      ['created', 'datetime', '>,>=,<,<=,between,null,notNull', 'datePicker', 'yyyy-MM-dd HH:mm:ss'],
      ['creatorUserId', 'varchar', '==,<>,in,notIn,null,notNull', '@userId,@userAraSubordinates,userSelect', null],
      ['creatorTime', 'datetime', '>,>=,<,<=,between,null,notNull', 'datePicker', 'yyyy-MM-dd HH:mm:ss'],
    ]);
    // the menu screen lists them as the scheme editor needs them
    const listed = await api<{ list: { enCode: string; conditionName: string }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorize/${menu!.id}/List`,
    );
    expect(listed.data!.list.find((f) => f.enCode === 'creatorUserId')?.conditionName).toBe(
      '当前用户,当前用户及下属,用户选择',
    );

    // a scheme names "amount"; "secret" and "items-qty" go, with the grant of the removed form item
    await scheme(menu!.id, 'amount', '>', 0);
    const user = await insertUser(ctx());
    const secretItem = forms.find((f) => f.enCode === 'secret')!.id;
    await grant(user.id, { module: [onlineDevId, menu!.id], form: [secretItem] });
    const fewer = fields().filter((f) => !['secret', 'amount'].includes(f.__vModel__));
    fewer.find((f) => f.__vModel__ === 'items')!.__config__.children!.pop();
    const edited = {
      ...designJson(enCode, { useFormPermission: false, useDataPermission: false }, fewer),
      columnData: JSON.stringify(
        columnData({
          columnList: columnData().columnList.slice(0, 1),
          useFormPermission: false,
          useDataPermission: false,
        }),
      ),
    };
    expect(await api('PUT', `${BASE}/${id}`, { json: edited })).toMatchObject({ code: 200 });
    await release(id);
    const [again] = await ctx().db.select().from(module).where(eq(module.id, menu!.id));
    expect(again).toMatchObject({ isFormAuthorize: 0, isDataAuthorize: 0 });
    const formsAfter = await ctx().db.select().from(moduleForm).where(eq(moduleForm.moduleId, menu!.id));
    expect(formsAfter.map((f) => f.enCode).sort()).toEqual(['body', 'day', 'items', 'items-name', 'tags', 'title']);
    expect(
      await ctx()
        .db.select()
        .from(authorize)
        .where(and(eq(authorize.itemType, 'form'), eq(authorize.itemId, secretItem))),
    ).toEqual([]);
    const dataAfter = await ctx()
      .db.select()
      .from(moduleDataAuthorize)
      .where(eq(moduleDataAuthorize.moduleId, menu!.id));
    // "amount" stays while the scheme names it
    expect(dataAfter.map((f) => f.enCode).sort()).toEqual(
      ['amount', 'created', 'creator', 'creatorTime', 'creatorUserId', 'day', 'tags', 'title'].sort(),
    );
  });
});

describe('the releasing user', () => {
  it('holds the released menu with its buttons, columns and form items; an administrator is given nothing', async () => {
    const designer = await signedInUser(server, {}, { grants: { [DESIGN_MENU]: ['btn_add', 'btn_edit'] } });
    const enCode = unique('perm');
    const created = await call<string>(server, 'POST', BASE, {
      token: designer.token,
      json: designJson(enCode, { useFormPermission: true, useColumnPermission: true }),
    });
    expect(created.code, created.msg).toBe(200);
    await releaseDesign(server, designer.token, created.data!);
    const menu = await menuItems(enCode);
    const held = await ctx().db.select().from(authorize).where(eq(authorize.objectId, designer.id));
    const heldOf = (type: string) =>
      held
        .filter((g) => g.itemType === type)
        .map((g) => g.itemId)
        .sort();
    expect(heldOf('module')).toContain(menu.menuId);
    for (const [type, items] of [
      ['button', menu.buttons],
      ['column', menu.columns],
      ['form', menu.forms],
    ] as const) {
      expect(Object.keys(items).length, type).toBeGreaterThan(0);
      expect(heldOf(type), type).toEqual(expect.arrayContaining(Object.values(items)));
    }
    // the designer tries the form at once: adds a record and sees it in the list
    const model = { id: created.data! };
    expect((await as(designer.token).create(model, record('试用'))).code).toBe(200);
    expect(titles(await as(designer.token).list(model))).toEqual(['试用']);

    const byAdmin = await releasedModel({});
    const adminGrants = await ctx().db.select().from(authorize).where(eq(authorize.itemId, byAdmin.menuId));
    expect(adminGrants).toEqual([]);
  });
});

describe('release of a form-only design', () => {
  it('takes the form and data switches from its stored list settings; no buttons or columns', async () => {
    const enCode = unique('perm');
    const created = await api<string>('POST', BASE, {
      json: { ...designJson(enCode, { useFormPermission: true, useDataPermission: true }), webType: 1 },
    });
    expect(created.code, created.msg).toBe(200);
    await release(created.data!);
    const items = await menuItems(enCode);
    const [menu] = await ctx().db.select().from(module).where(eq(module.id, items.menuId));
    expect(menu).toMatchObject({ isButtonAuthorize: 0, isColumnAuthorize: 0, isFormAuthorize: 1, isDataAuthorize: 1 });
    expect(items.buttons).toEqual({});
    expect(Object.keys(items.forms)).toContain('title');
  });
});

describe('a form-only function', () => {
  it('lets its users fill the form in, and only designers reach the records', async () => {
    const enCode = unique('perm');
    const created = await api<string>('POST', BASE, { json: { ...designJson(enCode, {}), webType: 1 } });
    expect(created.code, created.msg).toBe(200);
    await release(created.data!);
    const model = { ...(await menuItems(enCode)), id: created.data! };
    const clerk = await staff();
    await grant(clerk.id, { module: [onlineDevId, model.menuId] });
    const added = await as(clerk.token).create(model, record('表单'));
    expect(added.code, added.msg).toBe(200);
    for (const refused of [
      await as(clerk.token).list(model),
      await as(clerk.token).get(model, added.data!),
      await as(clerk.token).shown(model, added.data!),
      await as(clerk.token).update(model, added.data!, record('改')),
      await as(clerk.token).remove(model, added.data!),
      await as(clerk.token).removeMany(model, [added.data!]),
      await as(clerk.token).export(model),
    ])
      expect(refused.code).not.toBe(200);
    expect((await as(admin).get(model, added.data!)).code).toBe(200);
  });
});

describe('data permission', () => {
  let model: Model;
  let owner: Awaited<ReturnType<typeof staff>>;
  let other: Awaited<ReturnType<typeof staff>>;
  let nobody: Awaited<ReturnType<typeof staff>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    model = await releasedModel({ useDataPermission: true });
    const own = await scheme(model.menuId, 'creatorUserId', '==', '@userId');
    [owner, other, nobody] = [await staff(), await staff(), await staff()];
    for (const u of [owner, other])
      await grant(u.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons), resource: [own] });
    await grant(nobody.id, { module: [onlineDevId, model.menuId], button: Object.values(model.buttons) });
    for (const [who, title] of [
      [owner, 'o1'],
      [owner, 'o2'],
      [owner, 'o3'],
      [other, 'x1'],
      [nobody, 'n1'],
    ] as const) {
      const res = await as(who.token).create(model, record(title));
      expect(res.code, res.msg).toBe(200);
      ids[title] = res.data!;
    }
    ids.a1 = (await as(admin).create(model, record('a1'))).data!;
  });

  it('limits the list and the export to the records a granted scheme lets through', async () => {
    expect(titles(await as(owner.token).list(model))).toEqual(['o1', 'o2', 'o3']);
    expect(titles(await as(owner.token).list(model, { menuId: model.menuId, dataType: '1' }))).toEqual([
      'o1',
      'o2',
      'o3',
    ]);
    expect((await as(owner.token).list(model)).data!.pagination.total).toBe(3);
    expect(titles(await as(other.token).list(model))).toEqual(['x1']);
    expect(await exportedTitles(owner.token, model)).toEqual(['o1', 'o2', 'o3']);
    // a menu checking data with no scheme granted shows nothing, not even the user's own records
    expect(titles(await as(nobody.token).list(model))).toEqual([]);
    expect(await exportedTitles(nobody.token, model)).toEqual([]);
    expect(await as(nobody.token).get(model, ids.n1!)).toMatchObject({ code: 400, msg: '数据不存在' });
    // designers are not filtered: administrators and holders of the design menu
    expect(titles(await as(admin).list(model))).toEqual(['a1', 'n1', 'o1', 'o2', 'o3', 'x1']);
    const designer = await staff();
    const designMenu = (await ctx().db.select().from(module).where(eq(module.enCode, DESIGN_MENU)))[0]!;
    await grant(designer.id, { module: [onlineDevId, designMenu.id] });
    expect(titles(await as(designer.token).list(model))).toEqual(['a1', 'n1', 'o1', 'o2', 'o3', 'x1']);
  });

  it('answers a record outside the scope as a missing one, for reading and writing', async () => {
    expect(parsed(await as(owner.token).get(model, ids.o1!)).title).toBe('o1');
    expect(parsed(await as(owner.token).shown(model, ids.o1!)).title).toBe('o1');
    expect(await as(owner.token).get(model, ids.x1!)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await as(owner.token).shown(model, ids.a1!)).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(await as(owner.token).update(model, ids.x1!, { title: 'hijacked' })).toMatchObject({
      code: 400,
      msg: '更新失败，数据不存在',
    });
    expect(await as(owner.token).remove(model, ids.x1!)).toMatchObject({ code: 400, msg: '删除失败，数据不存在' });
    expect(await as(owner.token).removeMany(model, [ids.x1!, ids.a1!])).toMatchObject({
      code: 400,
      msg: '删除失败，数据不存在',
    });
    const [x1] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, ids.x1!));
    expect(x1!.data.title).toBe('x1');

    // within the scope everything works; a batch deletes only the ids within it
    expect((await as(owner.token).update(model, ids.o1!, { title: 'o1b' })).code).toBe(200);
    expect((await as(owner.token).remove(model, ids.o2!)).code).toBe(200);
    expect((await as(owner.token).removeMany(model, [ids.o3!, ids.x1!, ids.a1!])).code).toBe(200);
    const left = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, model.id));
    expect(left.map((r) => r.data.title).sort()).toEqual(['a1', 'n1', 'o1b', 'x1']);
  });

  it('filters on form fields too, and ORs the schemes a user holds', async () => {
    const m = await releasedModel({ useDataPermission: true });
    const big = await scheme(m.menuId, 'amount', '>=', 10);
    const tagged = await scheme(m.menuId, 'tags', 'like', 'b');
    for (const [title, patch] of [
      ['small', { amount: 2 }],
      ['large', { amount: 12 }],
      ['tagged', { amount: 1, tags: ['b'] }],
    ] as const) {
      const res = await as(admin).create(m, record(title, patch));
      expect(res.code, res.msg).toBe(200);
    }
    // a value that is not a number (written before the field was a number field) is simply not >= 10
    await ctx()
      .db.insert(visualRecord)
      .values({ id: unique('r'), modelId: m.id, data: { title: 'text', amount: 'many' }, creatorTime: Date.now() });
    const u = await staff();
    await grant(u.id, { module: [onlineDevId, m.menuId], button: Object.values(m.buttons), resource: [big] });
    expect(titles(await as(u.token).list(m))).toEqual(['large']);
    await grant(u.id, { module: [onlineDevId, m.menuId], button: Object.values(m.buttons), resource: [big, tagged] });
    expect(titles(await as(u.token).list(m))).toEqual(['large', 'tagged']);
  });
});

describe('form permission', () => {
  let model: Model;
  let user: Awaited<ReturnType<typeof staff>>;
  let id: string;

  beforeAll(async () => {
    model = await releasedModel({ useFormPermission: true });
    user = await staff();
    const f = model.forms;
    await grant(user.id, {
      module: [onlineDevId, model.menuId],
      button: Object.values(model.buttons),
      form: [f.title!, f.amount!, f.items!, f['items-name']!],
    });
    const res = await as(admin).create(
      model,
      record('first', {
        secret: 'classified',
        items: [
          { name: 'n1', qty: 2 },
          { name: 'n2', qty: 3 },
        ],
      }),
    );
    expect(res.code, res.msg).toBe(200);
    id = res.data!;
  });

  it('leaves fields and sub-table columns not granted out of the record and its display', async () => {
    const raw = parsed(await as(user.token).get(model, id));
    // system fields have no form item: they stay visible (read-only)
    expect(Object.keys(raw).sort()).toEqual(['amount', 'created', 'creator', 'items', 'title']);
    expect(raw.items).toEqual([{ name: 'n1' }, { name: 'n2' }]);
    const shown = parsed(await as(user.token).shown(model, id));
    expect(shown).not.toHaveProperty('secret');
    expect(shown.items).toEqual([{ name: 'n1' }, { name: 'n2' }]);
    expect(shown.title).toBe('first');
    // the list stays under column permission (off here): the column shows
    expect((await as(user.token).list(model)).data!.list[0]).toHaveProperty('secret');
    // administrators see everything
    expect(parsed(await as(admin).get(model, id))).toMatchObject({
      secret: 'classified',
      items: [{ qty: 2 }, { qty: 3 }],
    });
  });

  it('describes in the page definition only the fields the user may use', async () => {
    const config = async (token: string) => {
      const res = await call<{ formData: string }>(server, 'GET', `${RUN}/${model.id}/Config`, { token });
      expect(res.code, res.msg).toBe(200);
      const form = JSON.parse(res.data!.formData) as FormDataJson;
      const keys: string[] = [];
      const visit = (fields: FormDataJson['fields']) =>
        fields.forEach((f) => {
          if (f.__vModel__) keys.push(f.__vModel__);
          if (f.__config__.jnpfKey !== 'table') visit(f.__config__.children ?? []);
          else keys.push(...(f.__config__.children ?? []).map((c) => `items.${c.__vModel__}`));
        });
      visit(form.fields);
      return keys;
    };
    const mine = await config(user.token);
    expect(mine).not.toContain('secret');
    expect(mine).toContain('items.name');
    expect(mine).not.toContain('items.qty');
    expect(mine).toContain('title');
    expect(await config(admin)).toEqual(expect.arrayContaining(['secret', 'items.qty']));
  });

  it('ignores input for fields not granted: previous values stay, required ones are not asked for', async () => {
    const updated = await as(user.token).update(model, id, {
      title: 'second',
      secret: 'leaked',
      items: [{ name: 'm1', qty: 99 }, { name: 'm2' }, { name: 'm3' }],
    });
    expect(updated.code, updated.msg).toBe(200);
    const [row] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, id));
    expect(row!.data).toMatchObject({ title: 'second', secret: 'classified', amount: 1 });
    // hidden columns keep their values row by row; a new row starts them empty
    expect(row!.data.items).toEqual([{ name: 'm1', qty: 2 }, { name: 'm2', qty: 3 }, { name: 'm3' }]);

    // the required "secret" and "items-qty" cannot be filled by this user, so they are not required of them
    const created = await as(user.token).create(model, { title: 'mine', secret: 'x', items: [{ name: 'a', qty: 5 }] });
    expect(created.code, created.msg).toBe(200);
    const [mine] = await ctx().db.select().from(visualRecord).where(eq(visualRecord.id, created.data!));
    expect(mine!.data).not.toHaveProperty('secret');
    expect(mine!.data.items).toEqual([{ name: 'a' }]);
    // a granted required field still is
    const missing = await as(user.token).create(model, { amount: 3 });
    expect(missing.code).toBe(401);
  });
});
