// /api/system/DataSource: data connections (数据连接). The screen's calls need its menu; the selector the
// interface form uses needs the data-interface menu or the data-source menu.
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dataSource } from '../../db/schema/index.js';
import { idParams } from '../../platform/fields.js';
import { t } from '../../platform/i18n.js';
import { containsPattern, pageOfRows, pageQuery } from '../../platform/paging.js';
import { createRoute, recordWriteRoutes } from '../../platform/recordRoutes.js';
import { ok, page } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { infoRoute } from '../dictionary/index.js';
import { testConnection } from './connect.js';
import { INTERFACE_MENU, SOURCE_MENU } from './menus.js';
import { m } from './messages.js';
import { creatorNames } from './names.js';
import {
  createSource,
  deleteSource,
  sourceBody,
  sourceById,
  sourceInfo,
  testBody,
  testConfigOf,
  toggleSource,
  updateSource,
} from './sources.js';

const BASE = '/api/system/DataSource';
const read = { module: SOURCE_MENU };

export const sourceRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: read,
    summary: 'Data connections, paged (keyword, dbType)',
    query: pageQuery.extend({ dbType: z.enum(['', 'PostgreSQL', 'MySQL']).default('') }),
    async handler({ app, query }) {
      const conditions: (SQL | undefined)[] = [];
      if (query.keyword) {
        const like = containsPattern(query.keyword);
        conditions.push(
          or(ilike(dataSource.fullName, like), ilike(dataSource.host, like), ilike(dataSource.serviceName, like)),
        );
      }
      if (query.dbType) conditions.push(eq(dataSource.dbType, query.dbType));
      const { rows, pagination } = await pageOfRows(app.db, dataSource, and(...conditions), query);
      const names = await creatorNames(
        app.db,
        rows.map((r) => r.creatorUserId),
      );
      return page(
        rows.map((r) => {
          const {
            password: _p,
            version: _v,
            dbSchema: _s,
            connectionLimit: _c,
            description: _d,
            ...row
          } = sourceInfo(r);
          return { ...row, creatorUser: names.get(r.creatorUserId ?? '') ?? '' };
        }),
        pagination,
      );
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Selector`,
    permission: { module: [SOURCE_MENU, INTERFACE_MENU] },
    summary: 'The default database ("0") and the enabled connections (bare array)',
    async handler({ app, lang }) {
      const rows = await app.db
        .select({ id: dataSource.id, fullName: dataSource.fullName, dbType: dataSource.dbType })
        .from(dataSource)
        .where(eq(dataSource.enabledMark, 1))
        .orderBy(dataSource.sortCode, dataSource.fullName);
      return ok([{ id: '0', fullName: t(lang, m.defaultDb), dbType: 'PostgreSQL' }, ...rows]);
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Actions/Test`,
    permission: read,
    summary: 'Tries a connection (an id reuses the stored password when none is typed)',
    body: testBody,
    async handler({ app, body }) {
      await testConnection(await testConfigOf(app, body));
      return ok(undefined, m.connectOk);
    },
  }),
  infoRoute({
    url: `${BASE}/:id`,
    permission: read,
    summary: 'One connection; the password is never answered (password "")',
    params: idParams,
    find: sourceById,
    answer: sourceInfo,
  }),
  createRoute({
    base: BASE,
    permission: { module: SOURCE_MENU, button: 'btn_add' },
    summary: 'Create a connection (the password is stored encrypted)',
    body: sourceBody,
    create: createSource,
  }),
  ...recordWriteRoutes({
    base: BASE,
    permission: (button) => ({ module: SOURCE_MENU, button }),
    params: idParams,
    body: sourceBody,
    summaries: {
      update: 'Update a connection; an empty password keeps the stored one',
      remove: 'Delete a connection no interface uses',
      state: 'Enable or disable a connection',
    },
    update: updateSource,
    remove: deleteSource,
    toggle: toggleSource,
  }),
];
