// Records of a released online form from a sheet over HTTP: the template from the design's importable fields
// (with option, dictionary and switch columns explained), upload checks, the preview, the import with each row
// checked as a form save checks it (the same messages), unique fields across the sheet and the stored records,
// a tampered row, the error report, and who may import.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dictionaryItems } from '../../dictionary/byCode.js';
import { call, unique } from '../../../../test/harness.js';
import { signedInUser } from '../../../../test/kit/access.js';
import { admin, api, ctx, server } from '../../../../test/kit/adminServer.js';
import { categoryId, errorsOf, useDesignServer } from '../../../../test/kit/designServer.js';
import { mainSystemId } from '../../../../test/kit/menus.js';
import { createReleased, recordsAs, type ReleasedModel } from '../../../../test/kit/released.js';
import { upload as uploadFiles, type UploadFile } from '../../../../test/kit/uploads.js';
import { designBody, field, sampleColumns, sampleForm } from '../../../../test/kit/visualdev.js';
import { insertOrganize, insertPosition, insertUser } from '../../../../test/kit/directory.js';
import { organizeChanged } from '../../organize/orgIndex.js';

const RUN = '/api/visualdev/OnlineDev';
type Row = Record<string, string>;
interface ImportResult {
  snum: number;
  fnum: number;
  resultType: number;
  failResult: (Row & { errorsInfo: string })[];
}

let rule: string;
let model: ReleasedModel;
let female: string;

useDesignServer();
beforeAll(async () => {
  rule = unique('IM');
  const businessType = (await dictionaryItems(ctx().db, 'businessType'))[0]!.id;
  const created = await api('POST', '/api/system/BillRule', {
    json: {
      fullName: `编号${rule}`,
      enCode: rule,
      category: businessType,
      prefix: 'IM',
      suffix: '',
      type: 1,
      dateFormat: 'no',
      digit: 4,
      startNumber: '0001',
      sortCode: 0,
      enabledMark: 1,
    },
  });
  expect(created.code, created.msg).toBe(200);
  const columns = sampleColumns();
  columns.btnsList.push({ value: 'upload', icon: 'el-icon-upload', label: '导入' });
  const json = designBody(categoryId, rule, { columnData: JSON.stringify(columns) });
  model = await createReleased(server, admin, { ...json, enCode: String(json.enCode) });
  female = (await dictionaryItems(ctx().db, 'sex')).find((i) => i.enCode === '2')!.fullName;
});

const HEADERS = ['标题', '金额', '等级', '标签', '性别', '状态', '日期', '时间', '颜色', '评分', '进度', '备注'];

async function workbook(rows: ExcelJS.CellValue[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('records');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (files: UploadFile[], token = admin) =>
  uploadFiles<{ name: string }>(server, `${RUN}/${model.id}/Uploader`, files, { token });

async function download(url: string) {
  const res = await fetch(`${server.baseUrl}${url}`);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ExcelJS.Buffer);
  return wb.worksheets.map((ws) => {
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push(Array.from(row.values as unknown[], (v) => (v == null ? '' : String(v))).slice(1)));
    return { name: ws.name, rows };
  });
}

const importRows = (list: Row[], token = admin) =>
  call<ImportResult>(server, 'POST', `${RUN}/${model.id}/ImportData`, { token, json: { list } });

describe('online-form import', () => {
  it('TemplateDownload holds the fillable fields and explains option, dictionary and switch columns', async () => {
    const res = await api<{ name: string; url: string }>('GET', `${RUN}/${model.id}/TemplateDownload`);
    expect(res.code, res.msg).toBe(200);
    const [sheet, notes] = await download(res.data!.url);
    // not the number rule nor the system fields: the server fills those
    expect(sheet!.rows[0]).toEqual(HEADERS);
    expect(notes!.name).toBe('填写说明');
    const note = (label: string) => notes!.rows.find((r) => r[0] === label)?.[1] ?? '';
    expect(note('标题')).toContain('必填');
    expect(note('等级')).toContain('可选：低、高');
    expect(note('标签')).toContain('多个以,分隔');
    expect(note('性别')).toContain(female);
    expect(note('状态')).toContain('启用 或 停用');
    expect(note('日期')).toContain('2024-05-01');
  });

  it('uploads one sheet and previews its rows as texts (a formula by the value it computed)', async () => {
    const up = await upload([
      {
        name: 'r.xlsx',
        content: await workbook([
          [
            '预览一',
            { formula: '10+2.5', result: 12.5 },
            '高',
            '甲,乙',
            female,
            '启用',
            new Date(Date.UTC(2024, 4, 1)),
          ],
        ]),
      },
    ]);
    expect(up.code, up.msg).toBe(200);
    const preview = await api<{ headerRow: { id: string; fullName: string }[]; dataRow: Row[] }>(
      'GET',
      `${RUN}/${model.id}/ImportPreview`,
      { query: { fileName: up.data!.name } },
    );
    expect(preview.code, preview.msg).toBe(200);
    expect(preview.data!.headerRow.map((h) => h.fullName)).toEqual(HEADERS);
    expect(preview.data!.dataRow[0]).toMatchObject({
      title: '预览一',
      amount: '12.5',
      level: '高',
      tags: '甲,乙',
      sex: female,
      active: '启用',
      day: '2024-05-01',
    });
  });

  it('refuses other types, large files, too many rows, unreadable files and several files', async () => {
    expect(await upload([{ name: 'r.csv', content: 'a,b' }])).toMatchObject({ code: 400, msg: '选择文件不符合导入' });
    expect(await upload([{ name: 'r.xlsx', content: randomBytes(600 * 1024) }])).toMatchObject({
      code: 400,
      msg: '文件大小不能超过500KB',
    });
    const many = await workbook(Array.from({ length: 1001 }, (_, i) => [`多${i}`]));
    expect(await upload([{ name: 'many.xlsx', content: many }])).toMatchObject({
      code: 400,
      msg: '导入数据不能超过1000条',
    });
    expect(await upload([{ name: 'r.xlsx', content: 'not a sheet' }])).toMatchObject({
      code: 400,
      msg: '文件解析失败，请检查文件内容',
    });
    const one = await workbook([['一']]);
    expect(
      await upload([
        { name: 'a.xlsx', content: one },
        { name: 'b.xlsx', content: one },
      ]),
    ).toMatchObject({ code: 400, msg: '一次只能上传一个文件' });
    // a sheet of another form: no column of this one
    expect(await upload([{ name: 'o.xlsx', content: await workbook([['x']], ['别的']) }])).toMatchObject({
      code: 400,
      msg: '第一行的列名不是导入模板的列，请使用导入模板',
    });
  });

  it('reads a merged cell as its first row only: the rows below fail naming the field, nothing else is written', async () => {
    const marker = unique('合并');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('records');
    ws.addRow(HEADERS);
    ws.addRow([marker, '1']);
    ws.addRow(['', '2']);
    ws.mergeCells('A2:A3');
    const up = await upload([{ name: 'merged.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    expect(up.code, up.msg).toBe(200);
    const preview = await api<{ dataRow: Row[] }>('GET', `${RUN}/${model.id}/ImportPreview`, {
      query: { fileName: up.data!.name },
    });
    expect(preview.data!.dataRow.map((r) => [r.title, r.amount])).toEqual([
      [marker, '1'],
      ['', '2'],
    ]);
    const res = await importRows(
      preview.data!.dataRow.map(({ title, amount }) => ({ title: title!, amount: amount! })),
    );
    expect(res.data).toMatchObject({ snum: 1, fnum: 1 });
    expect(res.data!.failResult[0]).toMatchObject({ amount: '2', errorsInfo: '标题不能为空' });
    const page = await recordsAs(server, admin).list(model, { keyword: marker });
    expect(page.data!.list.map((r) => r.amount_id)).toEqual([1]);
  });

  it('imports good rows and refuses each bad one with the reasons a form save gives', async () => {
    const taken = unique('已有');
    const records = recordsAs(server, admin);
    expect((await records.create(model, { title: taken })).code).toBe(200);
    // what a form save answers for the same values
    const saveErrors = errorsOf(await records.create(model, { title: '', amount: 2000, level: '中' }));
    const good = unique('导入');
    const res = await importRows([
      {
        title: good,
        amount: '12.5',
        level: '高',
        tags: '甲,乙',
        sex: female,
        active: '停用',
        day: '2024-05-01',
        at: '08:30:00',
        notes: '说明',
      },
      { title: '', amount: '2000', level: '中' },
      { title: taken },
      { title: `${good}b`, day: '2024-13-45', active: '也许' },
      { title: `${good}c` },
      { title: `${good}c` },
      { title: `${good}d`, creatorUserId: 'someone' },
    ]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.snum).toBe(2);
    expect(res.data!.fnum).toBe(5);
    expect(res.data!.resultType).toBe(1);
    const reason = (title: string) => res.data!.failResult.find((r) => r.title === title)?.errorsInfo ?? '';
    expect(
      res
        .data!.failResult.find((r) => r.title === '')!
        .errorsInfo.split('；')
        .sort(),
    ).toEqual([saveErrors.title, saveErrors.amount, saveErrors.level].sort());
    expect(reason(taken)).toBe('标题不能重复');
    expect(reason(`${good}b`)).toBe('状态格式不正确；日期格式不正确');
    // the second of two rows with the same unique value
    expect(reason(`${good}c`)).toBe('标题不能重复');
    expect(reason(`${good}d`)).toBe('数据不是导入模板的列');

    const list = await records.list(model, { keyword: good });
    expect(list.data!.pagination.total).toBe(2);
    const row = list.data!.list.find((r) => r.title === good)!;
    expect(row).toMatchObject({
      amount_id: 12.5,
      level_id: '2',
      tags_id: ['a', 'b'],
      sex_id: '2',
      active_id: 0,
      day_id: new Date(2024, 4, 1).getTime(),
    });
    // system fields and numbers filled as a form save fills them
    expect(String(row.code)).toMatch(/^IM\d{4}$/);
    expect(row.creator).toBeTruthy();
  });

  it('imports 1000 rows with 10 bad ones: 990 in, the 10 reported', async () => {
    const marker = unique('千');
    const list = Array.from({ length: 1000 }, (_, i) => ({
      title: `${marker}${i}`,
      amount: String(i % 100),
      level: i % 100 === 7 ? '中' : '低',
      day: '2024-05-01',
    }));
    const started = performance.now();
    const res = await importRows(list);
    const ms = Math.round(performance.now() - started);
    console.warn(`online-form import of 1000 rows: ${ms} ms (${server.config.databaseUrl ? 'postgres' : 'pglite'})`);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ snum: 990, fnum: 10, resultType: 1 });
    expect(new Set(res.data!.failResult.map((r) => r.errorsInfo))).toEqual(new Set(['等级的值不在选项中']));
    const page = await recordsAs(server, admin).list(model, { keyword: marker });
    expect(page.data!.pagination.total).toBe(990);
  });

  it('refuses an empty list and more rows than the limit', async () => {
    expect(await importRows([])).toMatchObject({ code: 400, msg: '导入数据为空' });
    const res = await importRows(Array.from({ length: 1001 }, (_, i) => ({ title: `t${i}` })));
    expect(res.code).toBe(401);
    expect((res.data as unknown as { errors: Row }).errors.list).toBe('导入数据不能超过1000条');
    expect(
      (
        await call(server, 'POST', `${RUN}/${model.id}/ImportData`, {
          token: admin,
          json: { list: [{ title: { $gt: '' } }] },
        })
      ).code,
    ).toBe(401);
  });

  it('reads pickers by name: a user by name/account or account, a department by name, a position by code', async () => {
    const app = ctx();
    const company = await insertOrganize(app, null);
    const departmentName = unique('采购部');
    const department = await insertOrganize(app, company, { fullName: departmentName });
    await organizeChanged(app);
    const positionCode = unique('PC');
    await insertPosition(app, department.id, { enCode: positionCode });
    const owner = await insertUser(app, { realName: '李四' });
    const other = await insertUser(app, { realName: '王五' });
    const fields = [
      field('input', 'title', '标题', { required: true }),
      field('userSelect', 'owner', '负责人', { required: true }),
      field('depSelect', 'deps', '部门', {}, { multiple: true }),
      field('posSelect', 'pos', '岗位'),
    ];
    const json = designBody(categoryId, rule, {
      formData: JSON.stringify(sampleForm(rule, fields)),
      columnData: JSON.stringify({
        type: 1,
        columnList: [{ prop: 'title', label: '标题', jnpfKey: 'input' }],
        searchList: [],
        btnsList: [{ value: 'upload', label: '导入' }],
        columnBtnsList: [],
        hasPage: true,
        pageSize: 20,
      }),
    });
    const pickers = await createReleased(server, admin, { ...json, enCode: String(json.enCode) });
    const saveError = errorsOf(await recordsAs(server, admin).create(pickers, { title: 'x', owner: 'nobody' })).owner;
    const res = await call<ImportResult>(server, 'POST', `${RUN}/${pickers.id}/ImportData`, {
      token: admin,
      json: {
        list: [
          { title: '甲', owner: `李四/${owner.account}`, deps: departmentName, pos: positionCode },
          { title: '乙', owner: other.account },
          { title: '丙', owner: '查无此人/nobody' },
        ],
      },
    });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ snum: 2, fnum: 1 });
    expect(res.data!.failResult[0]!.errorsInfo).toBe(saveError);
    const page = await recordsAs(server, admin).list(pickers, {});
    const stored = await Promise.all(
      page.data!.list.map(async (r) => JSON.parse((await recordsAs(server, admin).get(pickers, r.id)).data!.data)),
    );
    expect(stored.find((d) => d.title === '甲')).toMatchObject({
      owner: owner.id,
      deps: [department.id],
    });
    expect(stored.find((d) => d.title === '甲')!.pos).toBeTruthy();
    expect(stored.find((d) => d.title === '乙')!.owner).toBe(other.id);
  });

  it('ImportExceptionData gives the failed rows with their reasons', async () => {
    const res = await api<{ name: string; url: string }>('POST', `${RUN}/${model.id}/ImportExceptionData`, {
      json: { list: [{ title: '', errorsInfo: '标题不能为空' }] },
    });
    expect(res.code, res.msg).toBe(200);
    const [sheet] = await download(res.data!.url);
    expect(sheet!.rows[0]).toEqual([...HEADERS, '异常原因']);
    expect(sheet!.rows[1]!.at(-1)).toBe('标题不能为空');
  });

  it('needs the import button on the form’s menu', async () => {
    const user = await signedInUser(server, { realName: '导入员' });
    const systemId = await mainSystemId(ctx());
    const grant = async (button: string[]) => {
      const res = await api('PUT', `/api/permission/Authority/Data/${user.id}`, {
        json: { objectType: 'User', systemIds: [systemId], module: [model.menuId], button, column: [] },
      });
      expect(res.code, res.msg).toBe(200);
    };
    await grant([model.buttons.btn_add!]);
    expect((await importRows([{ title: unique('无权') }], user.token)).code).toBe(400);
    expect((await call(server, 'GET', `${RUN}/${model.id}/TemplateDownload`, { token: user.token })).code).toBe(400);
    await grant([model.buttons.btn_add!, model.buttons.btn_upload!]);
    const res = await importRows([{ title: unique('有权') }], user.token);
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.snum).toBe(1);
  });
});
