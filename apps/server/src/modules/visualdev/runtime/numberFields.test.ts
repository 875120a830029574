// The number widgets with rules of their own, on a released online form over HTTP against a real database: the
// amount (decimals, bounds, shown with thousands), the number range ([min, max]) and the calculated field
// (re-checked against its expression). A tampered value is refused with the field's label and nothing is stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/harness.js';
import type { FieldConfig } from '@jnpf/core';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { admin, server } from '../../../../test/kit/adminServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

let model: ReleasedModel;
const records = () => recordsAs(server, admin);
const create = (data: Record<string, unknown>) => records().create(model, data);

const DUE_START = Date.UTC(2024, 4, 1);
const DUE_END = Date.UTC(2024, 4, 31, 23, 59, 59, 999);

const fields: FieldConfig[] = [
  field('amount', 'price', '单价', {}, { precision: 2, thousands: true, isAmountChinese: true, min: 0, max: 100000 }),
  field('numRange', 'size', '尺寸', {}, { precision: 1, min: 0, max: 100 }),
  field('inputNumber', 'qty', '数量'),
  field('table', 'items', '明细', {
    children: [
      field('inputNumber', 'weight', '重量'),
      // per row: the row's weight × 2 (stored), and its half (shown only)
      field(
        'calculate',
        'lineTotal',
        '行合计',
        {},
        { expression: [{ __vModel__: 'items.weight' }, '×', '2'], precision: 2, isStorage: true },
      ),
      field(
        'calculate',
        'lineHalf',
        '行半数',
        {},
        { expression: [{ __vModel__: 'items.weight' }, '÷', '2'], precision: 2 },
      ),
    ],
  }),
  // price × qty + the sum of the rows' weights, stored
  field(
    'calculate',
    'total',
    '合计',
    {},
    {
      expression: [{ __vModel__: 'price' }, '×', { __vModel__: 'qty' }, '+', { __vModel__: 'items.weight' }],
      precision: 2,
      thousands: true,
      isStorage: true,
    },
  ),
  // the same formula, not stored: shown as computed
  field('calculate', 'shownOnly', '参考合计', {}, { expression: [{ __vModel__: 'qty' }, '÷', '3'], precision: 1 }),
  // required, not stored: what it computes is what the required check tests
  field(
    'calculate',
    'needed',
    '必填计算',
    { required: true },
    { expression: [{ __vModel__: 'qty' }, '+', '1'], precision: 0 },
  ),
  field('input', 'note', '备注'),
  // bounded pickers and a stepped slider: what the form cannot give is refused
  field(
    'datePicker',
    'due',
    '交付日期',
    {},
    { type: 'date', format: 'yyyy-MM-dd', startTime: DUE_START, endTime: DUE_END },
  ),
  field('timePicker', 'opens', '营业时间', {}, { format: 'HH:mm:ss', startTime: '09:00:00', endTime: '17:00:00' }),
  field('slider', 'ratio', '比例', {}, { min: 0, max: 100, step: 5 }),
  // the sum of a computed column that is not stored: read as computed
  field('calculate', 'halfSum', '半数合计', {}, { expression: [{ __vModel__: 'items.lineHalf' }], precision: 2 }),
];

useDesignServer();
beforeAll(async () => {
  const body = designBody(categoryId, 'none', {
    webType: 1,
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: '',
  });
  model = await createReleased(server, admin, body as Record<string, unknown> & { enCode: string });
});

async function stored(id: string) {
  const raw = await records().get(model, id);
  const shown = await records().shown(model, id);
  return { raw: JSON.parse(raw.data!.data) as Record<string, unknown>, shown: JSON.parse(shown.data!.data) };
}

describe('amount', () => {
  it('keeps a number (numeric text taken) and shows it with its decimals and thousands', async () => {
    const created = await create({ price: '12345.5' });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw.price).toBe(12345.5);
    expect(shown.price).toBe('12,345.50');
  });

  it('refuses text, more decimals than its precision and a value beyond its bounds, naming the field', async () => {
    expect(errorsOf(await create({ price: 'abc' }))).toEqual({ price: '单价必须是数字' });
    expect(errorsOf(await create({ price: 1.234 }))).toEqual({ price: '单价最多保留2位小数' });
    expect(errorsOf(await create({ price: -1 }))).toEqual({ price: '单价不能小于0' });
    expect(errorsOf(await create({ price: 100001 }))).toEqual({ price: '单价不能大于100000' });
  });
});

describe('number range', () => {
  it('keeps [min, max] with 0 as a real end and an open end, shown as "min - max"', async () => {
    const created = await create({ size: [0, '12.5'] });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw.size).toEqual([0, 12.5]);
    expect(shown.size).toBe('0.0 - 12.5');
    const open = await create({ size: [null, 3] });
    expect((await stored(open.data!)).raw.size).toEqual([null, 3]);
    const empty = await create({ size: [null, null] });
    expect((await stored(empty.data!)).raw.size).toBeUndefined();
  });

  it('refuses a range that is not a pair of numbers, in the wrong order, too precise or out of bounds', async () => {
    const shape = '尺寸必须是包含最小值和最大值的数字范围';
    expect(errorsOf(await create({ size: ['a', 1] }))).toEqual({ size: shape });
    expect(errorsOf(await create({ size: [1, 2, 3] }))).toEqual({ size: shape });
    expect(errorsOf(await create({ size: { min: 1 } }))).toEqual({ size: shape });
    expect(errorsOf(await create({ size: [5, 1] }))).toEqual({ size: '尺寸的最小值不能大于最大值' });
    expect(errorsOf(await create({ size: [1.25, 2] }))).toEqual({ size: '尺寸最多保留1位小数' });
    expect(errorsOf(await create({ size: [-1, 2] }))).toEqual({ size: '尺寸不能小于0' });
    expect(errorsOf(await create({ size: [1, 101] }))).toEqual({ size: '尺寸不能大于100' });
  });
});

describe("bounds of pickers and a slider's steps", () => {
  it('keeps a date and a time within their bounds and a slider value on a step', async () => {
    const created = await create({ due: DUE_START, opens: '17:00:00', ratio: 35 });
    expect(created.code, created.msg).toBe(200);
    expect((await stored(created.data!)).raw).toMatchObject({ due: DUE_START, opens: '17:00:00', ratio: 35 });
  });

  it('refuses a date or time outside its bounds and a value off the steps, on create and update', async () => {
    const outside = '不在可选的范围内';
    expect(errorsOf(await create({ due: DUE_START - 1 }))).toEqual({ due: `交付日期${outside}` });
    expect(errorsOf(await create({ due: DUE_END + 1 }))).toEqual({ due: `交付日期${outside}` });
    expect(errorsOf(await create({ opens: '08:59:59' }))).toEqual({ opens: `营业时间${outside}` });
    expect(errorsOf(await create({ ratio: 33 }))).toEqual({ ratio: '比例只能按步长5取值' });
    const created = await create({ due: DUE_END });
    expect(created.code, created.msg).toBe(200);
    expect(errorsOf(await records().update(model, created.data!, { due: DUE_END + 1 }))).toEqual({
      due: `交付日期${outside}`,
    });
    expect((await stored(created.data!)).raw.due).toBe(DUE_END);
  });
});

describe('calculate', () => {
  const items = [{ weight: 1.5 }, { weight: '2' }, { weight: null }];

  it('stores the result its formula gives (sub-table column summed), and shows one not stored', async () => {
    const created = await create({ price: 1000, qty: 2, items, total: 2003.5, shownOnly: 0.7 });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw.total).toBe(2003.5);
    expect(raw.shownOnly).toBeUndefined();
    expect(shown).toMatchObject({ total: '2,003.5', shownOnly: '0.7' });
  });

  it('fills in the result when none is sent, and recomputes it when an operand changes', async () => {
    const created = await create({ price: 10, qty: 3 });
    expect(created.code, created.msg).toBe(200);
    expect((await stored(created.data!)).raw.total).toBe(30);
    const updated = await records().update(model, created.data!, { price: 10, qty: 4, total: 40 });
    expect(updated.code, updated.msg).toBe(200);
    expect((await stored(created.data!)).raw.total).toBe(40);
  });

  it('refuses a tampered result with the label and the expected value, storing nothing', async () => {
    const before = (await records().list(model)).data!.pagination.total;
    expect(errorsOf(await create({ price: 1000, qty: 2, items, total: 9999 }))).toEqual({
      total: '合计的计算结果应为2003.50',
    });
    expect(errorsOf(await create({ qty: 3, shownOnly: 5 }))).toEqual({ shownOnly: '参考合计的计算结果应为1.0' });
    expect(errorsOf(await create({ qty: 1, total: 'abc' }))).toEqual({ total: '合计格式不正确' });
    expect((await records().list(model)).data!.pagination.total).toBe(before);
  });
});

describe('calculate in a sub-table', () => {
  it("stores each row's stored cell as its formula gives it for that row, and shows the others computed", async () => {
    const created = await create({ items: [{ weight: 1.5, lineTotal: 3 }, { weight: 4 }] });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw.items).toEqual([
      { weight: 1.5, lineTotal: 3 },
      { weight: 4, lineTotal: 8 },
    ]);
    expect(shown.items).toMatchObject([
      { weight: 1.5, lineTotal: '3', lineHalf: '0.75' },
      { weight: 4, lineTotal: '8', lineHalf: '2' },
    ]);
    // a formula over the unstored column sums the cells as computed; a result sent is checked against that sum
    expect(shown.halfSum).toBe('2.75');
    const sent = await create({ items: [{ weight: 1, lineHalf: 0.5 }], halfSum: 0.5 });
    expect(sent.code, sent.msg).toBe(200);
    expect(errorsOf(await create({ items: [{ weight: 1 }], halfSum: 0 }))).toEqual({
      halfSum: '半数合计的计算结果应为0.50',
    });
    // a row changed by another call: its cells recomputed
    const updated = await records().update(model, created.data!, { items: [{ weight: 10 }] });
    expect(updated.code, updated.msg).toBe(200);
    expect((await stored(created.data!)).raw.items).toEqual([{ weight: 10, lineTotal: 20 }]);
  });

  it('refuses a tampered cell with the table, the row and the column', async () => {
    expect(errorsOf(await create({ items: [{ weight: 1 }, { weight: 2, lineTotal: 9 }] }))).toEqual({
      items: '明细第2行：行合计的计算结果应为4.00',
    });
    expect(errorsOf(await create({ items: [{ weight: 1, lineHalf: 3 }] }))).toEqual({
      items: '明细第1行：行半数的计算结果应为0.50',
    });
  });
});

describe('a required calculated field not stored', () => {
  it('passes the required check with what it computes, on create and on an update that does not send it', async () => {
    const created = await create({ qty: 2 });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw.needed).toBeUndefined();
    expect(shown.needed).toBe('3');
    const updated = await records().update(model, created.data!, { note: '只改备注' });
    expect(updated.code, updated.msg).toBe(200);
  });
});

describe('calculate formulas in the design', () => {
  const save = (fields: FieldConfig[], lang = 'zh') =>
    call(server, 'POST', '/api/visualdev/Base', {
      token: admin,
      headers: { 'jnpf-language': lang },
      json: designBody(categoryId, 'none', {
        webType: 1,
        formData: JSON.stringify(sampleForm('none', fields)),
        columnData: '',
      }),
    });

  it("refuses a malformed formula with the field's label and where it goes wrong, in a sub-table too", async () => {
    const res = await save([
      field('inputNumber', 'a', '数量'),
      field('calculate', 'bad', '坏公式', {}, { expression: [{ __vModel__: 'a' }, '×', '×', '2'] }),
      field('calculate', 'open', '缺括号', {}, { expression: ['(', { __vModel__: 'a' }, '+', '1'] }),
      field('calculate', 'none', '空公式', {}, { expression: [] }),
      field('table', 'rows', '明细', {
        children: [field('calculate', 'cell', '行公式', {}, { expression: ['2', { __vModel__: 'rows.x' }] })],
      }),
    ]);
    expect(res.code).toBe(401);
    expect(errorsOf(res)).toEqual({
      'formData.fields.1.expression': '坏公式的计算公式有误：计算公式第3项不正确：数字与运算符须交替出现',
      'formData.fields.2.expression': '缺括号的计算公式有误：计算公式的括号不匹配',
      'formData.fields.3.expression': '空公式的计算公式有误：计算公式不能为空',
      'formData.fields.4.__config__.children.0.expression':
        '行公式的计算公式有误：计算公式第2项不正确：数字与运算符须交替出现',
    });
    const en = await save([field('calculate', 'bad', 'Bad', {}, { expression: ['1', '+'] })], 'en');
    expect(errorsOf(en)).toEqual({
      'formData.fields.0.expression':
        'The formula of Bad is not valid: Item 3 of the calculation formula is out of place: numbers and operators must alternate',
    });
  });

  it('takes a well-formed one', async () => {
    const res = await save([
      field('inputNumber', 'a', '数量'),
      field('calculate', 'good', '好公式', {}, { expression: ['(', { __vModel__: 'a' }, '+', '1', ')', '×', '2'] }),
    ]);
    expect(res.code, res.msg).toBe(200);
  });
});
