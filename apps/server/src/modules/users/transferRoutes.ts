// Users to and from spreadsheets: the export, and the import calls of the platform's import framework (template,
// upload, preview, import, the error report) with the user sheet and the user checks.
import { and } from 'drizzle-orm';
import { BUTTON } from '@jnpf/core';
import { z } from 'zod';
import { user } from '../../db/schema/index.js';
import { t } from '../../platform/i18n.js';
import { offsetOf } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { organizeIndex, USER_MENU } from '../organize/index.js';
import { importRoutes } from '../../platform/sheetImport.js';
import { writeSheet } from '../../platform/sheets.js';
import { offerDownload } from '../../platform/transfers.js';
import { exportRows, importUsers, previewRow } from './importer.js';
import { m } from './messages.js';
import { listConditions, listOrder, userListQuery, userScope } from './queries.js';
import { USERS_BASE } from './routes.js';
import { formatDate, SHEET_ALIASES, SHEET_COLUMNS } from './spreadsheet.js';
import { safeUserColumns } from './views.js';

const EXPORT_BATCH = 2000;

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
  ...importRoutes({
    base: USERS_BASE,
    permission: { module: USER_MENU, button: BUTTON.import },
    what: 'users',
    exceptionAliases: ['ExportExceptionData'],
    async sheet({ lang }) {
      return {
        name: t(lang, m.sheetUsers),
        columns: SHEET_COLUMNS,
        aliases: SHEET_ALIASES,
        extraKeys: ['enabledMark'],
      };
    },
    previewRow,
    async importRows({ app, req, lang }, rows) {
      const [index, shownIndex] = await Promise.all([organizeIndex(app), organizeIndex(app, lang)]);
      return importUsers(app, actorOf(req), index, rows, lang, shownIndex);
    },
  }),
];
