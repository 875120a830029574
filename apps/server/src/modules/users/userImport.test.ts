// Users from and to spreadsheets over HTTP: the template, upload checks (type, size, rows, corrupt files, one file),
// preview as display texts, import with per-row reasons, the error report, the export, and the download links.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { md5Hex } from '@jnpf/core';
import { user, userRelation } from '../../db/schema/index.js';
import { verifyPassword } from '../../platform/password.js';
import { call, signIn, unique } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin, api, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { headOffice } from '../../../test/kit/directory.js';
import {
  createCompany,
  createDepartment,
  createPosition,
  createRole,
  createUser,
} from '../../../test/kit/directoryApi.js';
import { upload as uploadFiles, type UploadFile } from '../../../test/kit/uploads.js';

const BASE = '/api/permission/Users';

let rootId: string;
let c: string;
let d: string;
let companyName: string;
let positionCode: string;
let roleName: string;
let manager: { id: string; account: string };

useAdminServer();
beforeAll(async () => {
  rootId = (await headOffice(ctx())).id;
  companyName = unique('导入公司');
  c = await createCompany(api, rootId, { fullName: companyName });
  d = await createDepartment(api, c, { fullName: '销售部' });
  positionCode = unique('P');
  await createPosition(api, d, { fullName: '销售', enCode: positionCode });
  roleName = unique('销售角色');
  await createRole(api, { fullName: roleName, globalMark: 0, organizeIdsTree: [[rootId, c, d]] });
  manager = await createUser(api, d, { account: unique('boss'), realName: '老板' });
});

type Row = Record<string, string>;
interface ImportResult {
  snum: number;
  fnum: number;
  resultType: number;
  failResult: (Row & { errorsInfo: string })[];
}

const HEADERS = [
  '账号',
  '姓名',
  '性别',
  '电子邮箱',
  '所属组织',
  '直属主管',
  '岗位',
  '职级',
  '角色',
  '排序',
  '状态',
  '说明',
  '民族',
  '籍贯',
  '入职时间',
  '证件类型',
  '证件号码',
  '文化程度',
  '出生年月',
  '办公电话',
  '办公座机',
  '手机号码',
  '紧急联系',
  '紧急电话',
  '通讯地址',
];

async function workbook(rows: (string | number | Date | null)[][], headers = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户信息');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (files: UploadFile[], token = admin) =>
  uploadFiles<{ name: string }>(server, `${BASE}/Uploader`, files, { token });

async function download(url: string) {
  const res = await fetch(`${server.baseUrl}${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ExcelJS.Buffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push(Array.from(row.values as unknown[], (v) => (v == null ? '' : String(v))).slice(1)));
  return { rows, disposition: res.headers.get('content-disposition') ?? '' };
}

const orgPath = () => `智慧园区集团/${companyName}/销售部`;

describe('template and upload', () => {
  it('TemplateDownload gives a link to a workbook with the reference’s headers', async () => {
    const res = await api<{ name: string; url: string }>('GET', `${BASE}/TemplateDownload`);
    expect(res.code).toBe(200);
    expect(res.data!.name).toBe('用户信息.xlsx');
    const sheet = await download(res.data!.url);
    expect(sheet.rows[0]).toEqual(HEADERS);
    expect(sheet.disposition).toContain("filename*=UTF-8''");
  });

  it('accepts one .xlsx and previews its rows as display texts', async () => {
    const content = await workbook([
      [
        unique('im'),
        '导入甲',
        '男',
        'a@b.cn',
        orgPath(),
        `老板/${manager.account}`,
        `销售/${positionCode}`,
        '初级',
        roleName,
        3,
        '正常',
        '说明',
        '汉族',
        '杭州',
        new Date(Date.UTC(2024, 0, 2)),
        '身份证',
        '11010519491231002X',
        '本科',
        '1990-05-06',
        '',
        '',
        '13800000000',
        '',
        '',
        '',
      ],
    ]);
    const up = await upload([{ name: 'users.xlsx', content }]);
    expect(up.code, up.msg).toBe(200);
    const preview = await api<{ dataRow: Row[]; headerRow: { id: string; fullName: string }[] }>(
      'GET',
      `${BASE}/ImportPreview`,
      {
        query: { fileName: up.data!.name },
      },
    );
    expect(preview.code).toBe(200);
    expect(preview.data!.headerRow[0]).toMatchObject({ id: 'account', fullName: '账号' });
    expect(preview.data!.dataRow[0]).toMatchObject({
      realName: '导入甲',
      gender: '男',
      organizeId: orgPath(),
      positionId: `销售/${positionCode}`,
      sortCode: '3',
      delFlag: '正常',
      enabledMark: '正常',
      entryDate: '2024-01-02',
      birthday: '1990-05-06',
    });
  });

  it('refuses other types, large files, too many rows, corrupt and old .xls files, several files, no file', async () => {
    expect(await upload([{ name: 'users.csv', content: Buffer.from('a,b\n1,2') }])).toMatchObject({
      code: 400,
      msg: '选择文件不符合导入',
    });
    expect(await upload([{ name: 'big.xlsx', content: randomBytes(600 * 1024) }])).toMatchObject({
      code: 400,
      msg: '文件大小不能超过500KB',
    });
    const many = await workbook(Array.from({ length: 1001 }, (_, i) => [`many${i}`, '某人', '男', '', orgPath()]));
    expect(many.length).toBeLessThan(500 * 1024);
    expect(await upload([{ name: 'many.xlsx', content: many }])).toMatchObject({
      code: 400,
      msg: '导入数据不能超过1000条',
    });
    expect(
      await upload([{ name: 'broken.xlsx', content: Buffer.from('PK\u0003\u0004 this is not a zip at all') }]),
    ).toMatchObject({
      code: 400,
      msg: '文件解析失败，请检查文件内容',
    });
    expect(await upload([{ name: 'notes.xlsx', content: Buffer.from('just text') }])).toMatchObject({
      code: 400,
      msg: '文件解析失败，请检查文件内容',
    });
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(512)]);
    expect(await upload([{ name: 'old.xls', content: ole2 }])).toMatchObject({
      code: 400,
      msg: '暂不支持旧版xls格式，请另存为xlsx后再导入',
    });
    const ok = await workbook([['x1', '某人', '男', '', orgPath()]]);
    expect(
      await upload([
        { name: 'a.xlsx', content: ok },
        { name: 'b.xlsx', content: ok },
      ]),
    ).toMatchObject({ code: 400, msg: '一次只能上传一个文件' });
    const none = await api('POST', `${BASE}/Uploader`, { json: {} });
    expect(none).toMatchObject({ code: 400, msg: '请先上传文件' });
    // a workbook without a known header row is not a user sheet
    expect(await upload([{ name: 'other.xlsx', content: await workbook([['1', '2']], ['foo', 'bar']) }])).toMatchObject(
      {
        code: 400,
        msg: '第一行的列名不是导入模板的列，请使用导入模板',
      },
    );
  });

  it('an upload is only for its uploader', async () => {
    const up = await upload([{ name: 'mine.xlsx', content: await workbook([['x2', '某人', '男', '', orgPath()]]) }]);
    const other = (await signedInUser(server, { realName: '他人', isAdministrator: 1 })).token;
    expect(
      await call(server, 'GET', `${BASE}/ImportPreview`, { token: other, query: { fileName: up.data!.name } }),
    ).toMatchObject({
      code: 400,
      msg: '文件不存在或已过期',
    });
    expect(await api('GET', `${BASE}/ImportPreview`, { query: { fileName: '../../etc/passwd' } })).toMatchObject({
      code: 400,
      msg: '文件不存在或已过期',
    });
  });
});

describe('import', () => {
  it('creates the valid rows and reports every reason of the others', async () => {
    const good = unique('good');
    const taken = manager.account;
    const rows: Row[] = [
      {
        account: good,
        realName: '导入乙',
        gender: '女',
        organizeId: orgPath(),
        positionId: `销售/${positionCode}`,
        roleId: roleName,
        managerId: `老板/${manager.account}`,
        enabledMark: '正常',
        sortCode: '5',
        nation: '汉族',
        education: '本科',
        birthday: '1991-02-03',
        mobilePhone: '13700000000',
      },
      { account: '', realName: '', gender: '', organizeId: '' },
      { account: taken, realName: '重复', gender: '男', organizeId: orgPath() },
      { account: 'bad account!', realName: '坏', gender: '未知', organizeId: '不存在的组织/某部' },
      {
        account: unique('x'),
        realName: '手机错',
        gender: '男',
        organizeId: orgPath(),
        mobilePhone: '123',
        email: 'nope',
        birthday: '31/31/2020',
      },
      { account: good, realName: '文件内重复', gender: '男', organizeId: orgPath() },
      {
        account: unique('y'),
        realName: '岗位错',
        gender: '男',
        organizeId: orgPath(),
        positionId: '无此岗位/NOPE',
        roleId: '无此角色',
        managerId: '谁/nobody',
      },
    ];
    const res = await api<ImportResult>('POST', `${BASE}/ImportData`, { json: { list: rows } });
    expect(res.code, res.msg).toBe(200);
    expect(res.data).toMatchObject({ snum: 1, fnum: 6, resultType: 1 });
    const reasons = res.data!.failResult.map((r) => r.errorsInfo);
    expect(reasons[0]).toBe('账号不能为空；姓名不能为空；所属组织不能为空；性别不能为空');
    expect(reasons[1]).toBe('账号已存在');
    expect(reasons[2]).toBe('账户不能含有特殊符号；找不到该所属组织（不存在的组织/某部）；找不到该性别');
    expect(reasons[3]).toBe('手机号码格式错误；电子邮箱格式错误；出生年月格式错误');
    expect(reasons[4]).toBe('账号已存在');
    expect(reasons[5]).toBe('找不到该岗位（无此岗位/NOPE）；找不到该角色（无此角色）；找不到该直属主管');
    const [created] = await ctx().db.select().from(user).where(eq(user.account, good));
    expect(created).toMatchObject({
      realName: '导入乙',
      gender: 2,
      organizeId: d,
      managerId: manager.id,
      sortCode: 5,
      enabledMark: 1,
      changePasswordDate: null,
    });
    expect(await verifyPassword(md5Hex('0000'), created!.passwordHash, created!.passwordSalt)).toBe(true);
    const rel = await ctx().db.select().from(userRelation).where(eq(userRelation.userId, created!.id));
    expect(rel.map((r) => r.objectType).sort()).toEqual(['Organize', 'Position', 'Role']);
    await signIn(server, good, '0000');
  });

  it('ExportExceptionData gives the failed rows with their reasons as a workbook', async () => {
    const failed = [
      { account: 'bad!', realName: '坏', gender: '男', organizeId: '无', errorsInfo: '账户不能含有特殊符号' },
    ];
    const res = await api<{ name: string; url: string }>('POST', `${BASE}/ExportExceptionData`, {
      json: { list: failed },
    });
    expect(res.code).toBe(200);
    expect(res.data!.name).toMatch(/^错误报告\d{14}\.xlsx$/);
    const sheet = await download(res.data!.url);
    expect(sheet.rows[0]!.at(-1)).toBe('异常原因');
    expect(sheet.rows[1]![0]).toBe('bad!');
    expect(sheet.rows[1]!.at(-1)).toBe('账户不能含有特殊符号');
  });

  it('refuses an empty list, more than 1000 rows, and rows that are not rows', async () => {
    expect(await api('POST', `${BASE}/ImportData`, { json: { list: [] } })).toMatchObject({
      code: 400,
      msg: '导入数据为空',
    });
    const tooMany = Array.from({ length: 1001 }, (_, i) => ({ account: `t${i}` }));
    const res = await api<{ errors: Record<string, string> }>('POST', `${BASE}/ImportData`, {
      json: { list: tooMany },
    });
    expect(res.code).toBe(401);
    expect(res.data!.errors.list).toBe('导入数据不能超过1000条');
    expect((await api('POST', `${BASE}/ImportData`, { json: { list: 'x' } })).code).toBe(401);
    expect((await api('POST', `${BASE}/ImportData`, { json: { list: [{ account: { $gt: '' } }] } })).code).toBe(401);
  });

  it('imports 1000 rows in one call', async () => {
    const marker = unique('bulk');
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      account: `${marker}${i}`,
      realName: `批量${i}`,
      gender: '男',
      organizeId: orgPath(),
    }));
    const started = Date.now();
    const res = await api<ImportResult>('POST', `${BASE}/ImportData`, { json: { list: rows } });
    const elapsed = Date.now() - started;
    expect(res.data).toMatchObject({ snum: 1000, fnum: 0, resultType: 0, failResult: [] });
    const created = await ctx()
      .db.select({ id: user.id })
      .from(user)
      .where(
        inArray(
          user.account,
          rows.map((r) => r.account),
        ),
      );
    expect(created).toHaveLength(1000);
    console.warn(`import of 1000 rows: ${elapsed} ms (${ctx().database.kind})`);
  });
});

describe('export and downloads', () => {
  it('ExportData gives the filtered users as a workbook (current page or everything)', async () => {
    const res = await api<{ name: string; url: string }>('GET', `${BASE}/ExportData`, {
      query: { organizeId: d, dataType: '1', selectKey: 'account,realName,organizeId,positionId,delFlag' },
    });
    expect(res.code).toBe(200);
    const sheet = await download(res.data!.url);
    expect(sheet.rows[0]).toEqual(['账号', '姓名', '所属组织', '岗位', '状态']);
    expect(sheet.rows.length).toBeGreaterThan(1000);
    const bossRow = sheet.rows.find((r) => r[0] === manager.account)!;
    expect(bossRow).toEqual([manager.account, '老板', orgPath(), '', '正常']);
    const firstPage = await api<{ url: string }>('GET', `${BASE}/ExportData`, {
      query: { organizeId: d, dataType: '0', pageSize: 20 },
    });
    const page = await download(firstPage.data!.url);
    expect(page.rows).toHaveLength(21);
    expect(page.rows[0]).toHaveLength(25);
  });

  it('download links are unguessable, and unknown ones are refused', async () => {
    expect(await call(server, 'GET', `/api/file/Download/${'a'.repeat(43)}`)).toMatchObject({
      code: 400,
      msg: '文件不存在或已过期',
    });
    expect((await call(server, 'GET', `/api/file/Download/short`)).code).toBe(401);
  });

  it('the sheet actions need their buttons', async () => {
    const { token } = await signedInUser(server, { realName: '无权' });
    for (const [method, path] of [
      ['GET', `${BASE}/ExportData`],
      ['GET', `${BASE}/TemplateDownload`],
      ['GET', `${BASE}/ImportPreview?fileName=x.xlsx`],
      ['POST', `${BASE}/ImportData`],
      ['POST', `${BASE}/ExportExceptionData`],
    ] as const)
      expect(
        await call(server, method, path, { token, ...(method === 'POST' ? { json: { list: [] } } : {}) }),
        path,
      ).toMatchObject({
        code: 400,
        msg: '没有访问权限',
      });
    expect((await upload([{ name: 'a.xlsx', content: Buffer.from('x') }], token)).code).toBe(400);
  });
});
