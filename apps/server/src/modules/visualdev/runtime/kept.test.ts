// What the runtime keeps between calls shows every change at the next call: the released model (kept until its
// design is released again or deleted) and the dictionaries behind option fields and item lists (kept until any
// dictionary write). Over HTTP against a real database; each step fails when its invalidation is left out.
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ColumnDataJson } from '@jnpf/core';
import { dictionaryData, module, visualRecord } from '../../../db/schema/index.js';
import { newId } from '../../../platform/ids.js';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, useDesignServer } from '../../../../test/kit/designServer.js';
import { releaseDesign, recordsAs, type RecordPage } from '../../../../test/kit/released.js';
import { field, sampleForm } from '../../../../test/kit/visualdev.js';
import { recordCountKeeping } from './totals.js';
import { formPages } from './records.js';

const BASE = '/api/visualdev/Base';
const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';

useDesignServer();

const column = (prop: string, label: string, jnpfKey: string) =>
  ({ prop, label, jnpfKey, sortable: false, align: 'left', fixed: 'none' }) as ColumnDataJson['columnList'][number];

/** a dictionary category with items [enCode, name]; its code and the ids of its items by code */
async function dictionary(items: [string, string][]) {
  const enCode = unique('kd');
  expect(await api('POST', T, { json: { parentId: '0', fullName: `字典${enCode}`, enCode, isTree: 0 } })).toMatchObject(
    {
      code: 200,
    },
  );
  const ids: Record<string, string> = {};
  for (const [code, name] of items) ids[code] = await addItem(enCode, code, name);
  return { enCode, ids };
}

async function typeIdOf(enCode: string) {
  const types = await ctx().db.query.dictionaryType.findFirst({ where: (t, { eq: is }) => is(t.enCode, enCode) });
  return types!.id;
}

/** an item; items are placed by their code's first letter (a, b, …) */
async function addItem(typeCode: string, enCode: string, fullName: string) {
  const dictionaryTypeId = await typeIdOf(typeCode);
  const sortCode = enCode.charCodeAt(0);
  const res = await api('POST', D, { json: { dictionaryTypeId, parentId: '0', fullName, enCode, sortCode } });
  expect(res.code, res.msg).toBe(200);
  const [row] = await ctx()
    .db.select()
    .from(dictionaryData)
    .where(and(eq(dictionaryData.dictionaryTypeId, dictionaryTypeId), eq(dictionaryData.enCode, enCode)));
  return row!.id;
}

const names = async (typeCode: string, path = '') =>
  (await api<{ list: { fullName: string }[] }>('GET', `${D}/${typeCode}${path}`)).data!.list.map((i) => i.fullName);

/** a released form: a title and a radio over dictionary `dict` (values are item codes); columns as given */
async function releasedForm(dict: string, columns: string[]) {
  const fields = [
    field('input', 'title', '标题'),
    field(
      'radio',
      'kind',
      '类别',
      { dataType: 'dictionary', dictionaryType: dict },
      { props: { label: 'fullName', value: 'enCode' } },
    ),
  ];
  const columnData = (props: string[]) =>
    JSON.stringify({
      type: 1,
      columnList: props.map((p) => column(p, p === 'title' ? '标题' : '类别', p === 'title' ? 'input' : 'radio')),
      searchList: [{ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true }],
      btnsList: [],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
      useBtnPermission: false,
      useColumnPermission: false,
    });
  const enCode = unique('kf');
  const design = {
    fullName: `功能${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category: categoryId,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(sampleForm('', fields)),
    columnData: columnData(columns),
  };
  const id = (await api<string>('POST', BASE, { json: design })).data!;
  await releaseDesign(server, admin, id);
  return { id, design, columnData };
}

describe('kept between calls', () => {
  it('a release shows in the next list; a draft change does not; a deleted design is gone', async () => {
    const { enCode } = await dictionary([['a', '甲']]);
    const form = await releasedForm(enCode, ['title']);
    const records = recordsAs(server, admin);
    expect((await records.create(form, { title: '一', kind: 'a' })).code).toBe(200);
    const keys = async () => Object.keys((await records.list(form)).data!.list[0]!).sort();
    expect(await keys()).toEqual(['id', 'title', 'title_id']);
    // the draft gains a column: the released list stays as it was
    const edited = { ...form.design, columnData: form.columnData(['title', 'kind']) };
    expect(await api('PUT', `${BASE}/${form.id}`, { json: edited })).toMatchObject({ code: 200 });
    expect(await keys()).toEqual(['id', 'title', 'title_id']);
    // released again: the next list has it
    await releaseDesign(server, admin, form.id);
    expect(await keys()).toEqual(['id', 'kind', 'kind_id', 'title', 'title_id']);
    // its menu and then the design deleted: the runtime no longer finds it
    const [menu] = await ctx().db.select().from(module).where(eq(module.enCode, form.design.enCode));
    expect(await api('DELETE', `/api/system/Menu/${menu!.id}`)).toMatchObject({ code: 200 });
    expect(await api('DELETE', `${BASE}/${form.id}`)).toMatchObject({ code: 200 });
    expect(await records.list(form)).toMatchObject({ code: 400, msg: '该功能未发布' });
  });

  it('a dictionary write shows in the next item list, picker and form list', async () => {
    const { enCode, ids } = await dictionary([['a', '甲']]);
    const form = await releasedForm(enCode, ['title', 'kind']);
    const records = recordsAs(server, admin);
    const shown = async () => (await records.list(form)).data!.list.map((r) => r.kind);
    expect(await names(enCode)).toEqual(['甲']);
    expect(await names(enCode, '/Data/Selector')).toEqual(['甲']);
    // a new item: listed, pickable, and accepted by the form at once
    ids.b = await addItem(enCode, 'b', '乙');
    expect(await names(enCode)).toEqual(['甲', '乙']);
    expect(await names(enCode, '/Data/Selector')).toEqual(['甲', '乙']);
    expect((await records.create(form, { title: '二', kind: 'b' })).code).toBe(200);
    expect(await shown()).toEqual(['乙']);
    // renamed: the list shows the new name
    const info = (await api<Record<string, unknown>>('GET', `${D}/${ids.b}/Info`)).data!;
    expect(
      await api('PUT', `${D}/${ids.b}`, { json: { ...info, fullName: '乙改', version: info.version } }),
    ).toMatchObject({ code: 200 });
    expect(await names(enCode)).toEqual(['甲', '乙改']);
    expect(await shown()).toEqual(['乙改']);
    // disabled: no longer offered by the picker, nor accepted by the form
    expect(await api('PUT', `${D}/${ids.b}/Actions/State`)).toMatchObject({ code: 200 });
    expect(await names(enCode, '/Data/Selector')).toEqual(['甲']);
    expect((await records.create(form, { title: '三', kind: 'b' })).code).toBe(401);
    // deleted: gone from the list
    expect(await api('DELETE', `${D}/${ids.a}`)).toMatchObject({ code: 200 });
    expect(await names(enCode)).toEqual(['乙改']);
    // the category's code changed: the old code names nothing, the new one the items
    const typeId = await typeIdOf(enCode);
    const type = (await api<Record<string, unknown>>('GET', `${T}/${typeId}`)).data!;
    const renamed = unique('kr');
    expect(
      await api('PUT', `${T}/${typeId}`, { json: { ...type, parentId: '0', enCode: renamed, isTree: 0 } }),
    ).toMatchObject({ code: 200 });
    expect(await names(enCode)).toEqual([]);
    expect(await names(renamed)).toEqual(['乙改']);
  });

  describe('totals of large lists', () => {
    const saved = { ...recordCountKeeping };
    afterEach(() => Object.assign(recordCountKeeping, saved));

    it('are kept a moment, and a write to the records through the API shows at once', async () => {
      // kept from 5 records on, for a minute: only the invalidation can show a change
      Object.assign(recordCountKeeping, { fromRecords: 5, ms: 60_000 });
      const { enCode } = await dictionary([['a', '甲']]);
      const form = await releasedForm(enCode, ['title']);
      const other = await releasedForm(enCode, ['title']);
      const records = recordsAs(server, admin);
      const past = (modelId: string, n: number) =>
        ctx()
          .db.insert(visualRecord)
          .values(
            Array.from({ length: n }, (_, i) => ({
              id: newId(),
              modelId,
              data: { title: `旁${i}` },
              creatorTime: Date.now(),
            })),
          );
      const total = async (model = form, body = {}) => (await records.list(model, body)).data!.pagination.total;
      await past(form.id, 6);
      await past(other.id, 6);
      expect([await total(), await total(other)]).toEqual([6, 6]);
      // a record written past the API: the kept total stands
      await past(form.id, 1);
      expect(await total()).toBe(6);
      // created through the API: counted again at once (the other form keeps its total)
      const created = await records.create(form, { title: '新', kind: 'a' });
      expect(created.code).toBe(200);
      await past(other.id, 1);
      expect([await total(), await total(other)]).toEqual([8, 6]);
      // updated and deleted through the API
      expect(await total(form, { keyword: '新' })).toBe(1);
      await past(form.id, 1);
      expect((await records.update(form, created.data!, { title: '改' })).code).toBe(200);
      expect(await total()).toBe(9);
      const one = (await records.list(form)).data!.list[0]!.id;
      expect((await call(server, 'DELETE', `/api/visualdev/OnlineDev/${form.id}/${one}`, { token: admin })).code).toBe(
        200,
      );
      expect(await total()).toBe(8);
      // a small list is counted whenever its page is read again (a page is kept a second)
      Object.assign(recordCountKeeping, { fromRecords: 1000 });
      await past(other.id, 1);
      expect(await total(other)).toBe(6);
      expect(await total(other, { keyword: '旁' })).toBe(8);
      await past(other.id, 1);
      await expect.poll(() => total(other, { keyword: '旁' }), { timeout: 3000, interval: 100 }).toBe(9);
    });
  });

  describe('pages of the list', () => {
    afterEach(() => {
      formPages(ctx()).options.maxAgeMs = 1000;
    });

    it('are kept, and a write, a release or a dictionary change through the API shows in the very next page', async () => {
      const { enCode, ids } = await dictionary([['a', '甲']]);
      const form = await releasedForm(enCode, ['title', 'kind']);
      const other = await releasedForm(enCode, ['title']);
      const records = recordsAs(server, admin);
      // kept a minute: only an announced change can end a page
      formPages(ctx()).options.maxAgeMs = 60_000;
      const shown = async (body = {}) =>
        (await records.list(form, body)).data!.list.map((r) => `${String(r.title)}:${String(r.kind ?? '')}`);
      expect((await records.create(form, { title: '一', kind: 'a' })).code).toBe(200);
      expect(await shown()).toEqual(['一:甲']);
      // written past the API: the kept page stands
      await ctx()
        .db.insert(visualRecord)
        .values({ id: newId(), modelId: form.id, data: { title: '旁', kind: 'a' }, creatorTime: Date.now() - 1000 });
      expect(await shown()).toEqual(['一:甲']);
      // a record of another form written through the API (a relation field may show it): read again
      expect((await records.create(other, { title: '别' })).code).toBe(200);
      expect(await shown()).toEqual(['一:甲', '旁:甲']);
      // created, updated and deleted through the API
      const created = await records.create(form, { title: '二', kind: 'a' });
      expect(await shown()).toEqual(['二:甲', '一:甲', '旁:甲']);
      expect((await records.update(form, created.data!, { title: '三', kind: 'a' })).code).toBe(200);
      expect(await shown()).toEqual(['三:甲', '一:甲', '旁:甲']);
      expect((await records.remove(form, created.data!)).code).toBe(200);
      expect(await shown()).toEqual(['一:甲', '旁:甲']);
      // the item renamed through the API
      const info = (await api<Record<string, unknown>>('GET', `${D}/${ids.a}/Info`)).data!;
      expect(await api('PUT', `${D}/${ids.a}`, { json: { ...info, fullName: '甲改' } })).toMatchObject({ code: 200 });
      expect(await shown()).toEqual(['一:甲改', '旁:甲改']);
      // a search is its own page; English is its own page
      expect(await shown({ keyword: '旁' })).toEqual(['旁:甲改']);
      const en = await call<RecordPage>(server, 'POST', `/api/visualdev/OnlineDev/${form.id}/List`, {
        token: admin,
        json: { currentPage: 1, pageSize: 20 },
        headers: { 'jnpf-language': 'en' },
      });
      expect(en.msg).toBe('Success');
      // released again without the kind column: the next page has the new columns
      const edited = { ...form.design, columnData: form.columnData(['title']) };
      expect(await api('PUT', `${BASE}/${form.id}`, { json: edited })).toMatchObject({ code: 200 });
      await releaseDesign(server, admin, form.id);
      expect(Object.keys((await records.list(form)).data!.list[0]!).sort()).toEqual(['id', 'title', 'title_id']);
      // bad input is refused as before
      expect((await records.list(form, { queryJson: '{bad' })).code).toBe(401);
    });
  });
});
