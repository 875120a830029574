// Users to and from spreadsheets: export, template, upload, preview, import, the error report, and the download
// of a generated sheet.
import { and } from 'drizzle-orm';
import { BUTTON } from '@jnpf/core';
import { z } from 'zod';
import { user } from '../../db/schema/index.js';
import { AppError, refuse } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { offsetOf } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { organizeIndex, USER_MENU } from '../organize/index.js';
import { loadUpload, offerDownload, storeUpload } from '../../platform/transfers.js';
import { exportRows, importUsers, previewRow } from './importer.js';
import { m } from './messages.js';
import { listConditions, listOrder, userListQuery, userScope } from './queries.js';
import { USERS_BASE } from './routes.js';
import {
  ERRORS_COLUMN,
  formatDate,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  readSheet,
  SHEET_COLUMNS,
  writeSheet,
} from './spreadsheet.js';
import { safeUserColumns } from './views.js';

const EXPORT_BATCH = 2000;

const sheetCell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).optional();
const sheetRows = z
  .array(z.record(z.string().max(50), sheetCell), { error: msg(m.importEmpty) })
  .max(MAX_IMPORT_ROWS, msg(m.tooManyRows));
const asTexts = (row: Record<string, string | number | boolean | null | undefined>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v == null ? '' : String(v)]));

const stamp = () => formatDate(Date.now(), true).replace(/\D/g, '');

export const userTransferRoutes = [
  route({
    method: 'GET',
    url: `${USERS_BASE}/ExportData`,
    permission: { module: USER_MENU, button: BUTTON.export },
    summary:
      'Export users to .xlsx: dataType 0 = the current page, 1 = everything the list filters match; selectKey = comma-joined columns. Returns {name, url}.',
    query: userListQuery.extend({
      dataType: z.enum(['0', '1']).default('0'),
      selectKey: z.string().max(1000).default(''),
    }),
    async handler({ app, principal, query, lang }) {
      const [index, shownIndex, scope] = await Promise.all([
        organizeIndex(app),
        organizeIndex(app, lang),
        userScope(app, principal),
      ]);
      const chosen = new Set(query.selectKey.split(',').map((k) => k.trim()));
      const columns = SHEET_COLUMNS.filter((c) => !query.selectKey || chosen.has(c.key));
      const filters = listConditions(query, index);
      const where = filters && and(filters, scope);
      async function* rows() {
        if (!where) return;
        const all = query.dataType === '1';
        for (let offset = all ? 0 : offsetOf(query); ; offset += EXPORT_BATCH) {
          const limit = all ? EXPORT_BATCH : query.pageSize;
          const batch = await app.db
            .select(safeUserColumns)
            .from(user)
            .where(where)
            .orderBy(...listOrder)
            .limit(limit)
            .offset(offset);
          yield* await exportRows(app.db, shownIndex, batch, lang);
          if (!all || batch.length < limit) return;
        }
      }
      const sheetName = t(lang, m.sheetUsers);
      const content = await writeSheet(sheetName, columns.length ? columns : SHEET_COLUMNS, rows(), lang);
      return ok(await offerDownload(app, principal.userId, `${sheetName}${stamp()}.xlsx`, content));
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/TemplateDownload`,
    permission: { module: USER_MENU, button: BUTTON.import },
    summary: 'The import template (.xlsx with the column headers). Returns {name, url}.',
    async handler({ app, principal, lang }) {
      const sheetName = t(lang, m.sheetUsers);
      const content = await writeSheet(sheetName, SHEET_COLUMNS, [], lang);
      return ok(await offerDownload(app, principal.userId, `${sheetName}.xlsx`, content));
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/Uploader`,
    permission: { module: USER_MENU, button: BUTTON.import },
    summary:
      'Upload one import sheet (multipart field "file"): .xls or .xlsx, at most 500 KB and 1000 rows. Returns {name} for ImportPreview.',
    async handler({ app, req, principal }) {
      let content: Buffer | null = null;
      let fileName = '';
      try {
        for await (const part of req.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } })) {
          if (part.type !== 'file') continue;
          fileName = part.filename ?? '';
          content = await part.toBuffer();
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(m.fileTooLarge);
        if (code === 'FST_FILES_LIMIT') throw refuse(m.onlyOneFile);
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw refuse(m.fileRequired);
        throw refuse(m.fileCorrupt);
      }
      if (!content || !fileName) throw refuse(m.fileRequired);
      const extension = /\.(xlsx|xls)$/i.exec(fileName)?.[1]?.toLowerCase();
      if (!extension) throw refuse(m.fileType);
      if (content.length > MAX_IMPORT_BYTES) throw refuse(m.fileTooLarge);
      // refuse what cannot be imported now, not after the next step
      await readSheet(content);
      return ok({ name: await storeUpload(app, principal.userId, extension, content) });
    },
  }),
  route({
    method: 'GET',
    url: `${USERS_BASE}/ImportPreview`,
    permission: { module: USER_MENU, button: BUTTON.import },
    summary: 'The rows of an uploaded sheet as display texts (dataRow), with the column list (headerRow)',
    query: z.object({ fileName: z.string().trim().min(1, msg(m.fileRequired)).max(100) }),
    async handler({ app, principal, query, lang }) {
      const content = await loadUpload(app, principal.userId, query.fileName);
      if (!content) throw refuse(m.fileMissing);
      const rows = await readSheet(content);
      return ok({
        headerRow: SHEET_COLUMNS.map((c) => ({ id: c.key, fullName: c.label[lang], jnpfKey: 'input' })),
        dataRow: rows.map(previewRow),
        columns: [],
      });
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/ImportData`,
    permission: { module: USER_MENU, button: BUTTON.import },
    summary:
      'Create users from previewed rows (at most 1000). Returns {snum, fnum, resultType 0 all created | 1 some failed, failResult rows with errorsInfo}.',
    body: z.object({ list: sheetRows }),
    async handler({ app, req, body, lang }) {
      if (!body.list.length) throw refuse(m.importEmpty);
      const [index, shownIndex] = await Promise.all([organizeIndex(app), organizeIndex(app, lang)]);
      return ok(await importUsers(app, actorOf(req), index, body.list.map(asTexts), lang, shownIndex));
    },
  }),
  route({
    method: 'POST',
    url: `${USERS_BASE}/ExportExceptionData`,
    permission: { module: USER_MENU, button: BUTTON.import },
    summary: 'The failed import rows with their reasons as .xlsx. Returns {name, url}.',
    body: z.object({ list: sheetRows }),
    async handler({ app, principal, body, lang }) {
      const sheetName = t(lang, m.sheetErrors);
      const content = await writeSheet(sheetName, [...SHEET_COLUMNS, ERRORS_COLUMN], body.list.map(asTexts), lang);
      return ok(await offerDownload(app, principal.userId, `${sheetName}${stamp()}.xlsx`, content));
    },
  }),
];
