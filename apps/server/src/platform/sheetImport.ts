// Batch import from a sheet, one framework for every module (users, dictionary items, online-form records): the
// five calls of the reference under a module's base path —
//   POST {base}/Uploader            one .xls/.xlsx (multipart "file"), size and rows limited → {name}
//   GET  {base}/TemplateDownload    the template: the importable columns, and a sheet explaining each → {name, url}
//   GET  {base}/ImportPreview       the uploaded rows as display texts → {headerRow, dataRow}
//   POST {base}/ImportData          {list} the (edited) rows → {snum, fnum, resultType, failResult}
//   POST {base}/ImportExceptionData {list} the failed rows with their reasons as a file → {name, url}
// A module says which columns it takes and how a batch of rows is checked and written (each row with the same
// checks as its form's save, each batch in one transaction); the framework does files, limits and sheets.
// A sheet may hold sub-tables (groups): a record then spans rows, and previewed and imported records carry each
// sub-table's rows as a list under its key (as the reference's dataRow does).
import type { Language } from '@jnpf/core';
import type { FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import type { AppContext, Principal } from './context.js';
import type { Tx } from '../db/client.js';
import { AppError, invalidField, refuse, ValidationError } from './errors.js';
import { t } from './i18n.js';
import { ok } from './result.js';
import { route, type AnyRoute, type Permission } from './route.js';
import {
  failureSummary,
  formatDate,
  groupHeaders,
  headerKeys,
  readRecords,
  sheetMessages,
  textIn,
  writeSheet,
  type SheetColumn,
  type SheetGroup,
  type SheetLog,
  type SheetRow,
} from './sheets.js';
import { loadUpload, offerDownload, storeUpload } from './transfers.js';
import { msg } from './validation.js';

/** the key of a failed row's reasons */
export const ERRORS_KEY = 'errorsInfo';
/** the key of the sheet row a previewed record starts on (sheets whose rows are numbered: rowNumbers) */
export const ROW_NUM_KEY = 'excelRowNum';

/** a previewed, imported or failed record: its cells, and under each sub-table's key its rows */
export type ImportRow = Record<string, string | SheetRow[]>;
/** the sub-tables' rows of an imported record, by sub-table key */
export type RowDetails = Record<string, SheetRow[]>;

export interface ImportResult {
  snum: number;
  fnum: number;
  /** 0 every row imported, 1 some failed */
  resultType: 0 | 1;
  failResult: ImportRow[];
}

/** what a module's hooks know about the call */
export interface ImportCall<P> {
  app: AppContext;
  req: FastifyRequest;
  principal: Principal;
  params: P;
  lang: Language;
}

/** the sheet of a module (for a call: an online form's columns are those of its design) */
export interface ImportSheet {
  /** the template's and the error report's base name */
  name: string;
  columns: SheetColumn[];
  /** further header texts naming a column (header text → key) */
  aliases?: Record<string, string>;
  /** keys a previewed row may carry besides the columns (the reference's second name of a column) */
  extraKeys?: readonly string[];
  /** sub-tables: a two-row header, a record spanning rows, its rows under the sub-table's key */
  groups?: SheetGroup[];
  /** previewed records carry the sheet row they start on (ROW_NUM_KEY), for the import to name it */
  rowNumbers?: boolean;
}

/**
 * The import template of a sheet (.xlsx: its columns, each sub-table's under its title in a second header row,
 * then a sheet explaining option, dictionary and picker columns), offered to the caller as {name, url}. Every
 * template of the platform is this one: TemplateDownload's, and any other call answering a module's template.
 */
export async function templateDownload(
  app: AppContext,
  principal: Principal,
  sheet: ImportSheet,
  lang: Language,
): Promise<Awaited<ReturnType<typeof offerDownload>>> {
  const content = await writeSheet(sheet.name, sheet.columns, [], lang, { notes: true, groups: sheet.groups });
  return offerDownload(app, principal.userId, `${sheet.name}.xlsx`, content);
}

export interface ImportDefinition<P> {
  /** the module's base path, e.g. /api/permission/Users; may hold route parameters (:modelId) */
  base: string;
  params?: ZodType<P>;
  /** the permission of the five calls */
  permission: Permission;
  /** names the module in the API documentation */
  what: string;
  sheet(call: ImportCall<P>): Promise<ImportSheet>;
  /** a preview row from a sheet row (default: the columns' texts) */
  previewRow?(row: SheetRow, sheet: ImportSheet): SheetRow;
  /**
   * checks and writes the rows; each failed row comes back with its reasons under errorsInfo (with its
   * sub-tables' rows when the sheet has them: `details`, by the rows' index)
   */
  importRows(call: ImportCall<P>, rows: SheetRow[], sheet: ImportSheet, details: RowDetails[]): Promise<ImportResult>;
  /** further paths of the error report (the users screen of the reference calls ExportExceptionData) */
  exceptionAliases?: readonly string[];
}

const sheetCell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).optional();
const cells = z.record(z.string().max(50), sheetCell);
// a sub-table's rows; how many rows a request may carry is checked against the configuration in the handler
const detailRows = z.array(cells).max(100_000);
const sheetRows = z.array(z.record(z.string().max(50), z.union([sheetCell, detailRows])), {
  error: msg(sheetMessages.importEmpty),
});
const rowsBody = z.object({ list: sheetRows });
type Cell = z.infer<typeof sheetCell>;
type BodyRow = Record<string, Cell | Record<string, Cell>[]>;
const textOf = (v: Cell) => (v == null ? '' : String(v).trim());
const cellTexts = (row: Record<string, Cell>): SheetRow =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, textOf(v)]));
const asTexts = (row: BodyRow): ImportRow =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Array.isArray(v) ? v.map(cellTexts) : textOf(v as Cell)]));
/** how many sheet rows a record takes: one per row of its longest sub-table */
const heightOf = (row: BodyRow) => Math.max(1, ...Object.values(row).map((v) => (Array.isArray(v) ? v.length : 0)));

const stamp = () => formatDate(Date.now(), true).replace(/\D/g, '');
const sizeText = (bytes: number) =>
  bytes % 1024 === 0 && bytes < 1024 * 1024 ? `${bytes / 1024}KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`;

export const importLimits = (app: AppContext) => app.config.sheetImport;

/** the multipart parser's answers for a body that is not a well-formed form, or one cut off on the way */
const BROKEN_UPLOAD = /malformed|terminated early|unexpected end|boundary not found|aborted|premature close/i;

/** reads the one file of a multipart import upload, refusing what cannot be imported */
async function readImportUpload(req: FastifyRequest, maxBytes: number) {
  let content: Buffer | null = null;
  let fileName = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      fileName = part.filename ?? '';
      content = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    // the summary, not the error: a limit error carries the part (its fields and stream)
    req.log.warn({ err: failureSummary(err) }, 'an import upload could not be read');
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(sheetMessages.fileTooLarge, { size: sizeText(maxBytes) });
    if (code === 'FST_FILES_LIMIT') throw refuse(sheetMessages.onlyOneFile);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw refuse(sheetMessages.fileRequired);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw refuse(sheetMessages.tooManyFields);
    // a form cut off or not well formed (the client went away, a proxy cut it): not the file's contents
    const message = err instanceof Error ? err.message : '';
    if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || BROKEN_UPLOAD.test(message))
      throw refuse(sheetMessages.uploadBroken);
    // anything else is a fault of the server, answered and logged as one
    throw err;
  }
  if (!content || !fileName) throw refuse(sheetMessages.fileRequired);
  const extension = /\.(xlsx|xls)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!extension) throw refuse(sheetMessages.fileType);
  if (content.length > maxBytes) throw refuse(sheetMessages.fileTooLarge, { size: sizeText(maxBytes) });
  return { content, extension };
}

/**
 * rows as texts, their sub-tables' rows apart; a row naming a column the sheet does not have (or a sub-table's
 * column it does not have) comes back failed (a tampered request)
 */
export function checkedRows(list: BodyRow[], sheet: ImportSheet, lang: Language) {
  const known = new Set([
    ...sheet.columns.map((c) => c.key),
    ...(sheet.extraKeys ?? []),
    ...(sheet.rowNumbers ? [ROW_NUM_KEY] : []),
    ERRORS_KEY,
  ]);
  const groups = new Map((sheet.groups ?? []).map((g) => [g.key, new Set(g.columns.map((c) => c.key))]));
  const rows: SheetRow[] = [];
  const details: RowDetails[] = [];
  const tampered: ImportRow[] = [];
  for (const raw of list) {
    const record = asTexts(raw);
    delete record[ERRORS_KEY];
    const row: SheetRow = {};
    const detail: RowDetails = {};
    let fits = true;
    for (const [key, value] of Object.entries(record)) {
      const columns = groups.get(key);
      if (typeof value === 'string') {
        if (known.has(key)) row[key] = value;
        else fits = false;
      } else if (columns && value.every((r) => Object.keys(r).every((k) => columns.has(k)))) detail[key] = value;
      else fits = false;
    }
    if (fits) {
      rows.push(row);
      details.push(detail);
    } else tampered.push({ ...record, [ERRORS_KEY]: t(lang, sheetMessages.rowTampered) });
  }
  return { rows, details, tampered };
}

/** the records of an uploaded sheet, read with the module's columns and sub-tables */
const readSheetOf = (content: Buffer, sheet: ImportSheet, maxRows: number, log: SheetLog) =>
  readRecords(content, headerKeys(sheet.columns, sheet.aliases), groupHeaders(sheet.groups ?? []), maxRows, log);

/** the five import calls of a module */
export function importRoutes<P>(def: ImportDefinition<P>): AnyRoute[] {
  const call = (ctx: { app: AppContext; req: FastifyRequest; principal: Principal; params: P; lang: Language }) => ({
    app: ctx.app,
    req: ctx.req,
    principal: ctx.principal,
    params: ctx.params,
    lang: ctx.lang,
  });
  const params = def.params ? { params: def.params } : {};
  const exceptionRoute = (path: string) =>
    route({
      method: 'POST',
      url: `${def.base}/${path}`,
      permission: def.permission,
      summary: `The failed ${def.what} import rows with their reasons (errorsInfo) as .xlsx. Returns {name, url}.`,
      ...params,
      body: rowsBody,
      async handler(ctx) {
        const sheet = await def.sheet(call(ctx));
        const name = t(ctx.lang, sheetMessages.sheetErrors);
        const columns = [
          ...sheet.columns,
          { key: ERRORS_KEY, label: t(ctx.lang, sheetMessages.errorsColumn), width: 50 },
        ];
        const content = await writeSheet(name, columns, ctx.body.list.map(asTexts), ctx.lang, {
          groups: sheet.groups,
        });
        return ok(await offerDownload(ctx.app, ctx.principal.userId, `${name}${stamp()}.xlsx`, content));
      },
    });
  return [
    route({
      method: 'GET',
      url: `${def.base}/TemplateDownload`,
      permission: def.permission,
      summary: `The ${def.what} import template (.xlsx: the importable columns, then a sheet explaining option, dictionary and picker columns). Returns {name, url}.`,
      ...params,
      async handler(ctx) {
        return ok(await templateDownload(ctx.app, ctx.principal, await def.sheet(call(ctx)), ctx.lang));
      },
    }),
    route({
      method: 'POST',
      url: `${def.base}/Uploader`,
      permission: def.permission,
      summary: `Upload one ${def.what} import sheet (multipart field "file"): .xls or .xlsx, at most IMPORT_MAX_BYTES (500 KB) and IMPORT_MAX_ROWS (1000) rows. Returns {name} for ImportPreview.`,
      ...params,
      async handler(ctx) {
        const limits = importLimits(ctx.app);
        const sheet = await def.sheet(call(ctx));
        const { content, extension } = await readImportUpload(ctx.req, limits.maxBytes);
        // refuse what cannot be imported now, not after the next step
        await readSheetOf(content, sheet, limits.maxRows, ctx.req.log);
        return ok({ name: await storeUpload(ctx.app, ctx.principal.userId, extension, content) });
      },
    }),
    route({
      method: 'GET',
      url: `${def.base}/ImportPreview`,
      permission: def.permission,
      summary: `The rows of an uploaded ${def.what} sheet as display texts (dataRow), with the columns (headerRow)`,
      ...params,
      query: z.object({ fileName: z.string().trim().min(1, msg(sheetMessages.fileRequired)).max(100) }),
      async handler(ctx) {
        const content = await loadUpload(ctx.app, ctx.principal.userId, ctx.query.fileName);
        if (!content) throw refuse(sheetMessages.fileMissing);
        const sheet = await def.sheet(call(ctx));
        const records = await readSheetOf(content, sheet, importLimits(ctx.app).maxRows, ctx.req.log);
        const preview =
          def.previewRow ??
          ((row: SheetRow) => Object.fromEntries(sheet.columns.map((c) => [c.key, row[c.key] ?? ''])));
        const header = (c: SheetColumn) => ({
          id: c.key,
          fullName: textIn(c.label, ctx.lang),
          jnpfKey: 'input',
          ...(c.note ? { tipLabel: textIn(c.note, ctx.lang) } : {}),
        });
        const groups = sheet.groups ?? [];
        return ok({
          headerRow: [
            ...sheet.columns.map(header),
            ...groups.map((g) => ({
              id: g.key,
              fullName: textIn(g.label, ctx.lang),
              jnpfKey: 'table',
              children: g.columns.map(header),
            })),
          ],
          dataRow: records.map((record): ImportRow => ({
            ...preview(record.row, sheet),
            ...Object.fromEntries(
              groups.map((g) => [
                g.key,
                (record.groups[g.key] ?? []).map((r) =>
                  Object.fromEntries(g.columns.map((c) => [c.key, r[c.key] ?? ''])),
                ),
              ]),
            ),
            ...(sheet.rowNumbers ? { [ROW_NUM_KEY]: String(record.rowNum) } : {}),
          })),
          columns: [],
        });
      },
    }),
    route({
      method: 'POST',
      url: `${def.base}/ImportData`,
      permission: def.permission,
      summary: `Import ${def.what} from previewed rows (at most IMPORT_MAX_ROWS), each checked as its form's save. Returns {snum, fnum, resultType 0 all imported | 1 some failed, failResult rows with errorsInfo}.`,
      ...params,
      body: rowsBody,
      async handler(ctx) {
        const max = importLimits(ctx.app).maxRows;
        if (!ctx.body.list.length) throw refuse(sheetMessages.importEmpty);
        // a record takes as many sheet rows as its longest sub-table
        const height = ctx.body.list.reduce((sum, row) => sum + heightOf(row), 0);
        if (height > max) throw invalidField('list', sheetMessages.tooManyRows, { max });
        const sheet = await def.sheet(call(ctx));
        const { rows, details, tampered } = checkedRows(ctx.body.list, sheet, ctx.lang);
        const result = rows.length
          ? await def.importRows(call(ctx), rows, sheet, details)
          : { snum: 0, fnum: 0, resultType: 0 as const, failResult: [] };
        const failResult = [...tampered, ...result.failResult];
        return ok({
          snum: result.snum,
          fnum: failResult.length,
          resultType: failResult.length ? 1 : 0,
          failResult,
        } satisfies ImportResult);
      },
    }),
    exceptionRoute('ImportExceptionData'),
    ...(def.exceptionAliases ?? []).map(exceptionRoute),
  ];
}

/** the rows in batches of `size`, each handed to `write` in turn (one transaction each) */
export async function inBatches<T>(items: readonly T[], size: number, write: (batch: T[]) => Promise<void>) {
  for (let start = 0; start < items.length; start += size) await write(items.slice(start, start + size));
}

/** why a row could not be saved, in the caller's language: a rule's refusal or the input checks' messages */
export function failureText(err: unknown, lang: Language): string {
  if (err instanceof ValidationError) return [...new Set(Object.values(err.errors))].join('；');
  if (err instanceof AppError) return t(lang, err.key, err.params);
  throw err;
}

/** a row that failed, at its place in the sheet */
export interface FailedRow {
  index: number;
  row: ImportRow;
}

/** the failed rows with their reasons, in the order of the sheet */
export const inSheetOrder = (failed: FailedRow[]): ImportRow[] =>
  [...failed].sort((a, b) => a.index - b.index).map((f) => f.row);

/**
 * Saves checked rows in batches, one transaction per batch and a savepoint per row: a row its save refuses
 * (the same refusals as a form's save) is reported with the reason and the batch goes on without it.
 */
export async function saveEach<T>(
  app: AppContext,
  lang: Language,
  items: readonly { index: number; row: SheetRow; input: T }[],
  save: (tx: Tx, input: T) => Promise<void>,
  batchSize = 500,
): Promise<{ snum: number; failed: FailedRow[] }> {
  let snum = 0;
  const failed: FailedRow[] = [];
  await inBatches(items, batchSize, async (batch) => {
    const batchFailed: FailedRow[] = [];
    let saved = 0;
    await app.db.transaction(async (tx) => {
      for (const item of batch) {
        try {
          await tx.transaction((row) => save(row, item.input));
          saved++;
        } catch (err) {
          batchFailed.push({ index: item.index, row: { ...item.row, [ERRORS_KEY]: failureText(err, lang) } });
        }
      }
    });
    snum += saved;
    failed.push(...batchFailed);
  });
  return { snum, failed };
}
