// Function designs (功能设计): the paged list, info, create, update, copy and delete. Names and codes are unique
// over all designs; writes are serialised by an advisory lock so that two saves cannot both pass the check.
// Editing a released design marks it "changed since release" (state 2) until the next release.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.js';
import { module, visualDev, visualRecord, visualRelease, visualShortLink } from '../../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../../platform/audit.js';
import { insertAudited, updateVersioned } from '../../../platform/crud.js';
import { refuse } from '../../../platform/errors.js';
import { menuLinkTarget } from '../../../platform/guard.js';
import { newId } from '../../../platform/ids.js';
import { containsPattern, escapeLike, offsetOf, type PageQuery } from '../../../platform/paging.js';
import { itemsOfType, typeByIdOrCode } from '../../dictionary/index.js';
import { menusWhere } from '../../menu/index.js';
import { displayName, usersByIds } from '../../users/index.js';
import { upgradeLegacyKeys } from '@jnpf/core';
import { m } from '../messages.js';

export const MODULE_NAME = 'visualdev';
/** the dictionary whose items are the design categories (as in the reference) */
export const CATEGORY_DICTIONARY = 'webDesign';
const DESIGN_WRITE_LOCK = 7_311_310;
const NAME_MAX = 100;
const CODE_MAX = 50;

export type DesignRow = typeof visualDev.$inferSelect;

export const STATE = { draft: 0, released: 1, changed: 2 } as const;

export interface DesignInput {
  fullName: string;
  enCode: string;
  type: number;
  webType: number;
  category: string;
  description: string | null;
  sortCode: number;
  enabledMark: 0 | 1;
  formData: string;
  columnData: string;
}

export interface DesignListQuery extends PageQuery {
  category?: string | undefined;
  type: number;
  webType?: number | undefined;
}

const SORTABLE: Record<string, AnyPgColumn> = {
  fullName: visualDev.fullName,
  enCode: visualDev.enCode,
  sortCode: visualDev.sortCode,
  state: visualDev.state,
  creatorTime: visualDev.creatorTime,
  lastModifyTime: visualDev.lastModifyTime,
};

/** the category names: items of the webDesign dictionary by id */
async function categoryNames(db: Db): Promise<Map<string, string>> {
  const type = await typeByIdOrCode(db, CATEGORY_DICTIONARY);
  if (!type) return new Map();
  return new Map((await itemsOfType(db, type.id)).map((i) => [i.id, i.fullName]));
}

/** the menus (any side) that point at a design through propertyJson.moduleId */
export async function menusOf(db: Db | Tx, designId: string) {
  const rows = await menusWhere(db, like(module.propertyJson, containsPattern(designId)));
  return rows.filter((r) => menuLinkTarget(r.propertyJson) === designId);
}

export async function listDesigns(db: Db, q: DesignListQuery, webMenuDesigns: (ids: string[]) => Set<string>) {
  const where: (SQL | undefined)[] = [eq(visualDev.type, q.type)];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    where.push(or(ilike(visualDev.fullName, pattern), ilike(visualDev.enCode, pattern)));
  }
  if (q.category) where.push(eq(visualDev.category, q.category));
  if (q.webType !== undefined) where.push(eq(visualDev.webType, q.webType));
  const condition = and(...where);
  const sortColumn = SORTABLE[q.sidx];
  const order = sortColumn
    ? [q.sort === 'asc' ? asc(sortColumn) : desc(sortColumn), asc(visualDev.id)]
    : [asc(visualDev.sortCode), desc(visualDev.creatorTime), asc(visualDev.id)];
  const [rows, [total], categories] = await Promise.all([
    db
      .select({
        id: visualDev.id,
        fullName: visualDev.fullName,
        enCode: visualDev.enCode,
        type: visualDev.type,
        webType: visualDev.webType,
        category: visualDev.category,
        state: visualDev.state,
        enabledMark: visualDev.enabledMark,
        sortCode: visualDev.sortCode,
        description: visualDev.description,
        creatorUserId: visualDev.creatorUserId,
        creatorTime: visualDev.creatorTime,
        lastModifyUserId: visualDev.lastModifyUserId,
        lastModifyTime: visualDev.lastModifyTime,
      })
      .from(visualDev)
      .where(condition)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(visualDev).where(condition),
    categoryNames(db),
  ]);
  const userIds = [...new Set(rows.flatMap((r) => [r.creatorUserId, r.lastModifyUserId]).filter((id) => !!id))];
  const users = new Map((await usersByIds(db, userIds as string[])).map((u) => [u.id, displayName(u)]));
  const withMenu = webMenuDesigns(rows.map((r) => r.id));
  const list = rows.map((r) => ({
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    type: r.type,
    webType: r.webType,
    category: categories.get(r.category) ?? r.category,
    categoryId: r.category,
    state: r.state,
    isRelease: r.state,
    pcIsRelease: withMenu.has(r.id) ? 1 : 0,
    enabledMark: r.enabledMark,
    sortCode: r.sortCode,
    description: r.description ?? '',
    creatorUser: (r.creatorUserId && users.get(r.creatorUserId)) || '',
    creatorTime: r.creatorTime,
    lastModifyUser: (r.lastModifyUserId && users.get(r.lastModifyUserId)) || '',
    lastModifyTime: r.lastModifyTime,
  }));
  return { list, pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: total!.n } };
}

export async function designById(db: Db | Tx, id: string): Promise<DesignRow | undefined> {
  return (await db.select().from(visualDev).where(eq(visualDev.id, id)).limit(1))[0];
}

export function designInfo(r: DesignRow) {
  return {
    id: r.id,
    fullName: r.fullName,
    enCode: r.enCode,
    type: r.type,
    webType: r.webType,
    category: r.category,
    description: r.description ?? '',
    sortCode: r.sortCode,
    state: r.state,
    enabledMark: r.enabledMark,
    dbLinkId: '0',
    tables: '[]',
    // a design stored under older widget names opens under this version's
    formData: upgradeLegacyKeys(r.formData),
    columnData: upgradeLegacyKeys(r.columnData),
    version: r.version,
  };
}

async function lockDesignWrites(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DESIGN_WRITE_LOCK})`);
}

async function assertUnique(tx: Tx, fullName: string, enCode: string, exceptId?: string) {
  const taken = async (col: typeof visualDev.fullName | typeof visualDev.enCode, value: string) =>
    (
      await tx
        .select({ n: count() })
        .from(visualDev)
        .where(and(eq(col, value), exceptId ? ne(visualDev.id, exceptId) : undefined))
    )[0]!.n > 0;
  if (await taken(visualDev.fullName, fullName)) throw refuse(m.nameExists);
  if (await taken(visualDev.enCode, enCode)) throw refuse(m.codeExists);
}

export async function createDesign(tx: Tx, actor: AuditActor, input: DesignInput): Promise<string> {
  await lockDesignWrites(tx);
  await assertUnique(tx, input.fullName, input.enCode);
  const id = newId();
  await insertAudited(
    tx,
    visualDev,
    { id, ...input, state: STATE.draft, creatorTime: Date.now(), creatorUserId: actor.userId },
    { actor, moduleName: MODULE_NAME, recordId: id },
  );
  return id;
}

export async function updateDesign(
  tx: Tx,
  actor: AuditActor,
  id: string,
  input: DesignInput,
  version: number | null | undefined,
): Promise<void> {
  await lockDesignWrites(tx);
  const before = await designById(tx, id);
  if (!before) throw refuse('updateNotFound');
  await assertUnique(tx, input.fullName, input.enCode, id);
  await updateVersioned(
    tx,
    visualDev,
    id,
    version,
    {
      ...input,
      state: before.state === STATE.draft ? STATE.draft : STATE.changed,
      lastModifyTime: Date.now(),
      lastModifyUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME },
  );
}

/** the first free "<name>副本", "<name>副本2", … and "<code><5 random characters>" */
export async function copyDesign(tx: Tx, actor: AuditActor, id: string): Promise<string> {
  await lockDesignWrites(tx);
  const source = await designById(tx, id);
  if (!source) throw refuse('notFound');
  const base = `${source.fullName}副本`;
  const names = new Set(
    (
      await tx
        .select({ fullName: visualDev.fullName })
        .from(visualDev)
        .where(like(visualDev.fullName, `${escapeLike(base)}%`))
    ).map((r) => r.fullName),
  );
  let fullName = base;
  for (let n = 2; names.has(fullName); n++) fullName = `${base}${n}`;
  if ([...fullName].length > NAME_MAX) throw refuse(m.copyTooLong);
  let enCode: string;
  do enCode = `${source.enCode.slice(0, CODE_MAX - 5)}${randomBytes(3).toString('hex').slice(0, 5)}`;
  while ((await tx.select({ id: visualDev.id }).from(visualDev).where(eq(visualDev.enCode, enCode)).limit(1)).length);
  const copyId = newId();
  await insertAudited(
    tx,
    visualDev,
    {
      id: copyId,
      fullName,
      enCode,
      type: source.type,
      webType: source.webType,
      category: source.category,
      description: source.description,
      sortCode: source.sortCode,
      enabledMark: source.enabledMark,
      formData: source.formData,
      columnData: source.columnData,
      state: STATE.draft,
      creatorTime: Date.now(),
      creatorUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME, recordId: copyId, action: 'copy' },
  );
  return copyId;
}

/**
 * Deletes a design no menu points at any more, with its released copy, public links and records (nothing can reach them
 * once the design and its menus are gone); the audit entry keeps the design and the number of records.
 */
export async function deleteDesign(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  await lockDesignWrites(tx);
  const before = await designById(tx, id);
  if (!before) throw refuse('deleteNotFound');
  if ((await menusOf(tx, id)).length) throw refuse(m.hasMenu);
  const records = await tx.delete(visualRecord).where(eq(visualRecord.modelId, id)).returning({ id: visualRecord.id });
  await tx.delete(visualRelease).where(eq(visualRelease.id, id));
  await tx.delete(visualShortLink).where(eq(visualShortLink.id, id));
  await tx.delete(visualDev).where(eq(visualDev.id, id));
  await writeAudit(tx, actor, {
    moduleName: MODULE_NAME,
    action: 'delete',
    recordId: id,
    before: { ...before, recordCount: records.length },
  });
}
