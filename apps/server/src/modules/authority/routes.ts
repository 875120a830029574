// /api/permission/Authority: the grant wizard's trees, replace-all saves per object and in batch, who holds an
// item, and each user's column settings. Every change reaches signed-in users at
// their next call: the grant caches of every process are cleared, no one has to sign in again.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { authorize, columnsPurview } from '../../db/schema/index.js';
import { writeAudit } from '../../platform/audit.js';
import { refuse } from '../../platform/errors.js';
import { idArray, idText } from '../../platform/fields.js';
import { actorOf } from '../../platform/request.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import { msg } from '../../platform/validation.js';
import { AUTHORIZE_SCREEN } from '../permissionGroup/index.js';
import {
  emptySets,
  grantsOf,
  ITEM_TYPES,
  replaceGrants,
  stepTree,
  toLists,
  type ItemSets,
  type ItemType,
  type Submitted,
} from '../permissionKernel/index.js';
import { m } from './messages.js';
import { requireObjects, resolveObject, type GrantObject } from './objects.js';

const BASE = '/api/permission/Authority';
const read = { module: AUTHORIZE_SCREEN };

const itemArrays = {
  systemIds: idArray().optional(),
  module: idArray().optional(),
  button: idArray().optional(),
  column: idArray().optional(),
  form: idArray().optional(),
  resource: idArray().optional(),
};
type ItemArrays = { [K in keyof typeof itemArrays]?: string[] | undefined };

const submittedOf = (body: ItemArrays): Submitted => ({
  ...(body.systemIds ? { system: body.systemIds } : {}),
  ...(body.module ? { module: body.module } : {}),
  ...(body.button ? { button: body.button } : {}),
  ...(body.column ? { column: body.column } : {}),
  ...(body.form ? { form: body.form } : {}),
  ...(body.resource ? { resource: body.resource } : {}),
});

/** everything granted to this id, whatever kind of object it is */
async function heldBy(db: Parameters<typeof resolveObject>[0], objectId: string): Promise<ItemSets> {
  const sets = emptySets();
  const rows = await db
    .select({ itemType: authorize.itemType, itemId: authorize.itemId })
    .from(authorize)
    .where(eq(authorize.objectId, objectId));
  for (const r of rows)
    if ((ITEM_TYPES as readonly string[]).includes(r.itemType)) sets[r.itemType as ItemType].add(r.itemId);
  return sets;
}

export const authorityRoutes = [
  route({
    method: 'POST',
    url: `${BASE}/Data/:objectId/Values`,
    permission: read,
    summary:
      'One step of the grant wizard for an object ("0" = none): type system | module | button | column | form | resource; moduleIds = the ids checked at the step before',
    params: z.object({ objectId: idText }),
    body: z.object({
      type: z.string().max(20).nullish(),
      moduleIds: z.string().max(200_000).nullish(),
      category: z.string().max(20).nullish(),
    }),
    async handler({ app, principal, params, body, lang }) {
      const step = body.type && (ITEM_TYPES as readonly string[]).includes(body.type) ? (body.type as ItemType) : null;
      if (!step) throw refuse(m.typeRequired);
      const [cat, operator, held] = await Promise.all([
        app.catalogue.get(),
        grantsOf(app, principal),
        params.objectId === '0' ? emptySets() : heldBy(app.db, params.objectId),
      ]);
      const selected = new Set((body.moduleIds ?? '').split(',').filter(Boolean));
      return ok(stepTree(cat, operator, held, step, selected, false, lang));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/Data/:objectId`,
    permission: { module: AUTHORIZE_SCREEN, button: 'btn_auth' },
    summary:
      'Replace the grants of one object (permission group, role, position or user) with the ids sent; kinds not sent stay as they are; what the caller does not hold is kept',
    params: z.object({ objectId: idText }),
    body: z.object({ objectType: z.string().max(30).nullish(), ...itemArrays }),
    async handler({ app, req, principal, params, body }) {
      const [cat, operator] = await Promise.all([app.catalogue.get(), grantsOf(app, principal)]);
      const changed = await app.db.transaction(async (tx) => {
        const object = await resolveObject(tx, params.objectId, body.objectType ?? undefined);
        return saveFor(tx, req, cat, operator, object, submittedOf(body));
      });
      if (changed) await app.grants.changed();
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'POST',
    url: `${BASE}/Data/Batch`,
    permission: { module: AUTHORIZE_SCREEN, button: 'btn_batchAuth' },
    summary: 'Replace the grants of several roles, positions and users at once',
    body: z.object({
      roleIds: idArray(1000).default([]),
      positionIds: idArray(1000).default([]),
      userIds: idArray(1000).default([]),
      ...itemArrays,
    }),
    async handler({ app, req, principal, body }) {
      if (!body.roleIds.length && !body.positionIds.length && !body.userIds.length) throw refuse(m.objectsRequired);
      const [cat, operator] = await Promise.all([app.catalogue.get(), grantsOf(app, principal)]);
      const changed = await app.db.transaction(async (tx) => {
        const objects = [
          ...(await requireObjects(tx, 'Role', body.roleIds)),
          ...(await requireObjects(tx, 'Position', body.positionIds)),
          ...(await requireObjects(tx, 'User', body.userIds)),
        ];
        let any = false;
        for (const object of objects) if (await saveFor(tx, req, cat, operator, object, submittedOf(body))) any = true;
        return any;
      });
      if (changed) await app.grants.changed();
      return ok(undefined, 'done');
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/Model/:itemId/:objectType`,
    permission: read,
    summary: 'Which objects of a type (PermissionGroup, Role, Position, User) hold a grant of this item',
    params: z.object({ itemId: idText, objectType: z.string().max(30) }),
    async handler({ app, params }) {
      const rows = await app.db
        .select({ objectId: authorize.objectId })
        .from(authorize)
        .where(and(eq(authorize.itemId, params.itemId), eq(authorize.objectType, params.objectType)));
      return ok({ ids: [...new Set(rows.map((r) => r.objectId))] });
    },
  }),
  route({
    method: 'GET',
    url: `${BASE}/GetColumnsByModuleId/:id`,
    permission: 'signedIn',
    summary: 'The caller’s column settings for a menu they may use (an array; empty when none were saved)',
    params: z.object({ id: idText }),
    async handler({ app, principal, params }) {
      await requireUsableMenu(app, principal, params.id);
      const [row] = await app.db
        .select({ fieldList: columnsPurview.fieldList })
        .from(columnsPurview)
        .where(and(eq(columnsPurview.userId, principal.userId), eq(columnsPurview.moduleId, params.id)))
        .limit(1);
      return ok(row ? (JSON.parse(row.fieldList) as unknown[]) : []);
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}/SetColumnsByModuleId`,
    permission: 'signedIn',
    summary: 'Save the caller’s column settings for a menu: fieldList is a JSON array (sent as a string)',
    body: z.object({
      moduleId: idText,
      fieldList: z.union([z.string().max(100_000), z.array(z.unknown()).max(2000)]).transform((v, ctx) => {
        try {
          const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
          if (Array.isArray(parsed)) return JSON.stringify(parsed);
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: msg(m.fieldListInvalid) });
        return z.NEVER;
      }),
    }),
    async handler({ app, principal, body }) {
      await requireUsableMenu(app, principal, body.moduleId);
      const now = Date.now();
      await app.db
        .insert(columnsPurview)
        .values({ userId: principal.userId, moduleId: body.moduleId, fieldList: body.fieldList, creatorTime: now })
        .onConflictDoUpdate({
          target: [columnsPurview.userId, columnsPurview.moduleId],
          set: { fieldList: body.fieldList, lastModifyTime: now },
        });
      return ok(undefined, 'done');
    },
  }),
];

async function saveFor(
  tx: Parameters<typeof replaceGrants>[0],
  req: Parameters<typeof actorOf>[0],
  cat: Parameters<typeof replaceGrants>[1],
  operator: Parameters<typeof replaceGrants>[2],
  object: GrantObject,
  submitted: Submitted,
): Promise<boolean> {
  const { changed, before, after } = await replaceGrants(tx, cat, operator, object.type, object.id, submitted);
  if (changed)
    await writeAudit(tx, actorOf(req), {
      moduleName: 'authority',
      action: `grant${object.type}`,
      recordId: object.id,
      before: toLists(before),
      after: toLists(after),
    });
  return changed;
}

/** column settings are kept only for menus the caller may use */
async function requireUsableMenu(
  app: Parameters<typeof grantsOf>[0],
  principal: Parameters<typeof grantsOf>[1],
  moduleId: string,
) {
  const [cat, grants] = await Promise.all([app.catalogue.get(), grantsOf(app, principal)]);
  if (!cat.modules.some((x) => x.id === moduleId) || !(grants.all || grants.modules.has(moduleId)))
    throw refuse('noPermission');
}
