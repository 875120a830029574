// The user sheet: its columns (the reference's Chinese headers), reading an uploaded .xlsx into display texts,
// and writing rows into a new .xlsx. Uploads are checked before parsing: size, type, and how far they unpack.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Language, Localized } from '@jnpf/core';
import { refuse } from '../../platform/errors.js';
import { m } from './messages.js';

export const MAX_IMPORT_BYTES = 500 * 1024;
export const MAX_IMPORT_ROWS = 1000;
/** an .xlsx is a zip: a 500 KB upload that unpacks to more than this is refused before parsing */
const MAX_UNPACKED_BYTES = 40 * 1024 * 1024;

export type SheetKey =
  | 'account'
  | 'realName'
  | 'gender'
  | 'email'
  | 'organizeId'
  | 'managerId'
  | 'positionId'
  | 'ranks'
  | 'roleId'
  | 'sortCode'
  | 'delFlag'
  | 'description'
  | 'nation'
  | 'nativePlace'
  | 'entryDate'
  | 'certificatesType'
  | 'certificatesNumber'
  | 'education'
  | 'birthday'
  | 'telePhone'
  | 'landline'
  | 'mobilePhone'
  | 'urgentContacts'
  | 'urgentTelePhone'
  | 'postalAddress';

const label = (zh: string, zhtw: string, en: string): Localized => ({ zh, zhtw, en });

/** the columns of the template, the export and the error report, in the reference's order */
export const SHEET_COLUMNS: { key: SheetKey; label: Localized; width: number }[] = [
  { key: 'account', label: label('账号', '賬號', 'Account'), width: 16 },
  { key: 'realName', label: label('姓名', '姓名', 'Name'), width: 14 },
  { key: 'gender', label: label('性别', '性別', 'Gender'), width: 8 },
  { key: 'email', label: label('电子邮箱', '電子郵箱', 'Email'), width: 22 },
  { key: 'organizeId', label: label('所属组织', '所屬組織', 'Organisation'), width: 30 },
  { key: 'managerId', label: label('直属主管', '直屬主管', 'Manager'), width: 18 },
  { key: 'positionId', label: label('岗位', '崗位', 'Position'), width: 20 },
  { key: 'ranks', label: label('职级', '職級', 'Rank'), width: 10 },
  { key: 'roleId', label: label('角色', '角色', 'Role'), width: 20 },
  { key: 'sortCode', label: label('排序', '排序', 'Sort code'), width: 8 },
  { key: 'delFlag', label: label('状态', '狀態', 'State'), width: 8 },
  { key: 'description', label: label('说明', '說明', 'Description'), width: 25 },
  { key: 'nation', label: label('民族', '民族', 'Nation'), width: 10 },
  { key: 'nativePlace', label: label('籍贯', '籍貫', 'Native place'), width: 14 },
  { key: 'entryDate', label: label('入职时间', '入職時間', 'Entry date'), width: 20 },
  { key: 'certificatesType', label: label('证件类型', '證件類型', 'Certificate type'), width: 12 },
  { key: 'certificatesNumber', label: label('证件号码', '證件號碼', 'Certificate number'), width: 22 },
  { key: 'education', label: label('文化程度', '文化程度', 'Education'), width: 12 },
  { key: 'birthday', label: label('出生年月', '出生年月', 'Birthday'), width: 20 },
  { key: 'telePhone', label: label('办公电话', '辦公電話', 'Office phone'), width: 16 },
  { key: 'landline', label: label('办公座机', '辦公座機', 'Landline'), width: 16 },
  { key: 'mobilePhone', label: label('手机号码', '手機號碼', 'Mobile'), width: 16 },
  { key: 'urgentContacts', label: label('紧急联系', '緊急聯繫', 'Emergency contact'), width: 14 },
  { key: 'urgentTelePhone', label: label('紧急电话', '緊急電話', 'Emergency phone'), width: 16 },
  { key: 'postalAddress', label: label('通讯地址', '通訊地址', 'Postal address'), width: 25 },
];
export const ERRORS_COLUMN = { key: 'errorsInfo', label: label('异常原因', '異常原因', 'Reason'), width: 50 };

/** a header cell names a column by any language's label or by its key */
const HEADER_KEYS = new Map<string, string>();
for (const c of [...SHEET_COLUMNS, ERRORS_COLUMN]) {
  HEADER_KEYS.set(c.key.toLowerCase(), c.key);
  for (const text of Object.values(c.label)) HEADER_KEYS.set(text.toLowerCase(), c.key);
}
HEADER_KEYS.set('enabledmark', 'delFlag');

export type SheetRow = Record<string, string>;
type SheetValues = Record<string, string | number | null | undefined>;

const pad = (n: number) => String(n).padStart(2, '0');
/** "2024-05-01", or "2024-05-01 08:30:00" when the time is not midnight (local time, as the reference) */
export function formatDate(ms: number | null | undefined, withTime = false): string {
  if (ms == null || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withTime || time !== '00:00:00' ? `${day} ${time}` : day;
}

/** a sheet date ("2024-05-01", "2024/5/1 8:30", "2024-05-01T08:30:00") as epoch ms, or NaN */
export function parseDate(text: string): number {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return date.getMonth() === Number(mo) - 1 ? date.getTime() : Number.NaN;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) {
    // dates without a time zone come back as UTC midnight
    const local = value.getTime() + value.getTimezoneOffset() * 60_000;
    return formatDate(local);
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(10)));
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

/** the total unpacked size an .xlsx (zip) declares in its central directory, or null when it is not a zip */
function unpackedSize(buf: Buffer): number | null {
  const min = Math.max(0, buf.length - 65_557);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = buf.readUInt16LE(i + 10);
    let offset = buf.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
      total += buf.readUInt32LE(offset + 24);
      offset += 46 + buf.readUInt16LE(offset + 28) + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
    }
    return total;
  }
  return null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** the data rows of the first sheet as display texts keyed by column; refuses files it cannot or should not read */
export async function readSheet(content: Buffer): Promise<SheetRow[]> {
  if (content.subarray(0, 8).equals(OLE2_MAGIC)) throw refuse(m.xlsUnsupported);
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw refuse(m.fileCorrupt);
  const unpacked = unpackedSize(content);
  if (unpacked === null || unpacked > MAX_UNPACKED_BYTES) throw refuse(m.fileCorrupt);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
  } catch {
    throw refuse(m.fileCorrupt);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const keys: (string | undefined)[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    keys[col] = HEADER_KEYS.get(cellText(cell.value).trim().toLowerCase());
  });
  if (!keys.some(Boolean)) throw refuse(m.fileCorrupt);
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    if (!row.hasValues) continue;
    const out: SheetRow = {};
    let any = false;
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      const key = keys[col];
      if (!key) return;
      const text = cellText(cell.value).trim();
      if (text) any = true;
      out[key] = text;
    });
    if (!any) continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw refuse(m.tooManyRows);
    rows.push(out);
  }
  return rows;
}

/** a new .xlsx with one sheet: headers in the caller's language, then the rows (streamed, not held as a model) */
export async function writeSheet(
  sheetName: string,
  columns: { key: string; label: Localized; width: number }[],
  rows: Iterable<SheetValues> | AsyncIterable<SheetValues>,
  lang: Language,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.label[lang], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    const values: Record<string, string | number> = {};
    for (const c of columns) values[c.key] = row[c.key] ?? '';
    sheet.addRow(values).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
