// Relation-form fields of a released form over HTTP against a real database: a relation form saves the id of a
// record of the released form it names and refuses any other id (naming the field, storing nothing); its list and
// detail show the related record's relationField, with the id beside it, and a relation-form attribute shows
// another field of that record without storing it. A design naming no form, or one never released, is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { UNPAGED_ROWS_MAX, type FieldConfig } from '@jnpf/core';
import { call } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
let customers: ReleasedModel;
let orders: ReleasedModel;
let acme: string;

const listOf = (props: [string, string, string][]) =>
  JSON.stringify({
    type: 1,
    columnList: props.map(([prop, label, jnpfKey]) => ({ prop, label, jnpfKey })),
    searchList: [],
    btnsList: [{ value: 'add', label: '新增' }],
    columnBtnsList: [{ value: 'edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
  });

const relationFields = (modelId: string): FieldConfig[] => [
  field('relationForm', 'customer', '客户', {}, { modelId, relationField: 'name', columnOptions: [], hasPage: true }),
  field('relationFormAttr', 'customerPhone', '客户电话', {}, { relationField: 'customer', showField: 'phone' }),
  field('input', 'note', '备注'),
];

useDesignServer();
beforeAll(async () => {
  customers = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称'), field('input', 'phone', '电话')])),
      columnData: listOf([
        ['name', '名称', 'input'],
        ['phone', '电话', 'input'],
      ]),
    }) as Record<string, unknown> & { enCode: string },
  );
  const created = await recordsAs(server, admin).create(customers, { name: 'ACME', phone: '123' });
  expect(created.code, created.msg).toBe(200);
  acme = created.data!;
  orders = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', relationFields(customers.id))),
      columnData: listOf([
        ['customer', '客户', 'relationForm'],
        ['customerPhone', '客户电话', 'relationFormAttr'],
        ['note', '备注', 'input'],
      ]),
    }) as Record<string, unknown> & { enCode: string },
  );
});

const stored = async (id: string) =>
  (
    await ctx().database.query<{ data: Record<string, unknown> }>('select data from base_visual_record where id = $1', [
      id,
    ])
  )[0]!.data;
const countOf = async (modelId: string) =>
  Number(
    (
      await ctx().database.query<{ n: string }>('select count(*) as n from base_visual_record where model_id = $1', [
        modelId,
      ])
    )[0]!.n,
  );

describe('relation-form fields of a released form', () => {
  it('a relation form must name a released form', async () => {
    const none = [field('relationForm', 'customer', '客户', {}, { modelId: '' })];
    const refused = await api.post(
      BASE,
      designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', none)) }),
    );
    expect(errorsOf(refused)).toEqual({ 'formData.fields.0.modelId': '请为客户选择关联功能' });
    const draft = await api.post<string>(
      BASE,
      designBody(categoryId, 'none', {
        webType: 1,
        formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称')])),
      }),
    );
    expect(draft.code, draft.msg).toBe(200);
    const unreleased = [field('relationForm', 'customer', '客户', {}, { modelId: draft.data! })];
    const again = await api.post(
      BASE,
      designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', unreleased)) }),
    );
    expect(errorsOf(again)).toEqual({ 'formData.fields.0.modelId': '客户关联的功能未发布' });
    const english = await call(server, 'POST', BASE, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: designBody(categoryId, 'none', { webType: 1, formData: JSON.stringify(sampleForm('none', unreleased)) }),
    });
    expect(errorsOf(english)).toEqual({
      'formData.fields.0.modelId': 'The function 客户 relates to has not been released',
    });
  });

  it('saves the id of a related record and shows its relationField in the list and the detail', async () => {
    const user = await signedInUser(server, {}, { grants: { [orders.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const created = await records.create(orders, { customer: acme, customerPhone: '伪造', note: 'n' });
    expect(created.code, created.msg).toBe(200);
    // the attribute stores nothing of its own
    expect(await stored(created.data!)).toEqual({ customer: acme, note: 'n' });
    const page = await records.list(orders);
    expect(page.code, page.msg).toBe(200);
    expect(page.data!.list.find((r) => r.id === created.data)).toMatchObject({
      customer: 'ACME',
      customer_id: acme,
      customerPhone: '123',
    });
    const shown = JSON.parse((await records.shown(orders, created.data!)).data!.data);
    expect(shown).toMatchObject({ customer: 'ACME', customer_id: acme, customerPhone: '123' });
    // the picker of the granted user offers the related records
    const offered = await call<{ list: { id: string; name: string }[] }>(
      server,
      'GET',
      `${BASE}/${customers.id}/FieldDataSelect`,
      { token: user.token, query: { relationField: 'name', columnOptions: 'phone', currentPage: 1, pageSize: 20 } },
    );
    expect(offered.code, offered.msg).toBe(200);
    // the field its attribute shows is offered too, though not a column of the chooser
    expect(offered.data!.list).toContainEqual(expect.objectContaining({ id: acme, name: 'ACME', phone: '123' }));
    // the labels of the columns read, for a chooser whose link kept none
    expect((offered.data as { columns?: unknown }).columns).toEqual([
      { prop: 'name', label: '名称' },
      { prop: 'phone', label: '电话' },
    ]);
    // a chooser without paging reads the most rows an unpaged read answers, and no more
    const unpaged = (pageSize: number) =>
      call(server, 'GET', `${BASE}/${customers.id}/FieldDataSelect`, {
        token: user.token,
        query: { relationField: 'name', currentPage: 1, pageSize },
      });
    expect((await unpaged(UNPAGED_ROWS_MAX)).code).toBe(200);
    expect((await unpaged(UNPAGED_ROWS_MAX + 1)).code).not.toBe(200);
    // cleared, the field and its attribute show nothing
    expect((await records.update(orders, created.data!, { customer: '' })).code).toBe(200);
    expect(await stored(created.data!)).toEqual({ note: 'n' });
  });

  it('refuses an id that is not a record of the related form, naming the field, and stores nothing', async () => {
    const user = await signedInUser(server, {}, { grants: { [orders.enCode]: ['btn_add', 'btn_edit'] } });
    const records = recordsAs(server, user.token);
    const before = await countOf(orders.id);
    expect(errorsOf(await records.create(orders, { customer: 'forged' }))).toEqual({
      customer: '客户关联的数据不存在或无权查看',
    });
    expect(errorsOf(await records.create(orders, { customer: { id: acme } }))).toEqual({ customer: '客户格式不正确' });
    const mine = await records.create(orders, { note: 'own' });
    expect(mine.code).toBe(200);
    // a record of another form (this one) is not a record of the related form
    expect(errorsOf(await records.create(orders, { customer: mine.data! }))).toEqual({
      customer: '客户关联的数据不存在或无权查看',
    });
    expect(await countOf(orders.id)).toBe(before + 1);
    const english = await call(server, 'POST', `/api/visualdev/OnlineDev/${orders.id}`, {
      token: user.token,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ customer: 'forged' }) },
    });
    expect(errorsOf(english)).toEqual({ customer: 'The record 客户 refers to does not exist or cannot be read' });
    const update = await records.update(orders, mine.data!, { customer: 'forged' });
    expect(errorsOf(update)).toEqual({ customer: '客户关联的数据不存在或无权查看' });
    expect(await stored(mine.data!)).toEqual({ note: 'own' });
  });

  it('keeps the record it related to, deleted since, while checking a record the input adds', async () => {
    const writer = recordsAs(server, admin);
    const gone = await writer.create(customers, { name: 'Gone', phone: '000' });
    expect(gone.code, gone.msg).toBe(200);
    const order = await writer.create(orders, { customer: gone.data!, note: 'a' });
    expect(order.code, order.msg).toBe(200);
    expect((await writer.remove(customers, gone.data!)).code).toBe(200);
    // the whole form sent back as it was, one field changed: saved
    const kept = await writer.update(orders, order.data!, { customer: gone.data!, note: 'b' });
    expect(kept.code, kept.msg).toBe(200);
    expect(await stored(order.data!)).toMatchObject({ customer: gone.data!, note: 'b' });
    // the deleted record is not taken by another record, nor again once left
    expect(errorsOf(await writer.create(orders, { customer: gone.data! }))).toEqual({
      customer: '客户关联的数据不存在或无权查看',
    });
    expect((await writer.update(orders, order.data!, { customer: acme })).code).toBe(200);
    expect(errorsOf(await writer.update(orders, order.data!, { customer: gone.data! }))).toEqual({
      customer: '客户关联的数据不存在或无权查看',
    });
  });

  it("a sub-table's select-data dialog over a design lets its form's users read the columns it names", async () => {
    const chooser = (conf: Record<string, unknown>) => {
      const table = field('table', 'lines', '明细', { children: [field('input', 'who', '客户名', {}, {})] }, {});
      return { ...table, __config__: { ...table.__config__, tableName: 'lines' }, addType: 1, addTableConf: conf };
    };
    const host = (conf: Record<string, unknown>) =>
      createReleased(
        server,
        admin,
        designBody(categoryId, 'none', {
          formData: JSON.stringify(sampleForm('none', [field('input', 'note', '备注'), chooser(conf)])),
          columnData: listOf([['note', '备注', 'input']]),
        }) as Record<string, unknown> & { enCode: string },
      );
    const picking = await host({
      dataSource: 'model',
      modelId: customers.id,
      columnOptions: [{ value: 'name', label: '名称' }],
      relationOptions: [{ field: 'who', type: 1, value: 'phone' }],
    });
    const user = await signedInUser(server, {}, { grants: { [picking.enCode]: ['btn_add'] } });
    const rows = (columnOptions: string, token = user.token) =>
      call<{ list: Record<string, unknown>[] }>(server, 'GET', `${BASE}/${customers.id}/FieldDataSelect`, {
        token,
        query: { columnOptions, currentPage: 1, pageSize: 20 },
      });
    const offered = await rows('name,phone');
    expect(offered.code, offered.msg).toBe(200);
    // its column and the field a row copies
    expect(offered.data!.list).toContainEqual(expect.objectContaining({ id: acme, name: 'ACME', phone: '123' }));
    // an interface-sourced dialog naming the same design grants nothing
    const other = await host({ dataSource: 'dynamic', modelId: customers.id, interfaceId: 'x' });
    const outsider = await signedInUser(server, {}, { grants: { [other.enCode]: ['btn_add'] } });
    expect((await rows('name', outsider.token)).code).not.toBe(200);
  });
});

describe('a relation-form picker over a masked field', () => {
  it('searches a masked column by keyword only for one who reads it in clear', async () => {
    const masked = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(
          sampleForm('none', [
            field('input', 'name', '名称'),
            field('input', 'phone', '电话', {}, { useMask: true, maskConfig: { filler: '*', maskType: 1 } }),
          ]),
        ),
        columnData: listOf([['name', '名称', 'input']]),
      }) as Record<string, unknown> & { enCode: string },
    );
    const record = (await recordsAs(server, admin).create(masked, { name: 'Hidden Co', phone: '13812345678' })).data!;
    const host = await createReleased(
      server,
      admin,
      designBody(categoryId, 'none', {
        formData: JSON.stringify(sampleForm('none', relationFields(masked.id))),
        columnData: listOf([['note', '备注', 'input']]),
      }) as Record<string, unknown> & { enCode: string },
    );
    const user = await signedInUser(server, {}, { grants: { [host.enCode]: ['btn_add'] } });
    const found = async (keyword: string, token = user.token) => {
      const page = await call<{ list: { id: string }[] }>(server, 'GET', `${BASE}/${masked.id}/FieldDataSelect`, {
        token,
        query: { relationField: 'name', columnOptions: 'phone', keyword, currentPage: 1, pageSize: 20 },
      });
      expect(page.code, page.msg).toBe(200);
      return page.data!.list.map((r) => r.id);
    };
    // each keyword would test one guess of the hidden number
    expect(await found('13812345678')).toEqual([]);
    expect(await found('Hidden')).toEqual([record]);
    // a designer reads it in clear
    expect(await found('13812345678', admin)).toEqual([record]);
  });
});
