// Areas: the lazy tree, the pickers, id paths to name paths, and the writes with their rules (unique code,
// an existing parent that is not inside the area itself, no delete while it has sub-areas).
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fieldRules } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import { area } from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { toggleEnabled, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { containsPattern, MAX_PAGE_SIZE } from '../../platform/paging.js';
import { msg } from '../../platform/validation.js';
import { m } from './messages.js';

export const ROOT = '-1';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** the create and update body (ProvinceCrForm); the level ("type") is computed from the parent */
export const areaBody = z.object({
  parentId: z
    .string({ error: msg(m.parentRequired) })
    .trim()
    .min(1, { error: msg(m.parentRequired) })
    .max(50, { error: msg(m.parentMissing) }),
  fullName: z
    .string({ error: msg(m.fullNameRequired) })
    .trim()
    .min(1, { error: msg(m.fullNameRequired) })
    .max(50, { error: msg(m.fullNameTooLong) })
    .regex(fieldRules.name, { error: msg('name') })
    .refine((v) => !CONTROL.test(v), { error: msg('name') }),
  enCode: z
    .string({ error: msg(m.enCodeRequired) })
    .trim()
    .min(1, { error: msg(m.enCodeRequired) })
    .max(50, { error: msg(m.enCodeTooLong) })
    .regex(fieldRules.numericCode, { error: msg('numericCode') }),
  enabledMark: z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: msg(m.enabledMark) })
    .transform((v) => Number(v))
    .default(1),
  sortCode: z.coerce
    .number({ error: msg(m.sortCode) })
    .int({ error: msg(m.sortCode) })
    .min(0, { error: msg(m.sortCode) })
    .max(999_999, { error: msg(m.sortCode) })
    .default(0),
  description: z
    .string()
    .max(500)
    .refine((v) => !CONTROL.test(v.replace(/[\r\n\t]/g, '')), { error: msg('badJson') })
    .nullish(),
});
export type AreaBody = z.infer<typeof areaBody>;

/** whether the area has sub-areas (enabled ones only, when asked) */
// written out: drizzle renders a column of a one-table query unqualified, which the inner query would capture
const hasChildrenSql = (enabledOnly = false) =>
  sql<boolean>`exists (select 1 from base_area c where c.parent_id = base_area.id${enabledOnly ? sql` and c.enabled_mark = 1` : sql``})`;

/** the areas anywhere below a node (the node itself not included) */
const below = (id: string) =>
  sql`${area.id} in (
    with recursive sub(id) as (
      select a.id from base_area a where a.parent_id = ${id}
      union all
      select a.id from base_area a join sub on a.parent_id = sub.id
    )
    select id from sub)`;

/** ids of the area and everything below it */
async function subtreeIds(db: Db | Tx, id: string): Promise<Set<string>> {
  const rows = (await db.execute(sql`
    with recursive sub(id) as (
      select ${id}::text
      union all
      select a.id from base_area a join sub on a.parent_id = sub.id
    )
    select id from sub`)) as unknown as { rows: { id: string }[] };
  return new Set(rows.rows.map((r) => r.id));
}

const listColumns = {
  id: area.id,
  fullName: area.fullName,
  enCode: area.enCode,
  enabledMark: area.enabledMark,
  sortCode: area.sortCode,
  hasChildren: hasChildrenSql().mapWith(Boolean),
};

/**
 * The lazy tree: the direct sub-areas of a node ("-1" for the top). With a keyword, the areas anywhere below
 * the node whose name or code contains it (at most 500, shallowest first), each with its own expand state.
 */
export async function listChildren(app: AppContext, nodeId: string, keyword: string) {
  const query = app.db.select(listColumns).from(area).$dynamic();
  if (keyword) {
    const like = containsPattern(keyword);
    const match: SQL = or(ilike(area.fullName, like), ilike(area.enCode, like))!;
    query
      .where(nodeId === ROOT ? match : and(match, below(nodeId)))
      .orderBy(asc(area.level), asc(area.sortCode), asc(area.enCode))
      .limit(MAX_PAGE_SIZE);
  } else query.where(eq(area.parentId, nodeId)).orderBy(asc(area.sortCode), asc(area.enCode));
  const rows = await query;
  return rows.map((r) => ({ ...r, isLeaf: !r.hasChildren }));
}

/**
 * Picker: the enabled sub-areas of a node, leaving out the area being edited (excludeId, "0" for none) so that
 * it cannot be chosen as its own parent; nothing below that area is offered either.
 */
export async function selectorChildren(app: AppContext, parentId: string, excludeId: string) {
  if (excludeId !== '0' && parentId !== ROOT && (await subtreeIds(app.db, excludeId)).has(parentId)) return [];
  const rows = await app.db
    .select({ id: area.id, fullName: area.fullName, hasChildren: hasChildrenSql(true).mapWith(Boolean) })
    .from(area)
    .where(
      and(eq(area.parentId, parentId), eq(area.enabledMark, 1), excludeId !== '0' ? ne(area.id, excludeId) : undefined),
    )
    .orderBy(asc(area.sortCode), asc(area.enCode));
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, isLeaf: !r.hasChildren }));
}

/** SelectorNew: the enabled sub-areas of pid, only those named in ids when any are */
export async function selectorNew(app: AppContext, pid: string, ids: string[][]) {
  const wanted = [...new Set(ids.flat())];
  const rows = await app.db
    .select({ id: area.id, fullName: area.fullName, hasChildren: hasChildrenSql(true).mapWith(Boolean) })
    .from(area)
    .where(and(eq(area.parentId, pid), eq(area.enabledMark, 1), wanted.length ? inArray(area.id, wanted) : undefined))
    .orderBy(asc(area.sortCode), asc(area.enCode));
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, isLeaf: !r.hasChildren }));
}

/** each id path as its name path, in the order given; ids that do not exist are left out */
export async function namesOfPaths(app: AppContext, paths: string[][]): Promise<string[][]> {
  const ids = [...new Set(paths.flat())];
  if (!ids.length) return paths.map(() => []);
  const rows = await app.db.select({ id: area.id, fullName: area.fullName }).from(area).where(inArray(area.id, ids));
  const names = new Map(rows.map((r) => [r.id, r.fullName]));
  return paths.map((path) => path.map((id) => names.get(id)).filter((n): n is string => n !== undefined));
}

export async function areaInfo(app: AppContext, id: string) {
  const [row] = await app.db.select().from(area).where(eq(area.id, id)).limit(1);
  if (!row) throw refuse('notFound');
  const [parent] =
    row.parentId === ROOT
      ? []
      : await app.db.select({ fullName: area.fullName }).from(area).where(eq(area.id, row.parentId));
  return {
    id: row.id,
    fullName: row.fullName,
    enCode: row.enCode,
    enabledMark: row.enabledMark,
    description: row.description ?? '',
    type: String(row.level),
    parentId: row.parentId,
    parentName: parent?.fullName ?? '',
    sortCode: row.sortCode,
    version: row.version,
  };
}

/** the parent's level + 1 (1 at the top); a missing parent is refused */
async function levelUnder(tx: Tx, parentId: string): Promise<number> {
  if (parentId === ROOT) return 1;
  // shared lock: a delete of the parent (which locks it for update) waits, then sees the new sub-area
  const [parent] = await tx.select({ level: area.level }).from(area).where(eq(area.id, parentId)).limit(1).for('share');
  if (!parent) throw invalidField('parentId', m.parentMissing);
  return parent.level + 1;
}

async function checkCode(tx: Tx, enCode: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: area.id })
    .from(area)
    .where(and(eq(area.enCode, enCode), exceptId ? ne(area.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw refuse(m.codeExists);
}

/** a concurrent write that hits the unique code gets the same refusal as the check */
async function uniquely<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
      if ((e as { code?: unknown }).code === '23505') throw refuse(m.codeExists);
    throw err;
  }
}

/** what the form sets, at the level its parent gives */
const storedValues = (body: AreaBody, level: number) => ({
  parentId: body.parentId,
  fullName: body.fullName,
  enCode: body.enCode,
  level,
  enabledMark: body.enabledMark,
  sortCode: body.sortCode,
  description: body.description ?? null,
});

export async function createArea(app: AppContext, actor: AuditActor, body: AreaBody): Promise<string> {
  const id = newId();
  await uniquely(() =>
    app.db.transaction(async (tx) => {
      const level = await levelUnder(tx, body.parentId);
      await checkCode(tx, body.enCode);
      const row = {
        id,
        ...storedValues(body, level),
        creatorTime: Date.now(),
        creatorUserId: actor.userId,
      };
      await tx.insert(area).values(row);
      await writeAudit(tx, actor, { moduleName: 'area', action: 'create', recordId: id, after: row });
    }),
  );
  return id;
}

export async function updateArea(
  app: AppContext,
  actor: AuditActor,
  id: string,
  body: AreaBody & { version?: number | null },
) {
  await uniquely(() =>
    app.db.transaction(async (tx) => {
      const [before] = await tx.select().from(area).where(eq(area.id, id)).limit(1);
      if (!before) throw refuse('updateNotFound');
      await checkCode(tx, body.enCode, id);
      let level = before.level;
      const moved = body.parentId !== before.parentId;
      if (moved) {
        if (body.parentId !== ROOT && (await subtreeIds(tx, id)).has(body.parentId))
          throw invalidField('parentId', m.parentInside);
        level = await levelUnder(tx, body.parentId);
      }
      const after = await updateVersioned(
        tx,
        area,
        id,
        body.version,
        {
          ...storedValues(body, level),
          lastModifyTime: Date.now(),
          lastModifyUserId: actor.userId,
        },
        { actor, moduleName: 'area' },
      );
      // a moved area takes its sub-areas along: their levels shift by the same amount
      const shift = level - before.level;
      if (moved && shift !== 0) {
        const descendants = [...(await subtreeIds(tx, id))].filter((x) => x !== id);
        for (let i = 0; i < descendants.length; i += 1000)
          await tx
            .update(area)
            .set({ level: sql`${area.level} + ${shift}` })
            .where(inArray(area.id, descendants.slice(i, i + 1000)));
      }
      return after;
    }),
  );
}

export async function deleteArea(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: area.id }).from(area).where(eq(area.id, id)).limit(1).for('update');
    if (!row) throw refuse('deleteNotFound');
    const [sub] = await tx.select({ id: area.id }).from(area).where(eq(area.parentId, id)).limit(1);
    if (sub) throw refuse(m.hasChildren);
    const [before] = await tx.delete(area).where(eq(area.id, id)).returning();
    await writeAudit(tx, actor, { moduleName: 'area', action: 'delete', recordId: id, before });
  });
}

/** flips enabledMark: 1 becomes 0, anything else 1 */
export async function toggleArea(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction((tx) => toggleEnabled(tx, area, id, { actor, moduleName: 'area', action: 'state' }));
}
