// Popup attributes and relation-form attributes as sub-table columns, over HTTP against a real database: each row's
// attribute shows a field of what the popup or relation-form column of the same row picked; a stored popup
// attribute (isStorage) keeps its row's field whatever the input said, as a main-form one does, and a cell of the
// wrong shape is refused naming the table, the row and the column. A design is refused whose attribute follows a
// field it cannot: a main-form attribute a sub-table's column, a field that is missing or of another kind, a
// column attribute a field outside its table; on save and on release.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { visualDev } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, releaseBody, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { createSqlInterface } from '../../../../test/kit/dataInterfaces.js';

const BASE = '/api/visualdev/Base';
const table = `sub_attr_${Date.now().toString(36)}`;
let sqlId: string;
let customers: ReleasedModel;
let orders: ReleasedModel;
let acme = '';
let globex = '';

const list = JSON.stringify({
  type: 1,
  columnList: [],
  searchList: [],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
});

const popup = (vModel: string, label: string) =>
  field(
    'popupSelect',
    vModel,
    label,
    {},
    { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name', templateJson: [], multiple: false },
  );

/** the rows: an item (popup) with its kind shown and its kind stored, a customer (relation form) with its phone */
const lineColumns = () => [
  field('input', 'qty', '数量'),
  popup('item', '条目'),
  field('popupAttr', 'itemKind', '类别', {}, { relationField: 'item', showField: 'kind', isStorage: 0 }),
  field('popupAttr', 'kindKept', '存储类别', {}, { relationField: 'item', showField: 'kind', isStorage: 1 }),
  field('relationForm', 'customer', '客户', {}, { modelId: customers.id, relationField: 'name' }),
  field('relationFormAttr', 'customerPhone', '客户电话', {}, { relationField: 'customer', showField: 'phone' }),
];

const save = (fields: FieldConfig[], headers?: Record<string, string>) =>
  call<string>(server, 'POST', BASE, {
    token: admin,
    ...(headers ? { headers } : {}),
    json: designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', fields)) }),
  });

useDesignServer();
beforeAll(async () => {
  const app = ctx();
  await app.database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await app.database.query(`insert into ${table} values ('a1', '苹果', '水果'), ('v1', '白菜', '蔬菜')`);
  sqlId = await createSqlInterface(api, app, `select id, full_name, kind from ${table} order by id`);
  customers = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称'), field('input', 'phone', '电话')])),
      columnData: list,
    }) as Record<string, unknown> & { enCode: string },
  );
  const writer = recordsAs(server, admin);
  acme = (await writer.create(customers, { name: 'ACME', phone: '110' })).data!;
  globex = (await writer.create(customers, { name: 'Globex', phone: '120' })).data!;
  orders = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(
        sampleForm('none', [
          field('input', 'title', '标题'),
          field('table', 'lines', '明细', { children: lineColumns() }),
        ]),
      ),
      columnData: list,
    }) as Record<string, unknown> & { enCode: string },
  );
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

describe('attributes in a sub-table', () => {
  it("each row's attributes show its own pick; a stored one keeps the row's field, whatever the input said", async () => {
    const user = await signedInUser(server, {}, { grants: { [orders.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const created = await records.create(orders, {
      title: 'A',
      lines: [
        { qty: '1', item: 'a1', itemKind: '随便', kindKept: '伪造', customer: acme, customerPhone: '999' },
        { qty: '2', item: 'v1', customer: globex },
        { qty: '3' },
      ],
    });
    expect(created.code, JSON.stringify(created)).toBe(200);
    const stored = async () =>
      JSON.parse((await records.get(orders, created.data!)).data!.data).lines as Record<string, unknown>[];
    // only the stored attribute is kept, and as the row's item says
    expect(await stored()).toEqual([
      { qty: '1', item: 'a1', kindKept: '水果', customer: acme },
      { qty: '2', item: 'v1', kindKept: '蔬菜', customer: globex },
      { qty: '3' },
    ]);
    const shown = JSON.parse((await records.shown(orders, created.data!)).data!.data) as {
      lines: Record<string, unknown>[];
    };
    expect(shown.lines[0]).toMatchObject({
      item: '苹果',
      itemKind: '水果',
      kindKept: '水果',
      customer: 'ACME',
      customer_id: acme,
      customerPhone: '110',
    });
    expect(shown.lines[1]).toMatchObject({ item: '白菜', itemKind: '蔬菜', kindKept: '蔬菜', customerPhone: '120' });
    expect(shown.lines[2]).toMatchObject({ itemKind: '', kindKept: '', customerPhone: '' });

    // the row's pick changes: its stored attribute follows; a cleared pick clears it
    const edited = await records.update(orders, created.data!, {
      lines: [
        { qty: '1', item: 'v1', kindKept: '水果', customer: acme },
        { qty: '2', kindKept: '蔬菜' },
      ],
    });
    expect(edited.code, JSON.stringify(edited)).toBe(200);
    expect(await stored()).toEqual([{ qty: '1', item: 'v1', kindKept: '蔬菜', customer: acme }, { qty: '2' }]);
  });

  it('refuses a stored attribute cell of the wrong shape, naming the table, the row and the column', async () => {
    const user = await signedInUser(server, {}, { grants: { [orders.enCode]: ['btn_add'] } });
    const records = recordsAs(server, user.token);
    const refused = await records.create(orders, {
      lines: [{ item: 'a1' }, { item: 'v1', kindKept: { forged: true } }],
    });
    expect(errorsOf(refused)).toEqual({ lines: '明细第2行：存储类别格式不正确' });
    // the row's pick is checked as a main-form popup is
    expect(
      errorsOf(await records.create(orders, { lines: [{ item: 'a1' }, { item: 'zz', kindKept: '水果' }] })),
    ).toEqual({ lines: '明细第2行：条目的值不在选项中' });
    const english = await call(server, 'POST', `/api/visualdev/OnlineDev/${orders.id}`, {
      token: user.token,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ lines: [{ item: 'a1', kindKept: ['x'] }] }) },
    });
    expect(errorsOf(english)).toEqual({ lines: '明细, row 1: 存储类别 is not in the right format' });
  });

  it('refuses a design whose attribute follows a field it cannot, naming the field', async () => {
    const mainPopup = popup('goods', '商品');
    const attr = (relationField: string, key = 'popupAttr') =>
      field(key, 'shown', '显示', {}, { relationField, showField: 'kind', isStorage: 0 });
    const lines = (...extra: FieldConfig[]) =>
      field('table', 'lines', '明细', { children: [...lineColumns(), ...extra] });
    // a main-form attribute following a row's pick
    expect(errorsOf(await save([mainPopup, lines(), attr('item')]))).toEqual({
      'formData.fields.2.relationField': '显示关联的字段“item”是子表的列，主表的属性只能关联主表的字段',
    });
    expect(errorsOf(await save([mainPopup, lines(), attr('customer', 'relationFormAttr')]))).toEqual({
      'formData.fields.2.relationField': '显示关联的字段“customer”是子表的列，主表的属性只能关联主表的字段',
    });
    // a field that is not there, or not a popup select / relation form
    expect(errorsOf(await save([mainPopup, field('input', 'name', '名称'), attr('nothing')]))).toEqual({
      'formData.fields.2.relationField': '显示关联的字段“nothing”不存在',
    });
    expect(errorsOf(await save([mainPopup, field('input', 'name', '名称'), attr('name')]))).toEqual({
      'formData.fields.2.relationField': '显示关联的字段“name”不是弹窗选择',
    });
    expect(errorsOf(await save([mainPopup, attr('goods', 'relationFormAttr')]))).toEqual({
      'formData.fields.1.relationField': '显示关联的字段“goods”不是关联表单',
    });
    // a column attribute following a field outside its table
    expect(errorsOf(await save([mainPopup, lines(attr('goods'))]))).toEqual({
      'formData.fields.1.__config__.children.6.relationField': '显示关联的字段“goods”不是本子表的列',
    });
    const english = await save([mainPopup, lines(), attr('item')], { 'jnpf-language': 'en' });
    expect(errorsOf(english)).toEqual({
      'formData.fields.2.relationField':
        'The field "item" that 显示 follows is a sub-table column: an attribute of the main form can only follow a field of the main form',
    });
    const taiwan = await save([mainPopup, attr('nothing')], { 'jnpf-language': 'zhtw' });
    expect(errorsOf(taiwan)).toEqual({ 'formData.fields.1.relationField': '显示關聯的字段「nothing」不存在' });
    // the main form's own popup, and an attribute not following anything yet, are accepted
    expect((await save([mainPopup, lines(), attr('goods'), { ...attr(''), __vModel__: 'later' }])).code).toBe(200);
  });

  it('refuses to release a design whose attribute follows a sub-table column', async () => {
    const draft = await save([popup('goods', '商品'), field('table', 'lines', '明细', { children: lineColumns() })]);
    expect(draft.code, JSON.stringify(draft)).toBe(200);
    const bad = sampleForm('none', [
      field('table', 'lines', '明细', { children: lineColumns() }),
      field('popupAttr', 'shown', '显示', {}, { relationField: 'item', showField: 'kind' }),
    ]);
    // a design stored before the check (or written elsewhere)
    await ctx()
      .db.update(visualDev)
      .set({ formData: JSON.stringify(bad) })
      .where(eq(visualDev.id, draft.data!));
    const released = await call(server, 'POST', `${BASE}/${draft.data!}/Actions/Release`, {
      token: admin,
      json: await releaseBody(ctx()),
    });
    expect(errorsOf(released)).toEqual({
      'formData.fields.1.relationField': '显示关联的字段“item”是子表的列，主表的属性只能关联主表的字段',
    });
  });
});
