// Spreadsheets for every module: reading an uploaded .xlsx into display texts keyed by column (streamed, row by
// row, stopping at the row limit), and writing rows into a new .xlsx (streamed); both with sub-tables too (a
// two-row header, a record spanning a row per sub-table row). Uploads are checked before
// parsing: type, and how far they unpack. Dates are local dates, as the reference writes them.
import { PassThrough, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Language, Localized } from '@jnpf/core';
import { AppError, refuse } from './errors.js';
import { defineMessages, t } from './i18n.js';

/** an .xlsx is a zip: a small upload that unpacks to more than this is refused before parsing */
const MAX_UNPACKED_BYTES = 40 * 1024 * 1024;

export const sheetMessages = defineMessages('sheets', {
  fileType: { zh: '选择文件不符合导入', zhtw: '選擇文件不符合導入', en: 'Choose an .xls or .xlsx file' },
  fileTooLarge: {
    zh: '文件大小不能超过{size}',
    zhtw: '文件大小不能超過{size}',
    en: 'The file cannot exceed {size}',
  },
  tooManyRows: {
    zh: '导入数据不能超过{max}条',
    zhtw: '導入數據不能超過{max}條',
    en: 'At most {max} rows can be imported',
  },
  importEmpty: { zh: '导入数据为空', zhtw: '導入數據為空', en: 'There is nothing to import' },
  fileRequired: { zh: '请先上传文件', zhtw: '請先上傳文件', en: 'Upload a file first' },
  onlyOneFile: { zh: '一次只能上传一个文件', zhtw: '一次只能上傳一個文件', en: 'Upload one file at a time' },
  uploadBroken: {
    zh: '文件上传未完成，请重新上传',
    zhtw: '文件上傳未完成，請重新上傳',
    en: 'The upload did not arrive whole; upload the file again',
  },
  tooManyFields: {
    zh: '上传的表单项过多',
    zhtw: '上傳的表單項過多',
    en: 'The upload carries too many form fields',
  },
  fileCorrupt: {
    zh: '文件解析失败，请检查文件内容',
    zhtw: '文件解析失敗，請檢查文件內容',
    en: 'The file cannot be read; check its contents',
  },
  xlsUnsupported: {
    zh: '暂不支持旧版xls格式，请另存为xlsx后再导入',
    zhtw: '暫不支持舊版xls格式，請另存為xlsx後再導入',
    en: 'Old-style .xls files cannot be read; save the file as .xlsx and import it again',
  },
  fileMissing: { zh: '文件不存在或已过期', zhtw: '文件不存在或已過期', en: 'The file does not exist or has expired' },
  rowTampered: {
    zh: '数据不是导入模板的列',
    zhtw: '數據不是導入模板的列',
    en: 'The row holds columns that are not in the import template',
  },
  errorsColumn: { zh: '异常原因', zhtw: '異常原因', en: 'Reason' },
  sheetErrors: { zh: '错误报告', zhtw: '錯誤報告', en: 'Error report' },
  notesSheet: { zh: '填写说明', zhtw: '填寫說明', en: 'How to fill in' },
  notesColumn: { zh: '列', zhtw: '列', en: 'Column' },
  notesText: { zh: '说明', zhtw: '說明', en: 'Notes' },
  headerWrong: {
    zh: '第一行的列名不是导入模板的列，请使用导入模板',
    zhtw: '第一行的列名不是導入模板的列，請使用導入模板',
    en: 'The first row names none of the template columns; use the import template',
  },
  groupHeaderWrong: {
    zh: '子表“{name}”下一行的列名不是导入模板的列，请使用导入模板',
    zhtw: '子表“{name}”下一行的列名不是導入模板的列，請使用導入模板',
    en: 'The row under the sub-table "{name}" names none of its template columns; use the import template',
  },
});

/** a column of a sheet: its key in rows, its header (a text or one per language), and how to fill it in */
export interface SheetColumn {
  key: string;
  label: Localized | string;
  width: number;
  /** how the template explains the column (options, the form of a name, a date) */
  note?: Localized | string;
}

/** a sub-table in a sheet: its title over its columns' labels (a two-row header), one sheet row per table row */
export interface SheetGroup {
  key: string;
  label: Localized | string;
  columns: SheetColumn[];
}

export const textIn = (text: Localized | string, lang: Language) => (typeof text === 'string' ? text : text[lang]);

export type SheetRow = Record<string, string>;
type SheetCells = Record<string, string | number | null | undefined>;
/** a row to write: cells by column key, and under a sub-table's key its rows */
type SheetValues = Record<string, string | number | null | undefined | readonly SheetCells[]>;

/** a record read from a sheet: its main cells, its sub-tables' rows, and the sheet row it starts on */
export interface SheetRecord {
  row: SheetRow;
  groups: Record<string, SheetRow[]>;
  rowNum: number;
}

/** how a sub-table's header is recognised: its title (any language, or its key) and its columns' headers */
export interface GroupHeaders {
  key: string;
  label: string;
  titles: ReadonlySet<string>;
  headers: ReadonlyMap<string, string>;
}

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

function cellText(value: unknown): string {
  if (value == null) return '';
  if (value instanceof Date) {
    // dates without a time zone come back as UTC midnight
    const local = value.getTime() + value.getTimezoneOffset() * 60_000;
    return formatDate(local);
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(10)));
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText))
    return (value.richText as { text?: unknown }[]).map((r) => String(r.text ?? '')).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  // a formula counts by the value it last computed (the sheet is not recalculated here)
  if ('result' in value) return cellText(value.result ?? null);
  return '';
}

/** a part of an .xlsx (a zip), as the archive's central directory describes it */
interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  packedSize: number;
  size: number;
  headerOffset: number;
}

/** the entries an .xlsx (zip) lists in its central directory, or null when it is not a zip */
function zipDirectory(buf: Buffer): ZipEntry[] | null {
  const min = Math.max(0, buf.length - 65_557);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const count = buf.readUInt16LE(i + 10);
    let offset = buf.readUInt32LE(i + 16);
    const entries: ZipEntry[] = [];
    for (let n = 0; n < count; n++) {
      if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = buf.readUInt16LE(offset + 28);
      entries.push({
        name: buf.toString('utf8', offset + 46, offset + 46 + nameLength),
        flags: buf.readUInt16LE(offset + 8),
        method: buf.readUInt16LE(offset + 10),
        packedSize: buf.readUInt32LE(offset + 20),
        size: buf.readUInt32LE(offset + 24),
        headerOffset: buf.readUInt32LE(offset + 42),
      });
      offset += 46 + nameLength + buf.readUInt16LE(offset + 30) + buf.readUInt16LE(offset + 32);
    }
    return entries;
  }
  return null;
}

/** a sheet's content that cannot be read: the archive or one of its parts is malformed */
class UnreadableSheet extends Error {}

/** the unpacked bytes of one part of the archive, as they inflate; never more than its directory declares */
async function* entryBytes(buf: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const at = entry.headerOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50)
    throw new UnreadableSheet(`${entry.name}: no header`);
  // bit 0: encrypted
  if (entry.flags & 1) throw new UnreadableSheet(`${entry.name}: encrypted`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const packed = buf.subarray(start, start + entry.packedSize);
  if (packed.length !== entry.packedSize) throw new UnreadableSheet(`${entry.name}: cut short`);
  if (entry.method === 0) {
    yield packed;
    return;
  }
  if (entry.method !== 8) throw new UnreadableSheet(`${entry.name}: compression ${entry.method}`);
  const inflate = createInflateRaw();
  inflate.end(packed);
  let total = 0;
  for await (const chunk of inflate as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > entry.size) throw new UnreadableSheet(`${entry.name}: larger than declared`);
    yield chunk;
  }
}

/**
 * The parts of ExcelJS's stream reader that read one part of the archive each (not in its typings). Its own pass
 * over the archive is not used: it pauses the unzipping stream while it works on a part, and that stream, having
 * read its whole input meanwhile, ends and drops the parts it had not handed over yet. An .xlsx whose worksheet
 * comes before its shared strings (every file ExcelJS writes) makes it wait on a temporary file there, so on a
 * busy machine the workbook part was lost and a good file was refused as unreadable.
 */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<Buffer>, sheetNo: string): Iterable<{ eventType: string; value: unknown }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** ExcelJS's stream reader, to read the parts it is given */
function workbookParts(): WorkbookParts {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    styles: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  const parts = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles', '_parseWorksheet'] as const;
  // a programming fault (another ExcelJS), not the user's file
  if (parts.some((name) => typeof reader[name] !== 'function'))
    throw new Error('ExcelJS stream reader without its parts');
  return reader;
}

/**
 * The first sheet of an .xlsx, read part by part through the archive's directory: first what a sheet's cells
 * refer to (the workbook, its relations, shared strings and styles), then the sheet's rows as they unpack.
 */
async function* firstSheet(
  reader: WorkbookParts,
  content: Buffer,
  entries: readonly ZipEntry[],
): AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = (name: string) => {
    const entry = byName.get(name);
    return entry ? Readable.from(entryBytes(content, entry)) : null;
  };
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels);
  const book = part('xl/workbook.xml');
  if (!book) throw new UnreadableSheet('no workbook');
  await reader._parseWorkbook(book);
  if (!reader.model) throw new UnreadableSheet('workbook without a model');
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const item of reader._parseSharedStrings(strings)) void item;
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles);
  // the first sheet of the workbook (its tab order), else the first sheet part of the archive
  const rId = reader.model.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find((r) => r.Id === rId)?.Target ?? '';
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheets = entries.filter((e) => SHEET_PART.test(e.name));
  const sheet = sheets.find((e) => e.name === path) ?? sheets[0];
  if (!sheet) return;
  for (const event of reader._parseWorksheet(entryBytes(content, sheet), SHEET_PART.exec(sheet.name)![1]!))
    if (event.eventType === 'worksheet') yield event.value as ExcelJS.stream.xlsx.WorksheetReader;
}

/** what a failed read of a sheet is logged with: no cell contents, no request */
export const failureSummary = (err: unknown) =>
  err instanceof Error
    ? { type: err.name, message: err.message, code: (err as { code?: unknown }).code, stack: err.stack }
    : { type: typeof err, message: String(err) };

/** where readRecords reports why a file could not be read */
export interface SheetLog {
  warn(obj: object, msg: string): void;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** header text (lower case) → column key: every language's label and the key itself name a column */
export function headerKeys(columns: readonly SheetColumn[], aliases: Record<string, string> = {}) {
  const keys = new Map<string, string>();
  for (const c of columns) {
    keys.set(c.key.toLowerCase(), c.key);
    for (const text of typeof c.label === 'string' ? [c.label] : Object.values(c.label))
      keys.set(text.trim().toLowerCase(), c.key);
  }
  for (const [alias, key] of Object.entries(aliases)) keys.set(alias.toLowerCase(), key);
  return keys;
}

/** the headers naming each sub-table and its columns */
export function groupHeaders(groups: readonly SheetGroup[]): GroupHeaders[] {
  return groups.map((g) => {
    const labels = typeof g.label === 'string' ? [g.label] : Object.values(g.label);
    return {
      key: g.key,
      label: labels[0] ?? g.key,
      titles: new Set([g.key, ...labels].map((text) => text.trim().toLowerCase())),
      headers: headerKeys(g.columns),
    };
  });
}

/**
 * The records of the first sheet as display texts keyed by column, read as a stream: a sheet with more than
 * maxRows data rows is refused as soon as the row after the limit is read. Refuses files it cannot or should not
 * read, and sheets whose first row names none of the columns (headerWrong). Without sub-tables, one record per
 * row. With them (a sub-table's title in the first row names a two-row header: main columns merged over both
 * rows, each sub-table's title over its columns' labels), a record spans several rows: its main cells on its first row, and a row whose main cells are all empty
 * (merged or blank) carries more rows of its sub-tables. maxRows counts the sheet's data rows.
 */
export async function readRecords(
  content: Buffer,
  headers: ReadonlyMap<string, string>,
  groups: readonly GroupHeaders[],
  maxRows: number,
  log?: SheetLog,
): Promise<SheetRecord[]> {
  if (content.subarray(0, 8).equals(OLE2_MAGIC)) throw refuse(sheetMessages.xlsUnsupported);
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw refuse(sheetMessages.fileCorrupt);
  const entries = zipDirectory(content);
  if (!entries || entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNPACKED_BYTES)
    throw refuse(sheetMessages.fileCorrupt);
  const reader = workbookParts();
  const records: SheetRecord[] = [];
  let count = 0;
  let tooMany = false;
  let named = false;
  let headerRead = false;
  let wrongGroup: string | null = null;
  try {
    for await (const sheet of firstSheet(reader, content, entries)) {
      let keys: (string | undefined)[] | null = null;
      // by column: the sub-table and its column's key
      let cells: ({ group: string; key: string } | undefined)[] = [];
      let titles: { col: number; group: GroupHeaders }[] = [];
      let firstRow: string[] = [];
      let awaitingSecond = false;
      for await (const row of sheet) {
        const values = row.values as unknown[];
        if (!keys) {
          firstRow = values.map((v) => cellText(v).trim().toLowerCase());
          keys = firstRow.map((text) => headers.get(text));
          titles = firstRow.flatMap((text, col) => {
            if (keys![col]) return [];
            const group = groups.find((g) => g.titles.has(text));
            return group ? [{ col, group }] : [];
          });
          named = keys.some(Boolean);
          headerRead = firstRow.some(Boolean);
          awaitingSecond = titles.length > 0;
          if (!named && !awaitingSecond) break;
          continue;
        }
        if (awaitingSecond) {
          awaitingSecond = false;
          // a column belongs to the sub-table whose title is the nearest filled cell of the first row on its left
          const owner = (col: number) => {
            for (let c = col; c >= 1; c--) {
              if (keys![c]) return undefined;
              const title = titles.find((t) => t.col === c);
              if (title) return title.group;
              if (firstRow[c]) return undefined;
            }
            return undefined;
          };
          cells = values.map((v, col) => {
            const group = owner(col);
            const key = group?.headers.get(cellText(v).trim().toLowerCase());
            return group && key ? { group: group.key, key } : undefined;
          });
          for (const { group } of titles) if (!cells.some((c) => c?.group === group.key)) wrongGroup ??= group.label;
          named ||= cells.some(Boolean);
          if (!named || wrongGroup) break;
          continue;
        }
        const main: SheetRow = {};
        const parts: Record<string, SheetRow> = {};
        let any = false;
        let mainAny = false;
        values.forEach((value, col) => {
          const key = keys![col];
          const cell = cells[col];
          if (!key && !cell) return;
          const text = cellText(value).trim();
          if (text) any = true;
          if (key) {
            main[key] = text;
            if (text) mainAny = true;
          } else if (cell) {
            const part = (parts[cell.group] ??= {});
            part[cell.key] = text;
          }
        });
        if (!any) continue;
        if (count >= maxRows) {
          tooMany = true;
          break;
        }
        count++;
        let record = records.at(-1);
        if (mainAny || !record || !titles.length) {
          record = { row: main, groups: {}, rowNum: row.number };
          records.push(record);
        }
        for (const [group, part] of Object.entries(parts))
          if (Object.values(part).some(Boolean)) (record.groups[group] ??= []).push(part);
      }
      // only the first sheet is read (a template's notes sheet follows it)
      break;
    }
  } catch (err) {
    // a fault of the machine (files, memory) or of this code is not the user's file: it stays a server error
    if (err instanceof AppError || (err instanceof Error && 'syscall' in err)) throw err;
    log?.warn({ err: failureSummary(err) }, 'an uploaded sheet could not be read');
    throw refuse(sheetMessages.fileCorrupt);
  }
  if (wrongGroup !== null) throw refuse(sheetMessages.groupHeaderWrong, { name: wrongGroup });
  if (tooMany) throw refuse(sheetMessages.tooManyRows, { max: maxRows });
  // a sheet read whole whose first row names no column is another sheet than the template
  if (!named) throw refuse(headerRead ? sheetMessages.headerWrong : sheetMessages.fileCorrupt);
  return records;
}

/**
 * A new .xlsx: one sheet with headers in the caller's language and the rows (streamed, not held as a model),
 * and, when columns carry notes, a second sheet explaining how to fill each column in. With sub-tables (groups):
 * a two-row header (main columns merged over both rows, each sub-table's title over its columns' labels) and a
 * row per sub-table row, the record's main cells on its first row and blank below (not merged: ExcelJS checks each
 * merge against every other, which a large export cannot afford; a reader treats both alike).
 */
export async function writeSheet(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: Iterable<SheetValues> | AsyncIterable<SheetValues>,
  lang: Language,
  options: { notes?: boolean; groups?: readonly SheetGroup[] } = {},
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
  const groups = (options.groups ?? []).filter((g) => g.columns.length);
  if (!groups.length) {
    sheet.columns = columns.map((c) => ({ header: textIn(c.label, lang), key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of rows) {
      const values: Record<string, string | number> = {};
      for (const c of columns) values[c.key] = cellValue(row[c.key]);
      sheet.addRow(values).commit();
    }
  } else await writeGrouped(sheet, columns, groups, rows, lang);
  sheet.commit();
  const noted = [
    ...columns.filter((c) => c.note).map((c) => ({ label: textIn(c.label, lang), note: c.note! })),
    ...groups.flatMap((g) =>
      g.columns
        .filter((c) => c.note)
        .map((c) => ({ label: `${textIn(g.label, lang)}-${textIn(c.label, lang)}`, note: c.note! })),
    ),
  ];
  if (options.notes && noted.length) {
    const notes = workbook.addWorksheet(t(lang, sheetMessages.notesSheet));
    notes.columns = [
      { header: t(lang, sheetMessages.notesColumn), key: 'column', width: 20 },
      { header: t(lang, sheetMessages.notesText), key: 'note', width: 80 },
    ];
    notes.getRow(1).font = { bold: true };
    notes.getRow(1).commit();
    for (const c of noted) notes.addRow({ column: c.label, note: textIn(c.note, lang) }).commit();
    notes.commit();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

const cellValue = (value: SheetValues[string]): string | number =>
  value == null || Array.isArray(value) ? '' : (value as string | number);

type StreamSheet = ReturnType<InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>['addWorksheet']>;

/** the two-row header and the records spanning rows (see writeSheet) */
async function writeGrouped(
  sheet: StreamSheet,
  columns: readonly SheetColumn[],
  groups: readonly SheetGroup[],
  rows: Iterable<SheetValues> | AsyncIterable<SheetValues>,
  lang: Language,
) {
  const all = [...columns, ...groups.flatMap((g) => g.columns)];
  sheet.columns = all.map((c) => ({ width: c.width }));
  const first = sheet.getRow(1);
  const second = sheet.getRow(2);
  columns.forEach((c, i) => (first.getCell(i + 1).value = textIn(c.label, lang)));
  let col = columns.length + 1;
  const spans: [number, number][] = [];
  for (const g of groups) {
    first.getCell(col).value = textIn(g.label, lang);
    g.columns.forEach((c, i) => (second.getCell(col + i).value = textIn(c.label, lang)));
    spans.push([col, col + g.columns.length - 1]);
    col += g.columns.length;
  }
  first.font = { bold: true };
  second.font = { bold: true };
  columns.forEach((_, i) => sheet.mergeCells(1, i + 1, 2, i + 1));
  for (const [from, to] of spans) if (to > from) sheet.mergeCells(1, from, 1, to);
  first.commit();
  second.commit();
  for await (const row of rows) {
    const parts = groups.map((g) => {
      const value = row[g.key];
      return Array.isArray(value) ? (value as readonly SheetCells[]) : [];
    });
    const height = Math.max(1, ...parts.map((p) => p.length));
    for (let i = 0; i < height; i++) {
      const values: (string | number)[] = [];
      for (const c of columns) values.push(i === 0 ? cellValue(row[c.key]) : '');
      groups.forEach((g, n) => {
        for (const c of g.columns) values.push(cellValue(parts[n]![i]?.[c.key]));
      });
      sheet.addRow(values).commit();
    }
  }
}
