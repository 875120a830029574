// A slider with range (范围选择) on a released online form over HTTP: its value is a pair [low, high], each end
// within the bounds and on a step, low ≤ high; a tampered shape is refused naming the field, in the caller's
// language. Shown as "low - high" (detail, list, export), searched by overlap (a range) or by the number it holds,
// never summed as a sub-table total, and read back from a sheet's "low-high" cell.
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FieldConfig } from '@jnpf/core';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { upload as uploadFiles } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const RUN = '/api/visualdev/OnlineDev';

const fields: FieldConfig[] = [
  field('input', 'title', '标题', { required: true }),
  field('slider', 'span', '区间', { required: true }, { min: 0, max: 100, step: 5, range: true }),
  field('slider', 'reach', '覆盖', {}, { range: true }),
  field('slider', 'level', '等级', {}, { min: 0, max: 10 }),
  field('table', 'items', '明细', {
    showSummary: true,
    summaryField: ['band'],
    children: [field('input', 'item', '品名'), field('slider', 'band', '带宽', {}, { max: 50, range: true })],
  }),
];

let model: ReleasedModel;
const records = () => recordsAs(server, admin);
const create = (data: Record<string, unknown>) => records().create(model, data);

useDesignServer();
beforeAll(async () => {
  const body = designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', fields)),
    columnData: JSON.stringify({
      type: 1,
      columnList: [
        { prop: 'title', label: '标题', jnpfKey: 'input' },
        { prop: 'span', label: '区间', jnpfKey: 'slider' },
      ],
      searchList: [
        { prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true },
        { prop: 'span', label: '区间', jnpfKey: 'slider', searchType: 3 },
        { prop: 'reach', label: '覆盖', jnpfKey: 'slider', searchType: 1 },
      ],
      btnsList: [
        { value: 'add', label: '新增' },
        { value: 'upload', label: '导入' },
        { value: 'download', label: '导出' },
      ],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
    }),
  });
  model = await createReleased(server, admin, { ...body, enCode: String(body.enCode) });
});

async function stored(id: string) {
  const raw = await records().get(model, id);
  const shown = await records().shown(model, id);
  return { raw: JSON.parse(raw.data!.data) as Record<string, unknown>, shown: JSON.parse(shown.data!.data) };
}

describe('a range slider', () => {
  it('keeps an ascending pair on the steps, shown as "low - high" in the detail and the list', async () => {
    const title = unique('区间');
    const created = await create({ title, span: [10, 40], reach: [0, 100], items: [{ item: 'a', band: [5, 20] }] });
    expect(created.code, created.msg).toBe(200);
    const { raw, shown } = await stored(created.data!);
    expect(raw).toMatchObject({ span: [10, 40], reach: [0, 100], items: [{ item: 'a', band: [5, 20] }] });
    expect(shown).toMatchObject({ span: '10 - 40', items: [{ band: '5 - 20' }] });
    const list = await records().list(model, { keyword: title });
    expect(list.data!.list.map((r) => r.span)).toEqual(['10 - 40']);
    // both ends alike
    expect((await create({ title, span: [20, 20] })).code).toBe(200);
  });

  it('refuses a single number, a wrong shape, a reversed pair, an end out of bounds or off the steps', async () => {
    const refused = async (span: unknown) => errorsOf(await create({ title: 'x', span })).span;
    const shape = '区间必须是由起始值和结束值两个数字组成的范围';
    expect(await refused(30)).toBe(shape);
    expect(await refused('10-40')).toBe(shape);
    expect(await refused([10])).toBe(shape);
    expect(await refused([10, 20, 30])).toBe(shape);
    expect(await refused(['10', '20'])).toBe(shape);
    expect(await refused([10, null])).toBe(shape);
    expect(await refused({ low: 10, high: 20 })).toBe(shape);
    expect(await refused([40, 10])).toBe('区间的最小值不能大于最大值');
    expect(await refused([-5, 10])).toBe('区间不能小于0');
    expect(await refused([10, 105])).toBe('区间不能大于100');
    expect(await refused([10, 42])).toBe('区间只能按步长5取值');
    // required: nothing, or an empty pair, is no value
    expect(errorsOf(await create({ title: 'x' })).span).toBe('区间不能为空');
    expect(errorsOf(await create({ title: 'x', span: [] })).span).toBe('区间不能为空');
  });

  it("names the field in the caller's language", async () => {
    const res = await call(server, 'POST', `${RUN}/${model.id}`, {
      token: admin,
      headers: { 'jnpf-language': 'en' },
      json: { data: JSON.stringify({ title: 'x', span: 30 }) },
    });
    expect(errorsOf(res).span).toBe('区间 must be a range of two numbers: a start and an end');
    const zhtw = await call(server, 'POST', `${RUN}/${model.id}`, {
      token: admin,
      headers: { 'jnpf-language': 'zhtw' },
      json: { data: JSON.stringify({ title: 'x', span: [10, 42] }) },
    });
    expect(errorsOf(zhtw).span).toBe('区间只能按步長5取值');
  });

  it('refuses a bad pair in a sub-table row, naming the row', async () => {
    expect(errorsOf(await create({ title: 'x', span: [0, 5], items: [{ band: 7 }] })).items).toBe(
      '明细第1行：带宽必须是由起始值和结束值两个数字组成的范围',
    );
    expect(errorsOf(await create({ title: 'x', span: [0, 5], items: [{ band: [10, 60] }] })).items).toBe(
      '明细第1行：带宽不能大于50',
    );
  });

  it('a slider without range still takes one number only', async () => {
    expect(errorsOf(await create({ title: 'x', span: [0, 5], level: [1, 2] })).level).toBe('等级格式不正确');
    const created = await create({ title: 'x', span: [0, 5], level: 7 });
    expect(created.code, created.msg).toBe(200);
  });
});

describe('searching a range slider', () => {
  const mark = unique('搜');
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const [name, span, reach] of [
      ['low', [10, 40], [0, 20]],
      ['high', [50, 60], [30, 60]],
    ] as const) {
      const created = await create({ title: `${mark}${name}`, span, reach });
      expect(created.code, created.msg).toBe(200);
      ids[name] = created.data!;
    }
  });
  const found = async (query: Record<string, unknown>) => {
    const list = await records().list(model, { keyword: mark, queryJson: JSON.stringify(query) });
    expect(list.code, list.msg).toBe(200);
    return list.data!.list.map((r) => r.id).sort();
  };

  it('a range finds the pairs overlapping it, either end open', async () => {
    expect(await found({ span: [45, 55] })).toEqual([ids.high]);
    expect(await found({ span: [0, 10] })).toEqual([ids.low]);
    expect(await found({ span: [40, 50] })).toEqual([ids.low, ids.high].sort());
    expect(await found({ span: [41, 49] })).toEqual([]);
    expect(await found({ span: [55, null] })).toEqual([ids.high]);
    expect(await found({ span: [null, 5] })).toEqual([]);
  });

  it('one number finds the pairs holding it; text is refused', async () => {
    expect(await found({ reach: 20 })).toEqual([ids.low]);
    expect(await found({ reach: 45 })).toEqual([ids.high]);
    expect(await found({ reach: 25 })).toEqual([]);
    const bad = await records().list(model, { queryJson: JSON.stringify({ span: ['a', 5] }) });
    expect(bad.code).not.toBe(200);
  });
});

async function download(url: string) {
  const res = await fetch(`${server.baseUrl}${url}`);
  expect(res.status).toBe(200);
  const buffer = Buffer.from(await res.arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cell.type === ExcelJS.ValueType.Merge || cell.value == null ? '' : String(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? ''));
  });
  const notes: string[][] = [];
  wb.worksheets[1]?.eachRow((row) => notes.push((row.values as unknown[]).slice(1).map(String)));
  return { rows, notes, buffer };
}

describe('a range slider in a sheet', () => {
  it('exports "low - high" and imports it back as the pair, in a sub-table too', async () => {
    const mark = unique('导');
    const created = await create({ title: mark, span: [10, 40], items: [{ item: 'a', band: [5, 20] }] });
    expect(created.code, created.msg).toBe(200);
    const exported = await api<{ url: string }>('POST', `${RUN}/${model.id}/Actions/ExportData`, {
      json: { dataType: '1', keyword: mark, selectKey: ['title', 'span', 'items-item', 'items-band'] },
    });
    expect(exported.code, exported.msg).toBe(200);
    const { rows, buffer } = await download(exported.data!.url);
    expect(rows[2]).toEqual([mark, '10 - 40', 'a', '5 - 20']);
    const up = await uploadFiles<{ name: string }>(
      server,
      `${RUN}/${model.id}/Uploader`,
      [{ name: 'r.xlsx', content: buffer }],
      { token: admin },
    );
    expect(up.code, up.msg).toBe(200);
    const preview = await api<{ dataRow: Record<string, unknown>[] }>('GET', `${RUN}/${model.id}/ImportPreview`, {
      query: { fileName: up.data!.name },
    });
    expect(preview.code, preview.msg).toBe(200);
    const back = preview.data!.dataRow.map((r) => ({ ...r, title: `${mark}再` }));
    const res = await call<{ snum: number; fnum: number }>(server, 'POST', `${RUN}/${model.id}/ImportData`, {
      token: admin,
      json: { list: back },
    });
    expect(res.data, res.msg).toMatchObject({ snum: 1, fnum: 0 });
    const list = await records().list(model, { keyword: `${mark}再` });
    const again = await stored(list.data!.list[0]!.id);
    expect(again.raw).toMatchObject({ span: [10, 40], items: [{ item: 'a', band: [5, 20] }] });
  });

  it('refuses a cell that is not "low-high", naming the field', async () => {
    const mark = unique('坏');
    const res = await call<{ snum: number; fnum: number; failResult: { errorsInfo: string }[] }>(
      server,
      'POST',
      `${RUN}/${model.id}/ImportData`,
      {
        token: admin,
        json: {
          list: [
            { title: `${mark}1`, span: '10-40-50', excelRowNum: '3' },
            { title: `${mark}2`, span: '45', excelRowNum: '4' },
            { title: `${mark}3`, span: '40-10', excelRowNum: '5' },
            { title: `${mark}4`, span: '0~15', items: [{ band: '3至' }], excelRowNum: '6' },
          ],
        },
      },
    );
    expect(res.data).toMatchObject({ snum: 0, fnum: 4 });
    expect(res.data!.failResult.map((r) => r.errorsInfo)).toEqual([
      '表格第3行：区间必须是由起始值和结束值两个数字组成的范围',
      '表格第4行：区间必须是由起始值和结束值两个数字组成的范围',
      '表格第5行：区间的最小值不能大于最大值',
      '表格第6行：明细第1行：带宽必须是由起始值和结束值两个数字组成的范围',
    ]);
  });

  it('the template explains the cell', async () => {
    const res = await api<{ url: string }>('GET', `${RUN}/${model.id}/TemplateDownload`);
    expect(res.code, res.msg).toBe(200);
    const { notes } = await download(res.data!.url);
    expect(notes.find((r) => r[0] === '区间')?.[1]).toContain('数字范围：起始值-结束值，如：10-40');
    expect(notes.find((r) => r[0] === '明细-带宽')?.[1]).toContain('数字范围');
  });
});
