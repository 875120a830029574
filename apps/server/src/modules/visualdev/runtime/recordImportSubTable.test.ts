// Records with a sub-table from a sheet over HTTP: the template's two-row header (the sub-table's title over its
// columns), a record spanning rows in the preview, each detail row checked as a form save checks it (the same
// "明细第N行" messages) and the failure naming the sheet row, a record written whole or not at all, wrong headers,
// too many rows, the error report with the failed records' rows, and a form with a required upload field refused.
// OnlineDev/{id}/Template answers the same template as TemplateDownload.
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FieldConfig } from '@jnpf/core';
import { call, unique } from '../../../../test/harness.js';
import { admin, api, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { upload as uploadFiles } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleForm } from '../../../../test/kit/visualdev.js';

const RUN = '/api/visualdev/OnlineDev';
type Cells = Record<string, string>;
type Row = Record<string, string | Cells[]>;
interface ImportResult {
  snum: number;
  fnum: number;
  resultType: number;
  failResult: (Row & { errorsInfo: string })[];
}

const fields = (extra: FieldConfig[] = []): FieldConfig[] => [
  field('input', 'title', '标题', { required: true, unique: true }),
  field('textarea', 'notes', '备注'),
  field('table', 'lines', '明细', {
    children: [
      field('input', 'item', '品名', { required: true }),
      field('inputNumber', 'qty', '数量', {}, { min: 0, max: 100 }),
      field(
        'select',
        'unit',
        '单位',
        { dataType: 'static' },
        {
          options: [
            { id: 'p', fullName: '个' },
            { id: 'b', fullName: '箱' },
          ],
        },
      ),
    ],
  }),
  field('uploadFile', 'files', '附件'),
  ...extra,
];

async function releasedWith(list: FieldConfig[], listPatch: Record<string, unknown> = {}) {
  const json = designBody(categoryId, 'none', {
    formData: JSON.stringify(sampleForm('none', list)),
    columnData: JSON.stringify({
      type: 1,
      columnList: [
        { prop: 'title', label: '标题', jnpfKey: 'input' },
        { prop: 'notes', label: '备注', jnpfKey: 'textarea' },
      ],
      searchList: [{ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true }],
      btnsList: [
        { value: 'upload', label: '导入' },
        { value: 'download', label: '导出' },
      ],
      columnBtnsList: [],
      hasPage: true,
      pageSize: 20,
      ...listPatch,
    }),
  });
  return createReleased(server, admin, { ...json, enCode: String(json.enCode) });
}

let model: ReleasedModel;
useDesignServer();
beforeAll(async () => {
  model = await releasedWith(fields());
});

/** a sheet with the template's two-row header, then the given rows */
async function workbook(rows: (string | number | null)[][], first?: string[], second?: string[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('records');
  ws.addRow(first ?? ['标题', '备注', '明细', '', '']);
  ws.addRow(second ?? ['', '', '品名', '数量', '单位']);
  ws.mergeCells(1, 3, 1, 5);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function download(url: string) {
  const res = await fetch(`${server.baseUrl}${url}`);
  expect(res.status).toBe(200);
  const buffer = Buffer.from(await res.arrayBuffer());
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheets = wb.worksheets.map((ws) => {
    const rows: string[][] = [];
    // a merged cell's others read as empty, as a streaming reader sees them; trailing empty cells dropped
    ws.eachRow({ includeEmpty: true }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cell.type === ExcelJS.ValueType.Merge || cell.value == null ? '' : String(cell.value);
      });
      while (cells.length && !cells.at(-1)) cells.pop();
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    return { name: ws.name, rows, merges: (ws.model as { merges?: string[] }).merges ?? [] };
  });
  return { sheets, buffer };
}

const uploadSheet = (content: Buffer, target = model) =>
  uploadFiles<{ name: string }>(server, `${RUN}/${target.id}/Uploader`, [{ name: 'r.xlsx', content }], {
    token: admin,
  });
const preview = (fileName: string) =>
  api<{ headerRow: { id: string; fullName: string; jnpfKey: string; children?: { id: string }[] }[]; dataRow: Row[] }>(
    'GET',
    `${RUN}/${model.id}/ImportPreview`,
    { query: { fileName } },
  );
const importRows = (list: Row[], target = model) =>
  call<ImportResult>(server, 'POST', `${RUN}/${target.id}/ImportData`, { token: admin, json: { list } });

async function stored(title: string) {
  const records = recordsAs(server, admin);
  const page = await records.list(model, { keyword: title });
  const hit = page.data!.list.find((r) => r.title === title);
  if (!hit) return null;
  return JSON.parse((await records.get(model, hit.id)).data!.data) as Record<string, unknown>;
}

describe('online-form import with a sub-table', () => {
  it('TemplateDownload heads the sub-table’s columns with its title (uploads left out) and explains them', async () => {
    const res = await api<{ url: string }>('GET', `${RUN}/${model.id}/TemplateDownload`);
    expect(res.code, res.msg).toBe(200);
    const { sheets } = await download(res.data!.url);
    const [sheet, notes] = sheets;
    expect(sheet!.rows[0]).toEqual(['标题', '备注', '明细']);
    expect(sheet!.rows[1]).toEqual(['', '', '品名', '数量', '单位']);
    expect(sheet!.merges).toEqual(expect.arrayContaining(['A1:A2', 'B1:B2', 'C1:E1']));
    expect(notes!.rows.find((r) => r[0] === '明细-单位')?.[1]).toContain('可选：个、箱');
    expect(notes!.rows.find((r) => r[0] === '明细-品名')?.[1]).toContain('必填');
  });

  it('Template answers TemplateDownload’s template, narrowed alike by the design’s template choice', async () => {
    const both = async (id: string) => {
      const files = [];
      for (const path of ['Template', 'TemplateDownload']) {
        const res = await api<{ name: string; url: string }>('GET', `${RUN}/${id}/${path}`);
        expect(res.code, res.msg).toBe(200);
        files.push({ name: res.data!.name, sheets: (await download(res.data!.url)).sheets });
      }
      expect(files[0]).toEqual(files[1]);
      return files[0]!.sheets;
    };
    const [sheet, notes] = await both(model.id);
    expect(sheet!.rows.slice(0, 2)).toEqual([
      ['标题', '备注', '明细'],
      ['', '', '品名', '数量', '单位'],
    ]);
    expect(notes!.rows.find((r) => r[0] === '明细-单位')?.[1]).toContain('可选：个、箱');
    const chosen = await releasedWith(fields(), { uploaderTemplateJson: { selectKey: ['title', 'lines-qty'] } });
    const [narrowed] = await both(chosen.id);
    expect(narrowed!.rows.slice(0, 2)).toEqual([
      ['标题', '明细'],
      ['', '数量'],
    ]);
    // a user of the form's menu without the import button gets the template too; a stranger does not
    const user = await signedInUser(server, {}, { grants: { [model.enCode]: [] } });
    expect((await call(server, 'GET', `${RUN}/${model.id}/Template`, { token: user.token })).code).toBe(200);
    const stranger = await signedInUser(server);
    expect((await call(server, 'GET', `${RUN}/${model.id}/Template`, { token: stranger.token })).code).toBe(400);
  });

  it('previews a record spanning rows with its sub-table rows and the sheet row it starts on', async () => {
    const up = await uploadSheet(
      await workbook([
        ['甲单', '说明', '螺丝', 3, '个'],
        [null, null, '螺母', 5, '箱'],
        ['乙单', null, '垫片', 1, '个'],
        ['丙单', '无明细'],
      ]),
    );
    expect(up.code, up.msg).toBe(200);
    const res = await preview(up.data!.name);
    expect(res.code, res.msg).toBe(200);
    const table = res.data!.headerRow.find((h) => h.id === 'lines')!;
    expect(table).toMatchObject({ fullName: '明细', jnpfKey: 'table' });
    expect(table.children!.map((c) => c.id)).toEqual(['item', 'qty', 'unit']);
    expect(res.data!.dataRow).toEqual([
      {
        title: '甲单',
        notes: '说明',
        lines: [
          { item: '螺丝', qty: '3', unit: '个' },
          { item: '螺母', qty: '5', unit: '箱' },
        ],
        excelRowNum: '3',
      },
      { title: '乙单', notes: '', lines: [{ item: '垫片', qty: '1', unit: '个' }], excelRowNum: '5' },
      { title: '丙单', notes: '无明细', lines: [], excelRowNum: '6' },
    ]);
  });

  it('imports records with their rows; a bad detail row fails its record whole, naming the sheet row', async () => {
    const mark = unique('单');
    // what a form save answers for the same detail row
    const saveError = errorsOf(
      await recordsAs(server, admin).create(model, { title: `${mark}x`, lines: [{ item: 'a' }, { qty: 1 }] }),
    ).lines;
    expect(saveError).toBe('明细第2行：品名不能为空');
    const res = await importRows([
      {
        title: `${mark}1`,
        lines: [
          { item: '螺丝', qty: '3', unit: '个' },
          { item: '螺母', qty: '5', unit: '箱' },
        ],
        excelRowNum: '3',
      },
      { title: `${mark}2`, lines: [{ item: '垫片' }, { item: '', qty: '1' }], excelRowNum: '5' },
      { title: `${mark}3`, lines: [{ item: '钉', unit: '吨' }], excelRowNum: '7' },
      { title: `${mark}4`, lines: [{ item: '钉', qty: '500' }], excelRowNum: '8' },
      { title: `${mark}5`, notes: '无明细', lines: [], excelRowNum: '9' },
      { title: `${mark}1`, lines: [{ item: '重复' }], excelRowNum: '10' },
    ]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ snum: 2, fnum: 4, resultType: 1 });
    const failed = (title: string) => res.data!.failResult.find((r) => r.title === title && r.excelRowNum !== '3');
    expect(failed(`${mark}2`)).toMatchObject({
      errorsInfo: `表格第5行：${saveError}`,
      lines: [{ item: '垫片' }, { item: '', qty: '1' }],
    });
    expect(failed(`${mark}3`)!.errorsInfo).toBe('表格第7行：明细第1行：单位的值不在选项中');
    expect(failed(`${mark}4`)!.errorsInfo).toMatch(/^表格第8行：明细第1行：数量/);
    expect(failed(`${mark}1`)!.errorsInfo).toBe('表格第10行：标题不能重复');
    // nothing of a failed record is written; the good ones whole
    expect(await stored(`${mark}2`)).toBeNull();
    expect(await stored(`${mark}1`)).toMatchObject({
      lines: [
        { item: '螺丝', qty: 3, unit: 'p' },
        { item: '螺母', qty: 5, unit: 'b' },
      ],
    });
    expect(await stored(`${mark}5`)).toMatchObject({ notes: '无明细' });
  });

  it('ImportExceptionData writes the failed records with all their rows and the reasons', async () => {
    const res = await api<{ url: string }>('POST', `${RUN}/${model.id}/ImportExceptionData`, {
      json: {
        list: [
          {
            title: '坏单',
            lines: [{ item: '垫片' }, { item: '', qty: '1' }],
            excelRowNum: '5',
            errorsInfo: '表格第5行：明细第2行：品名不能为空',
          },
        ],
      },
    });
    expect(res.code, res.msg).toBe(200);
    const { sheets, buffer } = await download(res.data!.url);
    const rows = sheets[0]!.rows;
    expect(rows[0]).toEqual(['标题', '备注', '异常原因', '明细']);
    expect(rows[1]).toEqual(['', '', '', '品名', '数量', '单位']);
    expect(rows[2]).toEqual(['坏单', '', '表格第5行：明细第2行：品名不能为空', '垫片']);
    expect(rows[3]).toEqual(['', '', '', '', '1']);
    // the report, corrected, goes back in
    const up = await uploadSheet(buffer);
    expect(up.code, up.msg).toBe(200);
    const back = await preview(up.data!.name);
    expect(back.data!.dataRow).toEqual([
      {
        title: '坏单',
        notes: '',
        lines: [
          { item: '垫片', qty: '', unit: '' },
          { item: '', qty: '1', unit: '' },
        ],
        excelRowNum: '3',
      },
    ]);
  });

  it('an export with sub-table columns has the template’s layout and imports back', async () => {
    const mark = unique('往返');
    const res = await importRows([
      {
        title: `${mark}1`,
        notes: '一',
        lines: [
          { item: '螺丝', qty: '3', unit: '个' },
          { item: '螺母', qty: '5', unit: '箱' },
        ],
      },
      { title: `${mark}2`, notes: '二', lines: [] },
    ]);
    expect(res.data).toMatchObject({ snum: 2, fnum: 0 });
    const exported = await api<{ url: string }>('POST', `${RUN}/${model.id}/Actions/ExportData`, {
      json: {
        dataType: '1',
        keyword: mark,
        sidx: 'title',
        sort: 'asc',
        selectKey: ['title', 'notes', 'lines-item', 'lines-qty', 'lines-unit'],
      },
    });
    expect(exported.code, exported.msg).toBe(200);
    const { sheets, buffer } = await download(exported.data!.url);
    expect(sheets[0]!.rows.slice(0, 2)).toEqual([
      ['标题', '备注', '明细'],
      ['', '', '品名', '数量', '单位'],
    ]);
    const up = await uploadSheet(buffer);
    expect(up.code, up.msg).toBe(200);
    const back = await preview(up.data!.name);
    expect(back.data!.dataRow.map(({ excelRowNum: _at, ...r }) => r)).toEqual([
      {
        title: `${mark}1`,
        notes: '一',
        lines: [
          { item: '螺丝', qty: '3', unit: '个' },
          { item: '螺母', qty: '5', unit: '箱' },
        ],
      },
      { title: `${mark}2`, notes: '二', lines: [] },
    ]);
    // a column of no sub-table of the form is not exported
    const other = await api<{ url: string }>('POST', `${RUN}/${model.id}/Actions/ExportData`, {
      json: { dataType: '1', keyword: mark, selectKey: ['title', 'lines-nothing', 'other-item'] },
    });
    expect((await download(other.data!.url)).sheets[0]!.rows[0]).toEqual(['标题']);
  });

  it('refuses wrong sub-table headers, tampered detail columns and more rows than the limit', async () => {
    const wrong = await workbook([['甲', '', '螺丝']], undefined, ['', '', '名称', '件数', '规格']);
    expect(await uploadSheet(wrong)).toMatchObject({
      code: 400,
      msg: '子表“明细”下一行的列名不是导入模板的列，请使用导入模板',
    });
    const tampered = await importRows([{ title: unique('篡改'), lines: [{ item: 'a', files: 'x.png' }] }]);
    expect(tampered.data).toMatchObject({ snum: 0, fnum: 1 });
    expect(tampered.data!.failResult[0]!.errorsInfo).toBe('数据不是导入模板的列');
    const title = unique('超长');
    const tooMany = await importRows([{ title, lines: Array.from({ length: 1001 }, (_, i) => ({ item: `件${i}` })) }]);
    expect(tooMany.code).toBe(401);
    expect((tooMany.data as unknown as { errors: Cells }).errors.list).toBe('导入数据不能超过1000条');
    // records count by their rows: 600 + 401 rows are too many too
    const split = await importRows([
      { title: `${title}a`, lines: Array.from({ length: 600 }, (_, i) => ({ item: `件${i}` })) },
      { title: `${title}b`, lines: Array.from({ length: 401 }, (_, i) => ({ item: `件${i}` })) },
    ]);
    expect(split.code).toBe(401);
    expect(await stored(`${title}a`)).toBeNull();
    const many = await workbook(
      Array.from({ length: 1001 }, (_, i) => (i === 0 ? ['一', '', '件'] : [null, null, `件${i}`])),
    );
    expect(await uploadSheet(many)).toMatchObject({ code: 400, msg: '导入数据不能超过1000条' });
  });

  it('a form with a required upload field cannot be imported: every call names the field', async () => {
    const list = fields();
    list[3] = field('uploadImg', 'photo', '现场照片', { required: true });
    const photos = await releasedWith(list);
    const template = await api('GET', `${RUN}/${photos.id}/TemplateDownload`);
    expect(template).toMatchObject({
      code: 400,
      msg: '“现场照片”是必填的上传字段，文件无法从表格导入，该功能不支持导入',
    });
    expect((await importRows([{ title: unique('照片') }], photos)).msg).toBe(template.msg);
    // the large-file uploader alike
    const big = fields([field('uploadFz', 'archive', '归档文件', { required: true })]);
    const archives = await releasedWith(big);
    expect((await api('GET', `${RUN}/${archives.id}/TemplateDownload`)).msg).toBe(
      '“归档文件”是必填的上传字段，文件无法从表格导入，该功能不支持导入',
    );
  });
});
