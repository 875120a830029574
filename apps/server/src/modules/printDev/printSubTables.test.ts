// The print data of a released form's sub-tables over HTTP against a real database: an empty sub-table (no
// rows, or never filled) is an empty list in Data and BatchData, so that a template's repeating table prints its
// title row and no row (and names no field as missing); popup attributes and relation-form attributes as
// sub-table columns print what each row's own pick shows, as the form's detail shows them.
import { PRINT_MAIN_LIST, printFieldHtml, renderPrintTemplate } from '@jnpf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../test/kit/visualdev.js';
import { createSqlInterface } from '../../../test/kit/dataInterfaces.js';

useDesignServer();

const B = '/api/system/printDev';
const table = `print_sub_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

type Row = Record<string, unknown>;
interface PrintData {
  printData: Row & { lines: Row[] };
  printTemplate: string;
}

const list = (prop: string, buttons: string[] = []) =>
  JSON.stringify({
    type: 1,
    columnList: [{ prop, label: prop, jnpfKey: 'input' }],
    searchList: [],
    btnsList: [{ value: 'add', label: '新增' }, ...buttons.map((value) => ({ value, label: value }))],
    columnBtnsList: [],
    hasPage: true,
    pageSize: 20,
  });

/** a delivery note: its title, then a table whose second row repeats over the lines */
const TEMPLATE =
  `<p>${printFieldHtml(PRINT_MAIN_LIST, 'title')}</p>` +
  '<table><tbody><tr><th>品名</th><th>类别</th><th>存储类别</th><th>客户</th><th>电话</th></tr><tr>' +
  ['item', 'itemKind', 'kindKept', 'customer', 'customerPhone']
    .map((f) => `<td>${printFieldHtml('lines', f)}</td>`)
    .join('') +
  '</tr></tbody></table>';

let orders: ReleasedModel;
let templateId = '';
let acme = '';
let globex = '';
let full = '';
let empty = '';
let unfilled = '';

beforeAll(async () => {
  const app = ctx();
  await app.database.query(`create table ${table} (id text primary key, full_name text, kind text)`);
  await app.database.query(`insert into ${table} values ('a1', '苹果', '水果'), ('v1', '白菜', '蔬菜')`);
  const sqlId = await createSqlInterface(api, app, `select id, full_name, kind from ${table} order by id`);
  const customers = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(sampleForm('none', [field('input', 'name', '名称'), field('input', 'phone', '电话')])),
      columnData: list('name'),
    }) as Row & { enCode: string },
  );
  const writer = recordsAs(server, admin);
  acme = (await writer.create(customers, { name: 'ACME', phone: '110' })).data!;
  globex = (await writer.create(customers, { name: 'Globex', phone: '120' })).data!;
  const columns = [
    field(
      'popupSelect',
      'item',
      '条目',
      {},
      { interfaceId: sqlId, propsValue: 'id', relationField: 'full_name', templateJson: [], multiple: false },
    ),
    field('popupAttr', 'itemKind', '类别', {}, { relationField: 'item', showField: 'kind', isStorage: 0 }),
    field('popupAttr', 'kindKept', '存储类别', {}, { relationField: 'item', showField: 'kind', isStorage: 1 }),
    field('relationForm', 'customer', '客户', {}, { modelId: customers.id, relationField: 'name' }),
    field('relationFormAttr', 'customerPhone', '电话', {}, { relationField: 'customer', showField: 'phone' }),
  ];
  orders = await createReleased(
    server,
    admin,
    designBody(categoryId, 'none', {
      formData: JSON.stringify(
        sampleForm('none', [field('input', 'title', '标题'), field('table', 'lines', '明细', { children: columns })]),
      ),
      columnData: list('title', ['batchPrint']),
    }) as Row & { enCode: string },
  );
  const created = async (value: Row) => {
    const res = await writer.create(orders, value);
    expect(res.code, res.msg).toBe(200);
    return res.data!;
  };
  full = await created({
    title: '有明细',
    lines: [{ item: 'a1', customer: acme }, { item: 'v1', customer: globex }, {}],
  });
  empty = await created({ title: '空明细', lines: [] });
  unfilled = await created({ title: '未填明细' });
  templateId = await api.create(B, {
    fullName: unique('送货单'),
    enCode: unique('ps'),
    category: 'form',
    type: 2,
    sortCode: 0,
    enabledMark: 1,
    dbLinkId: '0',
    sourceType: 2,
    formModelId: orders.id,
    sqlTemplate: '',
    printTemplate: TEMPLATE,
    pageParam: '',
    description: '',
  });
});

afterAll(async () => {
  await ctx().database.query(`drop table if exists ${table}`);
});

const dataOf = async (formId: string, token = admin, menuId = '') => {
  const res = await api.get<PrintData>(`${B}/Data`, {
    query: { id: templateId, formId, menuId },
    token,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data!;
};

describe('sub-tables in print data', () => {
  it('an empty sub-table is an empty list, in Data and BatchData', async () => {
    expect((await dataOf(empty)).printData).toMatchObject({ title: '空明细', lines: [] });
    expect((await dataOf(unfilled)).printData).toMatchObject({ title: '未填明细', lines: [] });
    const batch = await api.post<PrintData[]>(`${B}/BatchData`, { id: templateId, formId: [unfilled, full, empty] });
    expect(batch.code, batch.msg).toBe(200);
    expect(batch.data!.map((d) => d.printData.lines.length)).toEqual([0, 3, 0]);
    const byQuery = await api.get<PrintData[]>(`${B}/BatchData`, {
      query: { id: templateId, formId: `${empty},${unfilled}` },
    });
    expect(byQuery.data!.map((d) => d.printData.lines)).toEqual([[], []]);
  });

  it("prints an empty sub-table's repeating table as its title row alone, naming no field missing", async () => {
    const data = await dataOf(empty);
    const out = renderPrintTemplate(data.printTemplate, data.printData);
    expect(out.missing).toEqual([]);
    expect(out.html).toBe(
      '<p>空明细</p><table><tbody><tr><th>品名</th><th>类别</th><th>存储类别</th><th>客户</th><th>电话</th></tr></tbody></table>',
    );
  });

  it("popup and relation-form attributes in a sub-table print each row's own pick, as the detail shows", async () => {
    const { printData } = await dataOf(full);
    expect(printData.lines).toEqual([
      { item: '苹果', itemKind: '水果', kindKept: '水果', customer: 'ACME', customerPhone: '110' },
      { item: '白菜', itemKind: '蔬菜', kindKept: '蔬菜', customer: 'Globex', customerPhone: '120' },
      { item: '', itemKind: '', kindKept: '', customer: '', customerPhone: '' },
    ]);
    const out = renderPrintTemplate(TEMPLATE, printData);
    expect(out.missing).toEqual([]);
    expect(out.html).toContain(
      '<tr><td>苹果</td><td>水果</td><td>水果</td><td>ACME</td><td>110</td></tr>' +
        '<tr><td>白菜</td><td>蔬菜</td><td>蔬菜</td><td>Globex</td><td>120</td></tr>' +
        '<tr><td></td><td></td><td></td><td></td><td></td></tr></tbody>',
    );
    // a user printing through the form's menu reads the same rows
    const user = await signedInUser(server, {}, { grants: { [orders.enCode]: ['btn_batchPrint'] } });
    const batch = await api.post<PrintData[]>(
      `${B}/BatchData`,
      { id: templateId, formId: [full, empty], menuId: orders.menuId },
      { token: user.token },
    );
    expect(batch.code, batch.msg).toBe(200);
    expect(batch.data!.map((d) => d.printData.lines)).toEqual([printData.lines, []]);
    expect((await dataOf(full, user.token, orders.menuId)).printData.lines).toEqual(printData.lines);
  });
});
