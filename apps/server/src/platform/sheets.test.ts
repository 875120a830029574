// Reading uploaded sheets: every part a sheet needs is read whatever the order of the parts in the archive and
// however slow the machine is, the first tab is the one read, and a file that cannot be read is refused with why.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.js';
import { headerKeys, readRecords, sheetMessages, type SheetColumn } from './sheets.js';

const columns: SheetColumn[] = [
  { key: 'name', label: { zh: '名称', zhtw: '名稱', en: 'Name' }, width: 20 },
  { key: 'code', label: { zh: '编码', zhtw: '編碼', en: 'Code' }, width: 20 },
];
const read = (content: Buffer, log?: { warn: (obj: object, msg: string) => void }) =>
  readRecords(content, headerKeys(columns), [], 5, log);

/** an .xlsx as ExcelJS writes it: the worksheet before the shared strings, the workbook part last */
async function workbook(sheets: Record<string, string[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.key : err),
  );

afterEach(() => vi.restoreAllMocks());

describe('readRecords', () => {
  it('reads every part of the sheet while the disk is slow', async () => {
    const content = await workbook({
      items: [
        ['名称', '编码'],
        ['红色', 'red'],
        ['蓝色', 'blue'],
      ],
    });
    // a loaded machine: each file opened answers late (the reader once waited on a temporary file here, and the
    // unzipping ran ahead and dropped the workbook part: a good file was refused as unreadable)
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(((...args: unknown[]) => {
      const done = args.pop() as (...result: unknown[]) => void;
      (open as (...a: unknown[]) => void)(...args, (...result: unknown[]) => setTimeout(() => done(...result), 20));
    }) as typeof fs.open);
    for (let i = 0; i < 3; i++) {
      const records = await read(content);
      expect(records.map((r) => r.row)).toEqual([
        { name: '红色', code: 'red' },
        { name: '蓝色', code: 'blue' },
      ]);
    }
  });

  it('reads the first tab, not a notes sheet after it', async () => {
    const content = await workbook({
      items: [
        ['编码', '名称'],
        ['g', '绿色'],
      ],
      notes: [['名称'], ['x']],
    });
    expect((await read(content)).map((r) => r.row)).toEqual([{ code: 'g', name: '绿色' }]);
  });

  it('refuses a cut or damaged archive as unreadable, and logs why', async () => {
    const content = await workbook({
      items: [
        ['名称', '编码'],
        ['红色', 'red'],
      ],
    });
    expect(await refusal(read(content.subarray(0, content.length - 30)))).toBe(sheetMessages.fileCorrupt);
    // the directory intact, the worksheet's compressed bytes (after its local header's name) damaged
    const damaged = Buffer.from(content);
    const part = 'xl/worksheets/sheet1.xml';
    const at = damaged.indexOf(part) + part.length;
    damaged.fill(0xff, at, at + 40);
    const warn = vi.fn();
    expect(await refusal(read(damaged, { warn }))).toBe(sheetMessages.fileCorrupt);
    expect(warn).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: expect.any(String) }) },
      'an uploaded sheet could not be read',
    );
  });
});
