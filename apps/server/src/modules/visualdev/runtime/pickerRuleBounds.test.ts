// Date and time pickers whose bounds follow rules, on a released online form over HTTP against a real database: a
// date counted from the server's clock (days before now … a month after), a date or time after another field of the
// record, and a sub-table cell after a cell of its row and before a main field. Outside, the write is refused with
// the field's label; the margins are days from any edge, so the clock never decides a test.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { admin, server } from '../../../../test/kit/adminServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

let model: ReleasedModel;
const records = () => recordsAs(server, admin);
const create = (data: Record<string, unknown>) => records().create(model, data);

const DAY = 86_400_000;
const DATE = { type: 'date', format: 'yyyy-MM-dd' };
const after = (relation: string) => ({ startTimeRule: true, startTimeType: 2, startRelationField: relation });

const fields: FieldConfig[] = [
  // from 7 days before now to 1 month after it
  field(
    'datePicker',
    'visit',
    '回访日期',
    {
      startTimeRule: true,
      startTimeType: 4,
      startTimeTarget: 3,
      startTimeValue: '7',
      endTimeRule: true,
      endTimeType: 5,
      endTimeTarget: 2,
      endTimeValue: 1,
    },
    DATE,
  ),
  field('datePicker', 'from', '开始日期', {}, DATE),
  field('datePicker', 'to', '结束日期', after('from'), DATE),
  field('timePicker', 'open', '开门时间', {}, { format: 'HH:mm:ss' }),
  field('timePicker', 'close', '关门时间', after('open'), { format: 'HH:mm:ss' }),
  field('table', 'legs', '行程', {
    children: [
      field('datePicker', 'depart', '出发', {}, DATE),
      field(
        'datePicker',
        'arrive',
        '到达',
        { ...after('legs-depart'), endTimeRule: true, endTimeType: 2, endRelationField: 'to' },
        DATE,
      ),
    ],
  }),
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

const outside = '不在可选的范围内';
const stored = async (id: string) => JSON.parse((await records().get(model, id)).data!.data) as Record<string, unknown>;

describe('bounds counted from now', () => {
  it('takes a date inside them and refuses one before or after them, naming the field', async () => {
    for (const visit of [Date.now(), Date.now() - 3 * DAY, Date.now() + 20 * DAY]) {
      const created = await create({ visit });
      expect(created.code, created.msg).toBe(200);
      expect((await stored(created.data!)).visit).toBe(visit);
    }
    expect(errorsOf(await create({ visit: Date.now() - 30 * DAY }))).toEqual({ visit: `回访日期${outside}` });
    expect(errorsOf(await create({ visit: Date.now() + 90 * DAY }))).toEqual({ visit: `回访日期${outside}` });
  });
});

describe('bounds following another field', () => {
  const FROM = Date.UTC(2024, 4, 10, 12);

  it('takes a date and a time on or after the field they follow, and refuses one before it', async () => {
    const created = await create({ from: FROM, to: FROM + 5 * DAY, open: '09:00:00', close: '18:30:00' });
    expect(created.code, created.msg).toBe(200);
    const same = await create({ from: FROM, to: FROM, open: '09:00:00', close: '09:00:00' });
    expect(same.code, same.msg).toBe(200);
    expect(errorsOf(await create({ from: FROM, to: FROM - 2 * DAY }))).toEqual({ to: `结束日期${outside}` });
    expect(errorsOf(await create({ open: '09:00:00', close: '08:59:59' }))).toEqual({ close: `关门时间${outside}` });
    const moved = await create({ from: FROM, to: FROM + 2 * DAY });
    expect(moved.code, moved.msg).toBe(200);
    expect(errorsOf(await records().update(model, moved.data!, { from: FROM + 10 * DAY }))).toEqual({
      to: `结束日期${outside}`,
    });
    expect((await stored(moved.data!)).from).toBe(FROM);
  });

  it('bounds a sub-table cell by a cell of its own row and by a main field', async () => {
    const to = FROM + 10 * DAY;
    const legs = [
      { depart: FROM, arrive: FROM + DAY },
      { depart: FROM + 2 * DAY, arrive: to },
    ];
    const created = await create({ from: FROM, to, legs });
    expect(created.code, created.msg).toBe(200);
    expect((await stored(created.data!)).legs).toEqual(legs);
    expect(errorsOf(await create({ to, legs: [legs[0], { depart: FROM + 3 * DAY, arrive: FROM + 2 * DAY }] }))).toEqual(
      { legs: `行程第2行：到达${outside}` },
    );
    expect(errorsOf(await create({ to, legs: [{ depart: FROM, arrive: to + 2 * DAY }] }))).toEqual({
      legs: `行程第1行：到达${outside}`,
    });
  });
});
