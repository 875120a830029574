// /api/system/System: applications. The main system cannot be disabled, recoded or
// deleted. Disabling or deleting an application tells the signed-in users who could use it to reload
// (socket frame "refresh"), so their clients move to another application.
import { and, asc, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { BUILT_IN_MENUS, systemName, type ButtonCode } from '@jnpf/core';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { module, session, system, user } from '../../db/schema/index.js';
import { allowedSystems } from '../../platform/catalogue.js';
import type { AppContext } from '../../platform/context.js';
import { createRow, deleteAudited, refuseTakenNameOrCode, requireRow, updateRow } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { MAIN_SYSTEM_CODE } from '../../platform/menus.js';
import { nameOrCodeContains } from '../../platform/paging.js';
import { actorOf } from '../../platform/request.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import {
  coercedVersionField,
  flag01,
  idText,
  jsonText,
  optionalText,
  requiredCode,
  requiredText,
  sortCode,
} from '../../platform/fields.js';
import { menuMessages, removeMenusWithItems } from '../menu/index.js';
import { grantsOf, removeGrantsOf } from '../permissionKernel/index.js';
import { m } from './messages.js';

const BASE = '/api/system/System';
const SYSTEM_SCREEN = BUILT_IN_MENUS.system.enCode;
const write = (button: ButtonCode) => ({ module: SYSTEM_SCREEN, button });

type SystemRow = typeof system.$inferSelect;

const systemBody = z.object({
  fullName: requiredText(menuMessages.nameRequired),
  enCode: requiredCode(menuMessages.codeRequired),
  icon: optionalText(200),
  sortCode,
  enabledMark: flag01(1),
  description: optionalText(500),
  propertyJson: jsonText(4000),
  navigationIcon: optionalText(500),
  workLogoIcon: optionalText(500),
  workflowEnabled: flag01(0),
  version: coercedVersionField,
});

const systemInfo = (s: SystemRow) => ({
  ...pick(
    s,
    'id',
    'fullName',
    'enCode',
    'sortCode',
    'enabledMark',
    'workflowEnabled',
    'isMain',
    'creatorTime',
    'version',
  ),
  ...blankIfNull(s, 'icon', 'description', 'propertyJson', 'navigationIcon', 'workLogoIcon'),
  mainSystem: s.enCode === MAIN_SYSTEM_CODE,
});

const requireSystemRow = (db: Tx | AppContext['db'], id: string, key: string): Promise<SystemRow> =>
  requireRow(db, system, id, key);

/**
 * The signed-in users who can use this application now (the reference leaves out administrators working in
 * the main system: nothing changes for them). Read before the change, told after it.
 */
async function usersOfSystem(app: AppContext, systemId: string): Promise<string[]> {
  const now = Date.now();
  const live = await app.db
    .selectDistinct({ userId: session.userId })
    .from(session)
    .where(and(isNull(session.endedAt), gt(session.expiresAt, now)));
  if (!live.length) return [];
  const [cat, main] = await Promise.all([
    app.catalogue.get(),
    app.db.select({ id: system.id }).from(system).where(eq(system.enCode, MAIN_SYSTEM_CODE)).limit(1),
  ]);
  const users = await app.db
    .select({ id: user.id, isAdministrator: user.isAdministrator, systemId: user.systemId })
    .from(user)
    .where(
      inArray(
        user.id,
        live.map((l) => l.userId),
      ),
    );
  const out: string[] = [];
  for (const u of users) {
    const isAdmin = u.isAdministrator === 1;
    if (isAdmin && (u.systemId ?? main[0]?.id) === main[0]?.id) continue;
    const grants = await app.grants.forUser(u.id, isAdmin);
    if (allowedSystems(cat, grants).some((s) => s.id === systemId)) out.push(u.id);
  }
  return out;
}

export const systemRoutes = [
  route({
    method: 'GET',
    url: BASE,
    permission: { module: SYSTEM_SCREEN },
    summary:
      'Applications (not paged): keyword on name or code; enabledMark "1" = enabled only, "0" or absent = all; selector = without the main system',
    query: z.object({
      keyword: z.string().trim().max(100).default(''),
      enabledMark: z.preprocess((v) => (v === '' || v === null ? undefined : String(v)), z.enum(['0', '1']).optional()),
      selector: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
    }),
    async handler({ app, principal, query, lang }) {
      const conditions: (SQL | undefined)[] = [nameOrCodeContains(system, query.keyword)];
      if (query.enabledMark === '1') conditions.push(eq(system.enabledMark, 1));
      if (query.selector) conditions.push(eq(system.isMain, 0));
      let rows = await app.db
        .select()
        .from(system)
        .where(and(...conditions))
        .orderBy(asc(system.sortCode), desc(system.creatorTime));
      if (!principal.isAdministrator) {
        const [cat, grants] = await Promise.all([app.catalogue.get(), grantsOf(app, principal)]);
        const mine = new Set(allowedSystems(cat, grants).map((s) => s.id));
        rows = rows.filter((r) => mine.has(r.id));
      }
      // the seeded application named in the caller's language (unless an administrator renamed it)
      return ok({ list: rows.map((r) => ({ ...systemInfo(r), fullName: systemName(r.enCode, r.fullName, lang) })) });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/:id`,
    permission: { module: SYSTEM_SCREEN },
    summary: 'One application',
    params: z.object({ id: idText }),
    async handler({ app, params }) {
      return ok(systemInfo(await requireSystemRow(app.db, params.id, 'notFound')));
    },
  }),
  route({
    method: 'POST',
    url: BASE,
    permission: write('btn_add'),
    summary: 'Create an application (names and codes are unique)',
    body: systemBody,
    async handler({ app, req, body }) {
      const { version: _v, ...values } = body;
      const id = await createRow(app.db, system, { actor: actorOf(req), moduleName: 'system' }, async (tx) => {
        await refuseTakenNameOrCode(tx, system, body);
        return { ...values, isMain: 0 };
      });
      await app.catalogue.changed();
      return ok(id, 'created');
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/:id`,
    permission: write('btn_edit'),
    summary: 'Update an application; the main system stays enabled and keeps its code',
    params: z.object({ id: idText }),
    body: systemBody,
    async handler({ app, req, params, body }) {
      const { version, ...values } = body;
      const before = await requireSystemRow(app.db, params.id, 'updateNotFound');
      if (before.isMain === 1 && values.enabledMark === 0) throw refuse(m.mainNoDisable);
      if (before.isMain === 1 && values.enCode !== before.enCode) throw refuse(m.mainNoCodeChange);
      const disabling = before.enabledMark === 1 && values.enabledMark === 0;
      const affected = disabling ? await usersOfSystem(app, before.id) : [];
      await updateRow(app.db, system, before.id, version, { actor: actorOf(req), moduleName: 'system' }, async (tx) => {
        await refuseTakenNameOrCode(tx, system, { ...body, id: before.id });
        return values;
      });
      await app.catalogue.changed();
      if (affected.length) await app.realtime.sendToUsers(affected, { method: 'refresh', msg: t('zh', m.switching) });
      return ok(undefined, 'updated');
    },
  }),
  route({
    method: 'DELETE',
    url: `${BASE}/:id`,
    permission: write('btn_remove'),
    summary: 'Delete an application with its menus, their permission items and every grant of them',
    params: z.object({ id: idText }),
    async handler({ app, req, params }) {
      const before = await requireSystemRow(app.db, params.id, 'deleteNotFound');
      if (before.isMain === 1) throw refuse(m.mainNoDelete);
      const affected = await usersOfSystem(app, before.id);
      await app.db.transaction(async (tx) => {
        const menus = await tx.select({ id: module.id }).from(module).where(eq(module.systemId, before.id));
        await removeMenusWithItems(
          tx,
          menus.map((x) => x.id),
        );
        await removeGrantsOf(tx, 'system', [before.id]);
        await deleteAudited(tx, system, before.id, { actor: actorOf(req), moduleName: 'system' });
      });
      await Promise.all([app.catalogue.changed(), app.grants.changed()]);
      if (affected.length) await app.realtime.sendToUsers(affected, { method: 'refresh', msg: t('zh', m.switching) });
      return ok(undefined, 'deleted');
    },
  }),
];
