// Designs under older widget names (3.4's comInput, numInput, date …, the ranges, the password input, the current
// department) over HTTP: saved, opened, imported and run under this version's keys instead of being refused.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FieldConfig, FormDataJson } from '@jnpf/core';
import { visualDev } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { recordsAs, releaseDesign } from '../../../../test/kit/released.js';
import { upload } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleColumns, sampleForm } from '../../../../test/kit/visualdev.js';

const BASE = '/api/visualdev/Base';
const IMPORT = '/api/visualdev/OnlineDev/Model/Actions/ImportData';

useDesignServer();

const legacyFields = () => [
  field('comInput', 'title', '标题'),
  field('numInput', 'amount', '金额', {}, { precision: 2 }),
  field('row', '', '', {
    children: [field('date', 'day', '日期', {}, { format: 'yyyy-MM-dd' }), field('time', 'at', '时间')],
  }),
  field('PsdInput', 'secret', '口令'),
  field('dateRange', 'span', '期间'),
  field('timeRange', 'hours', '时段'),
  field('JNPFText', '', '说明'),
  field('comSelect', 'org', '组织'),
  field('address', 'place', '地区'),
  field('currDept', 'dept', '所属部门'),
  field('table', 'items', '明细', { children: [field('comInput', 'itemName', '品名')] }),
];
const legacyDesign = (patch: Record<string, unknown> = {}) =>
  designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', legacyFields())),
    columnData: JSON.stringify(
      sampleColumns({
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'comInput', align: 'left', fixed: 'none' }],
        searchList: [{ prop: 'title', label: '标题', jnpfKey: 'comInput', searchType: 2 }],
      } as never),
    ),
    ...patch,
  });

/** the jnpfKey of every item of a design, containers' and sub-tables' children after them */
function keysOf(fields: FieldConfig[]): string[] {
  return fields.flatMap((f) => [f.__config__.jnpfKey, ...keysOf((f.__config__.children as FieldConfig[]) ?? [])]);
}
const TODAY_KEYS = [
  'input',
  'inputNumber',
  'row',
  'datePicker',
  'timePicker',
  'input',
  'datePicker',
  'timePicker',
  'text',
  'organizeSelect',
  'areaSelect',
  'currOrganize',
  'table',
  'input',
];

async function info(id: string) {
  const res = await api.get<{ formData: string; columnData: string }>(`${BASE}/${id}`);
  expect(res.code, res.msg).toBe(200);
  return {
    form: JSON.parse(res.data!.formData) as FormDataJson,
    list: JSON.parse(res.data!.columnData) as { columnList: { jnpfKey: string }[]; searchList: { jnpfKey: string }[] },
  };
}

describe('designs under older widget names', () => {
  it('are saved under the keys of this version, and their records are checked as those widgets', async () => {
    const created = await api.post<string>(BASE, legacyDesign());
    expect(created.code, created.msg).toBe(200);
    const { form, list } = await info(created.data!);
    expect(keysOf(form.fields)).toEqual(TODAY_KEYS);
    // the current department is the current organisation at its last level
    expect(form.fields.find((f) => f.__vModel__ === 'dept')).toMatchObject({ showLevel: 'last' });
    expect(list.columnList[0]!.jnpfKey).toBe('input');
    expect(list.searchList[0]!.jnpfKey).toBe('input');

    await releaseDesign(server, admin, created.data!);
    const records = recordsAs(server, admin);
    const day = new Date(2024, 4, 1).getTime();
    const saved = await records.create(
      { id: created.data! },
      { title: '旧', amount: 1.5, day, at: '09:30:00', secret: 'x', items: [{ itemName: '甲' }] },
    );
    expect(saved.code, saved.msg).toBe(200);
    const raw = JSON.parse((await records.get({ id: created.data! }, saved.data!)).data!.data);
    expect(raw).toMatchObject({ title: '旧', amount: 1.5, day, at: '09:30:00', secret: 'x' });
    // the number input keeps its precision
    const refused = await records.create({ id: created.data! }, { title: '旧', amount: 1.555 });
    expect(refused.code).toBe(401);
  });

  it('stored as they were: open, release and run under the keys of this version', async () => {
    const created = await api.post<string>(BASE, designBody(categoryId, 'none'));
    expect(created.code, created.msg).toBe(200);
    const legacy = legacyDesign();
    await ctx()
      .db.update(visualDev)
      .set({ formData: String(legacy.formData), columnData: String(legacy.columnData) })
      .where(eq(visualDev.id, created.data!));
    expect(keysOf((await info(created.data!)).form.fields)).toEqual(TODAY_KEYS);
    await releaseDesign(server, admin, created.data!);
    const saved = await recordsAs(server, admin).create({ id: created.data! }, { title: '旧', at: '08:00' });
    expect(saved.code, saved.msg).toBe(200);
    const config = await call<{ formData: string }>(server, 'GET', `/api/visualdev/OnlineDev/${created.data}/Config`, {
      token: admin,
    });
    expect(config.code, config.msg).toBe(200);
    expect(keysOf((JSON.parse(config.data!.formData) as FormDataJson).fields)).toEqual(TODAY_KEYS);
  });

  it('imported from a file: saved under the keys of this version', async () => {
    const doc = { ...legacyDesign(), modelType: 'design', id: 'legacy-import' };
    const imported = await upload<string>(server, IMPORT, [{ name: 'd.json', content: JSON.stringify(doc) }], {
      token: admin,
    });
    expect(imported.code, imported.msg).toBe(200);
    expect(keysOf((await info(imported.data!)).form.fields)).toEqual(TODAY_KEYS);
  });
});
