// Popup fields of a form link's form (表单外链) over HTTP against a real database, without signing in: a visitor
// reads the rows of a popup select (and of its column in a sub-table) through the link, only the columns the
// design shows (label, columns, the fields its popup attributes show) — never the interface's other columns,
// whatever the visitor asks — and the rows of stored ids; a relation form's records of the form it links, only its
// columns; a closed, wrong or locked link reads nothing, nor a field that is not a popup of the form. A record with
// a picked row and a related record is then submitted through the link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { md5Hex, type FieldConfig } from '@jnpf/core';
import { visualRecord, visualRelease } from '../../../db/schema/index.js';
import { releasedChanged } from '../runtime/model.js';
import { call } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, releaseDesign, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';
import { createSqlInterface } from '../../../../test/kit/dataInterfaces.js';

const LINK = '/api/visualdev/ShortLink';
const table = `link_popup_${Date.now().toString(36)}`;
let modelId = '';
let token = '';
let customers: ReleasedModel;
let acme = '';

useDesignServer();

const popup = (vModel: string, label: string, interfaceId: string) =>
  field(
    'popupSelect',
    vModel,
    label,
    {},
    {
      interfaceId,
      propsValue: 'id',
      relationField: 'full_name',
      columnOptions: [{ value: 'full_name', label: '名称' }],
      templateJson: [],
      hasPage: true,
      pageSize: 20,
    },
  );

const settings = (patch: Record<string, unknown>) =>
  api<{ formLink: string; columnLink: string }>('PUT', LINK, {
    json: {
      id: modelId,
      formUse: 0,
      formPassUse: 0,
      formPassword: '',
      columnUse: 0,
      columnPassUse: 0,
      columnPassword: '',
      columnCondition: '[]',
      columnText: '[]',
      ...patch,
    },
  });
const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('encryption')!;

type Rows = { list: Record<string, unknown>[]; pagination: { total: number } };
const listAs = (body: Record<string, unknown>, as = token, headers?: Record<string, string>) =>
  call<Rows>(server, 'POST', `${LINK}/${modelId}/Popup/List`, {
    query: { encryption: as },
    headers,
    json: { currentPage: 1, pageSize: 20, keyword: '', paramList: [], ...body },
  });
const idsAs = (body: Record<string, unknown>, as = token) =>
  call<Record<string, unknown>[]>(server, 'POST', `${LINK}/${modelId}/Popup/InfoByIds`, {
    query: { encryption: as },
    json: { paramList: [], ...body },
  });

beforeAll(async () => {
  await ctx().database.query(`create table ${table} (id text primary key, full_name text, kind text, secret text)`);
  await ctx().database.query(
    `insert into ${table} values ('g1', '苹果', '水果', 'cost 3'), ('g2', '白菜', '蔬菜', 'cost 1')`,
  );
  const interfaceId = await createSqlInterface(
    api,
    ctx(),
    `select id, full_name, kind, secret from ${table} order by id`,
  );
  customers = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(
        sampleForm('none', [
          field('input', 'name', '名称'),
          field('input', 'phone', '电话'),
          field('input', 'secret', '底价'),
        ]),
      ),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'name', label: '名称', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      }),
    }) as Record<string, unknown> & { enCode: string },
  );
  acme = (await recordsAs(server, admin).create(customers, { name: 'ACME', phone: '123', secret: 'low' })).data!;
  const fields: FieldConfig[] = [
    field('input', 'title', '标题'),
    popup('goods', '商品', interfaceId),
    field('popupAttr', 'goodsKind', '商品类别', {}, { relationField: 'goods', showField: 'kind', isStorage: 0 }),
    field('table', 'lines', '明细', { children: [popup('item', '物品', interfaceId)] }),
    field(
      'relationForm',
      'customer',
      '客户',
      {},
      {
        modelId: customers.id,
        relationField: 'name',
        columnOptions: [{ value: 'name', label: '名称' }],
        hasPage: true,
      },
    ),
    field('relationFormAttr', 'customerPhone', '客户电话', {}, { relationField: 'customer', showField: 'phone' }),
    // sub-tables whose rows are added through a select-data dialog: over the interface, and over the design
    field(
      'table',
      'picks',
      '选货',
      { children: [field('input', 'pickName', '名称'), field('input', 'pickKind', '类别')] },
      {
        addType: 1,
        addTableConf: {
          dataSource: 'dynamic',
          interfaceId,
          propsValue: 'id',
          relationField: 'full_name',
          columnOptions: [{ value: 'full_name', label: '名称' }],
          relationOptions: [
            { field: 'pickName', type: 1, value: 'full_name' },
            { field: 'pickKind', type: 1, value: 'kind' },
          ],
        },
      },
    ),
    field(
      'table',
      'orders',
      '订单',
      { children: [field('input', 'orderPhone', '电话')] },
      {
        addType: 1,
        addTableConf: {
          dataSource: 'model',
          modelId: customers.id,
          columnOptions: [{ value: 'name', label: '名称' }],
          relationOptions: [{ field: 'orderPhone', type: 1, value: 'phone' }],
        },
      },
    ),
  ];
  modelId = await api.create(
    '/api/visualdev/Base',
    designBody(categoryId, 'none', {
      webType: 1,
      columnData: '',
      formData: JSON.stringify(sampleForm('none', fields)),
    }),
  );
  await releaseDesign(server, admin, modelId);
  token = tokenOf((await settings({ formUse: 1 })).data!.formLink);
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

describe('popups of a form link', () => {
  it('reads the rows a popup shows, only its columns, whatever the visitor asks for', async () => {
    const page = await listAs({
      field: 'goods',
      columnOptions: 'secret',
      relationField: 'secret',
      propsValue: 'secret',
    });
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.pagination.total).toBe(2);
    // the value, the label and column, and the field the popup attribute shows; not the secret
    expect(page.data!.list).toEqual([
      { id: 'g1', full_name: '苹果', kind: '水果' },
      { id: 'g2', full_name: '白菜', kind: '蔬菜' },
    ]);
    // the keyword searches the label and columns
    expect((await listAs({ field: 'goods', keyword: '白' })).data!.list).toEqual([
      { id: 'g2', full_name: '白菜', kind: '蔬菜' },
    ]);
    expect((await listAs({ field: 'goods', keyword: 'cost' })).data!.list).toEqual([]);
    // a sub-table's popup column: no popup attribute shows a field of it
    expect((await listAs({ field: 'item', table: 'lines' })).data!.list[0]).toEqual({ id: 'g1', full_name: '苹果' });
    const byIds = await idsAs({ field: 'goods', ids: ['g2'], propsValue: 'secret' });
    expect(byIds.data).toEqual([{ id: 'g2', full_name: '白菜', kind: '蔬菜' }]);
  });

  it('lists the records a relation form links, only its columns', async () => {
    const relation = (query: Record<string, unknown>, as = token) =>
      call<Rows>(server, 'GET', `${LINK}/${modelId}/Relation/List`, {
        query: { encryption: as, currentPage: 1, pageSize: 20, ...query },
      });
    const page = await relation({ field: 'customer', columnOptions: 'secret' });
    expect(page.code, page.msg).toBe(200);
    // the label and the field its attribute shows; not the other fields, nor raw ids
    expect(page.data!.list).toEqual([{ id: acme, name: 'ACME', phone: '123' }]);
    expect((await relation({ field: 'customer', keyword: 'low' })).data!.list).toEqual([]);
    expect((await relation({ field: 'goods' })).code).toBe(400);
    expect((await relation({ field: 'customer' }, 'not-a-token')).code).toBe(400);
  });

  it("never searches the related form's masked fields by keyword", async () => {
    const db = ctx().db;
    const [released] = await db.select().from(visualRelease).where(eq(visualRelease.id, customers.id));
    const form = JSON.parse(released!.formData) as { fields: FieldConfig[] };
    Object.assign(
      form.fields.find((f) => f.__vModel__ === 'phone')!,
      {
        useMask: true,
        maskConfig: { filler: '*', maskType: 1 },
      },
    );
    const relation = (keyword: string) =>
      call<Rows>(server, 'GET', `${LINK}/${modelId}/Relation/List`, {
        query: { encryption: token, currentPage: 1, pageSize: 20, field: 'customer', keyword },
      });
    await db
      .update(visualRelease)
      .set({ formData: JSON.stringify(form) })
      .where(eq(visualRelease.id, customers.id));
    await releasedChanged(ctx(), customers.id);
    try {
      // each keyword would test one guess of the hidden value
      expect((await relation('123')).data!.list).toEqual([]);
      expect((await relation('ACME')).data!.list).toEqual([{ id: acme, name: 'ACME', phone: '***' }]);
    } finally {
      await db.update(visualRelease).set({ formData: released!.formData }).where(eq(visualRelease.id, customers.id));
      await releasedChanged(ctx(), customers.id);
    }
  });

  it("reads a sub-table select-data dialog's rows, only its columns and the fields its rows copy", async () => {
    const page = await listAs({ field: 'picks', columnOptions: 'secret' });
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.list).toEqual([
      { id: 'g1', full_name: '苹果', kind: '水果' },
      { id: 'g2', full_name: '白菜', kind: '蔬菜' },
    ]);
    expect((await listAs({ field: 'picks', keyword: 'cost' })).data!.list).toEqual([]);
    const records = await call<Rows>(server, 'GET', `${LINK}/${modelId}/Relation/List`, {
      query: { encryption: token, currentPage: 1, pageSize: 20, field: 'orders' },
    });
    expect(records.code, records.msg).toBe(200);
    expect(records.data!.list).toEqual([{ id: acme, name: 'ACME', phone: '123' }]);
    // a dialog over a design is not read as an interface's, nor the other way round; a table without one reads nothing
    expect((await listAs({ field: 'orders' })).code).toBe(400);
    const wrongWay = await call(server, 'GET', `${LINK}/${modelId}/Relation/List`, {
      query: { encryption: token, field: 'picks' },
    });
    expect(wrongWay.code).toBe(400);
    expect((await listAs({ field: 'lines' })).code).toBe(400);
  });

  it('reads nothing for a field that is not a popup of the form', async () => {
    for (const body of [{ field: 'title' }, { field: 'ghost' }, { field: 'item' }, { field: 'goods', table: 'title' }])
      expect((await listAs(body)).code, JSON.stringify(body)).toBe(400);
    expect((await idsAs({ field: 'goodsKind', ids: ['g1'] })).code).toBe(400);
  });

  it('takes a record with a picked row through the link', async () => {
    const res = await call(server, 'POST', `${LINK}/${modelId}`, {
      query: { encryption: token },
      json: { data: JSON.stringify({ title: 'visitor', goods: 'g1', lines: [{ item: 'g2' }], customer: acme }) },
    });
    expect(res.code, res.msg).toBe(200);
    const rows = await ctx().db.select().from(visualRecord).where(eq(visualRecord.modelId, modelId));
    expect(rows.map((r) => r.data)).toContainEqual(
      expect.objectContaining({ title: 'visitor', goods: 'g1', customer: acme }),
    );
    const refused = await call(server, 'POST', `${LINK}/${modelId}`, {
      query: { encryption: token },
      json: { data: JSON.stringify({ title: 'visitor', goods: 'g9', customer: 'nope' }) },
    });
    expect(refused.code).toBe(401);
    expect(Object.keys((refused.data as { errors: Record<string, string> }).errors).sort()).toEqual([
      'customer',
      'goods',
    ]);
  });

  it('reads nothing through a wrong, closed or locked link', async () => {
    expect(await listAs({ field: 'goods' }, 'not-a-token')).toMatchObject({ code: 400, msg: '无效链接' });
    expect((await call(server, 'POST', `${LINK}/${modelId}/Popup/List`, { json: { field: 'goods' } })).code).toBe(400);
    // a password: nothing until it is given
    await settings({ formUse: 1, formPassUse: 1, formPassword: 'abc123' });
    expect(await listAs({ field: 'goods' })).toMatchObject({ code: 400, msg: '该链接需要密码，请先输入密码' });
    const ticket = (
      await call<{ ticket: string }>(server, 'POST', `${LINK}/checkPwd`, {
        json: { id: modelId, type: 0, encryption: token, password: md5Hex('abc123') },
      })
    ).data!.ticket;
    expect((await listAs({ field: 'goods' }, token, { 'x-link-ticket': ticket })).code).toBe(200);
    // switched off
    await settings({ formUse: 0 });
    expect(await listAs({ field: 'goods' })).toMatchObject({ code: 400, msg: '未开启表单外链！' });
    expect((await idsAs({ field: 'goods', ids: ['g1'] })).code).toBe(400);
  });
});
