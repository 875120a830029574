// Dictionary items of a category from a sheet over HTTP, on a server with small import limits (IMPORT_MAX_BYTES
// 8 KB, IMPORT_MAX_ROWS 5: the limits are configuration): the template, upload checks, preview, the import with
// the item form's messages (required, length, duplicates, parents), a tampered row, the error report, and who may
// import.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import { call, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { upload as uploadFiles } from '../../../test/kit/uploads.js';

useAdminServer({ sheetImport: { maxBytes: 8 * 1024, maxRows: 5 } });

const T = '/api/system/DictionaryType';
const D = '/api/system/DictionaryData';
const HEADERS = ['字典名称', '字典编码', '上级编码', '排序', '状态', '说明'];
type Row = Record<string, string>;
interface ImportResult {
  snum: number;
  fnum: number;
  resultType: number;
  failResult: (Row & { errorsInfo: string })[];
}

async function createType(isTree: 0 | 1): Promise<string> {
  const enCode = unique('imp');
  const res = await call(server, 'POST', T, {
    token: admin,
    json: { parentId: '0', fullName: `导入${enCode}`, enCode, isTree },
  });
  expect(res.code, res.msg).toBe(200);
  const [row] = await ctx().db.select().from(dictionaryType).where(eq(dictionaryType.enCode, enCode));
  return row!.id;
}

async function workbook(rows: (string | number)[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('items');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const importRows = (typeId: string, list: Row[], token = admin) =>
  call<ImportResult>(server, 'POST', `${D}/${typeId}/ImportData`, { token, json: { list } });

const itemsOf = (typeId: string) =>
  ctx().db.select().from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, typeId));

describe('dictionary item import', () => {
  it('TemplateDownload holds the item columns and explains them', async () => {
    const typeId = await createType(1);
    const res = await call<{ name: string; url: string }>(server, 'GET', `${D}/${typeId}/TemplateDownload`, {
      token: admin,
    });
    expect(res.code, res.msg).toBe(200);
    const file = await fetch(`${server.baseUrl}${res.data!.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(wb.worksheets[1]!.getCell('A2').value).toBe('上级编码');
    expect((await call(server, 'GET', `${D}/nope${unique('x')}/TemplateDownload`, { token: admin })).msg).toBeTruthy();
  });

  it('upload honours the configured size and row limits, and previews the rows', async () => {
    const typeId = await createType(0);
    const up = (name: string, content: Buffer | string) =>
      uploadFiles<{ name: string }>(server, `${D}/${typeId}/Uploader`, [{ name, content }], { token: admin });
    expect(await up('big.xlsx', randomBytes(9 * 1024))).toMatchObject({ code: 400, msg: '文件大小不能超过8KB' });
    const six = await workbook(Array.from({ length: 6 }, (_, i) => [`项${i}`, `c${i}`]));
    expect(await up('six.xlsx', six)).toMatchObject({ code: 400, msg: '导入数据不能超过5条' });
    expect(await up('items.txt', 'x')).toMatchObject({ code: 400, msg: '选择文件不符合导入' });
    const ok = await up('five.xlsx', await workbook([['红色', 'red', '', 1, '禁用', '颜色']]));
    expect(ok.code, ok.msg).toBe(200);
    const preview = await call<{ dataRow: Row[] }>(server, 'GET', `${D}/${typeId}/ImportPreview`, {
      token: admin,
      query: { fileName: ok.data!.name },
    });
    expect(preview.data!.dataRow).toEqual([
      { fullName: '红色', enCode: 'red', parentCode: '', sortCode: '1', enabledMark: '禁用', description: '颜色' },
    ]);
    const tooMany = await importRows(
      typeId,
      Array.from({ length: 6 }, (_, i) => ({ fullName: `n${i}`, enCode: `c${i}` })),
    );
    expect(tooMany.code).toBe(401);
  });

  it('creates good items, nests them by parent code, and refuses the others with the form’s messages', async () => {
    const typeId = await createType(1);
    const res = await importRows(typeId, [
      { fullName: '华东', enCode: 'east', sortCode: '2', enabledMark: '禁用' },
      { fullName: '上海', enCode: 'sh', parentCode: 'east' },
      { fullName: '', enCode: 'x1' },
      { fullName: '华东', enCode: 'east2' },
      { fullName: '某地', enCode: 'y', parentCode: 'nowhere', id: 'forged' },
    ]);
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ snum: 2, fnum: 3, resultType: 1 });
    const reasons = Object.fromEntries(res.data!.failResult.map((r) => [r.enCode, r.errorsInfo]));
    expect(reasons).toEqual({ x1: '请输入名称', east2: '字典名称不能重复', y: '数据不是导入模板的列' });
    const items = await itemsOf(typeId);
    const east = items.find((i) => i.enCode === 'east')!;
    expect(east).toMatchObject({ enabledMark: 0, sortCode: 2, parentId: '0' });
    expect(items.find((i) => i.enCode === 'sh')!.parentId).toBe(east.id);

    const more = await importRows(typeId, [
      { fullName: '某地', enCode: 'y', parentCode: 'nowhere' },
      { fullName: 'x'.repeat(51), enCode: 'long' },
      { fullName: '甲', enCode: 'z', enabledMark: '也许', sortCode: '-1' },
    ]);
    expect(more.data!.snum).toBe(0);
    expect(more.data!.failResult.map((r) => r.errorsInfo)).toEqual([
      '找不到该上级字典（nowhere）',
      '字典名称最多为50个字符！',
      '排序只能是0到999999之间的整数；状态只能是启用或禁用',
    ]);
  });

  it('a flat category refuses parents, as its form does', async () => {
    const typeId = await createType(0);
    await importRows(typeId, [{ fullName: '父', enCode: 'p' }]);
    const res = await importRows(typeId, [{ fullName: '子', enCode: 'c', parentCode: 'p' }]);
    expect(res.data!.failResult[0]!.errorsInfo).toBeTruthy();
    expect((await itemsOf(typeId)).map((i) => i.enCode)).toEqual(['p']);
  });

  it('ImportExceptionData gives the failed rows with their reasons', async () => {
    const typeId = await createType(0);
    const res = await call<{ name: string; url: string }>(server, 'POST', `${D}/${typeId}/ImportExceptionData`, {
      token: admin,
      json: { list: [{ fullName: '', enCode: 'x', errorsInfo: '请输入名称' }] },
    });
    expect(res.code, res.msg).toBe(200);
    const file = await fetch(`${server.baseUrl}${res.data!.url}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await file.arrayBuffer()) as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...HEADERS, '异常原因']);
    expect(wb.worksheets[0]!.getCell('G2').value).toBe('请输入名称');
  });

  it('needs the dictionary screen with its import button', async () => {
    const typeId = await createType(0);
    const user = await signedInUser(server, { realName: '字典员' });
    expect((await importRows(typeId, [{ fullName: 'a', enCode: 'a' }], user.token)).code).toBe(400);
    expect(await itemsOf(typeId)).toEqual([]);
  });
});
