// Dictionary categories ("types"): a tree under two fixed roots, "0" business and "1" system.
// Top-level categories are stored with parentId "-1" and their root in `category`; nested ones inherit it.
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { buildTree, dictionaryTypeName, type Language, type Localized, type TreeNode } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import { dictionaryData, dictionaryType } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { deleteAudited, insertAudited, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { m } from './messages.js';

export type TypeRow = typeof dictionaryType.$inferSelect;
export type CategoryRoot = '0' | '1';

export const MODULE_NAME = 'dictionary';
/** serialises category writes: names and codes are unique over all categories */
const TYPE_WRITE_LOCK = 7_311_101;

const ROOT_NAMES: Record<CategoryRoot, Localized> = {
  '0': { zh: '业务字典', zhtw: '業務字典', en: 'Business Dictionaries' },
  '1': { zh: '系统字典', zhtw: '系統字典', en: 'System Dictionaries' },
};
const CATEGORY_TEXT: Record<CategoryRoot, Localized> = {
  '0': { zh: '业务', zhtw: '業務', en: 'Business' },
  '1': { zh: '系统', zhtw: '系統', en: 'System' },
};

/** the root a category belongs to; rows seeded without one are system dictionaries */
export const categoryOf = (row: Pick<TypeRow, 'category'>): CategoryRoot => (row.category === '0' ? '0' : '1');
export const isRootId = (id: string): id is CategoryRoot => id === '0' || id === '1';

const typeOrder = [asc(dictionaryType.sortCode), desc(dictionaryType.creatorTime), asc(dictionaryType.id)];

export async function allTypes(db: Db | Tx): Promise<TypeRow[]> {
  return db
    .select()
    .from(dictionaryType)
    .orderBy(...typeOrder);
}

export async function typeById(db: Db | Tx, id: string): Promise<TypeRow | undefined> {
  return (await db.select().from(dictionaryType).where(eq(dictionaryType.id, id)).limit(1))[0];
}

/** reads a category and locks it until the transaction ends: item writes of the category wait meanwhile */
export async function lockType(tx: Tx, id: string): Promise<TypeRow | undefined> {
  return (await tx.select().from(dictionaryType).where(eq(dictionaryType.id, id)).limit(1).for('update'))[0];
}

/** a category by id, or by code (pickers of other screens name dictionaries by code) */
export async function typeByIdOrCode(db: Db | Tx, idOrCode: string): Promise<TypeRow | undefined> {
  return (
    (await typeById(db, idOrCode)) ??
    (await db.select().from(dictionaryType).where(eq(dictionaryType.enCode, idOrCode)).limit(1))[0]
  );
}

/** ids of a category and every category below it */
export function subtreeIds(rows: readonly TypeRow[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (!ids.has(r.id) && ids.has(r.parentId)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return ids;
}

interface TypeNodeFields {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  category: string;
  description: string;
}

export interface RootNode {
  id: CategoryRoot;
  parentId: '-1';
  fullName: string;
  hasChildren: boolean;
  children: TreeNode<TypeNodeFields>[];
}

/** the category tree under its two roots, business first, as the reference answers it */
/** the category tree under its two roots; roots and seeded categories named in `lang` */
export function typeTree(rows: readonly TypeRow[], excludeId?: string, lang: Language = 'zh'): RootNode[] {
  const excluded = excludeId ? subtreeIds(rows, excludeId) : new Set<string>();
  const nodes: TypeNodeFields[] = rows
    .filter((r) => !excluded.has(r.id))
    .map((r) => ({
      id: r.id,
      parentId: r.parentId === '-1' ? categoryOf(r) : r.parentId,
      fullName: dictionaryTypeName(r.enCode, r.fullName, lang),
      enCode: r.enCode,
      isTree: r.isTree,
      sortCode: r.sortCode,
      category: CATEGORY_TEXT[categoryOf(r)][lang],
      description: r.description ?? '',
    }));
  const rootOf = new Map(rows.map((r) => [r.id, categoryOf(r)]));
  const roots: Record<CategoryRoot, RootNode> = {
    '0': { id: '0', parentId: '-1', fullName: ROOT_NAMES['0'][lang], hasChildren: false, children: [] },
    '1': { id: '1', parentId: '-1', fullName: ROOT_NAMES['1'][lang], hasChildren: false, children: [] },
  };
  for (const node of buildTree(nodes)) {
    const root = roots[rootOf.get(node.id) ?? '1'];
    root.children.push(node);
    root.hasChildren = true;
  }
  return [roots['0'], roots['1']];
}

export function typeInfo(row: TypeRow) {
  return {
    id: row.id,
    parentId: row.parentId === '-1' ? categoryOf(row) : row.parentId,
    fullName: row.fullName,
    enCode: row.enCode,
    isTree: row.isTree,
    description: row.description ?? '',
    sortCode: row.sortCode,
    category: Number(categoryOf(row)),
    version: row.version,
  };
}

export interface TypeInput {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree: 0 | 1;
  sortCode: number;
  description: string | null;
}

export async function lockTypeWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TYPE_WRITE_LOCK})`);
}

/** where a category goes: a root ("0"/"1") or an existing category, whose root it inherits */
async function placement(
  tx: Tx,
  parentId: string,
  selfId?: string,
): Promise<{ parentId: string; category: CategoryRoot }> {
  if (isRootId(parentId)) return { parentId: '-1', category: parentId };
  const rows = await allTypes(tx);
  const parent = rows.find((r) => r.id === parentId);
  if (!parent) throw invalidField('parentId', m.typeParentNotFound);
  if (selfId && subtreeIds(rows, selfId).has(parentId)) throw invalidField('parentId', m.typeParentCycle);
  return { parentId, category: categoryOf(parent) };
}

export async function assertTypeUnique(tx: Tx, fullName: string, enCode: string, exceptId?: string): Promise<void> {
  const other = (col: typeof dictionaryType.fullName | typeof dictionaryType.enCode, value: string) =>
    tx
      .select({ n: count() })
      .from(dictionaryType)
      .where(and(eq(col, value), exceptId ? ne(dictionaryType.id, exceptId) : undefined));
  if ((await other(dictionaryType.fullName, fullName))[0]!.n > 0) throw refuse('nameExists');
  if ((await other(dictionaryType.enCode, enCode))[0]!.n > 0) throw refuse('codeExists');
}

/** what a category's form sets, at its resolved place */
const storedValues = (input: TypeInput, place: { parentId: string; category: CategoryRoot }) => ({
  parentId: place.parentId,
  category: place.category,
  fullName: input.fullName,
  enCode: input.enCode,
  isTree: input.isTree,
  sortCode: input.sortCode,
  description: input.description,
});

export async function createType(tx: Tx, actor: AuditActor, input: TypeInput): Promise<string> {
  await lockTypeWrites(tx);
  const place = await placement(tx, input.parentId);
  await assertTypeUnique(tx, input.fullName, input.enCode);
  const id = newId();
  await insertAudited(
    tx,
    dictionaryType,
    {
      id,
      ...storedValues(input, place),
      creatorTime: Date.now(),
      creatorUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME, recordId: id, action: 'createType' },
  );
  return id;
}

export async function updateType(
  tx: Tx,
  actor: AuditActor,
  id: string,
  input: TypeInput,
  version: number | null | undefined,
): Promise<void> {
  await lockTypeWrites(tx);
  const before = await lockType(tx, id);
  if (!before) throw refuse('updateNotFound');
  const place = await placement(tx, input.parentId, id);
  await assertTypeUnique(tx, input.fullName, input.enCode, id);
  if (before.isTree === 1 && input.isTree === 0) {
    const [nested] = await tx
      .select({ n: count() })
      .from(dictionaryData)
      .where(and(eq(dictionaryData.dictionaryTypeId, id), ne(dictionaryData.parentId, '0')));
    if (nested!.n > 0) throw refuse(m.typeTreeHasNesting);
  }
  await updateVersioned(
    tx,
    dictionaryType,
    id,
    version,
    {
      ...storedValues(input, place),
      lastModifyTime: Date.now(),
      lastModifyUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME, action: 'updateType' },
  );
  // a category moved to the other root takes its subcategories along
  if (categoryOf(before) !== place.category) {
    const below = [...subtreeIds(await allTypes(tx), id)].filter((x) => x !== id);
    for (const childId of below)
      await tx.update(dictionaryType).set({ category: place.category }).where(eq(dictionaryType.id, childId));
  }
}

export async function deleteType(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  await lockTypeWrites(tx);
  const row = await lockType(tx, id);
  if (!row) throw refuse('deleteNotFound');
  const [items] = await tx.select({ n: count() }).from(dictionaryData).where(eq(dictionaryData.dictionaryTypeId, id));
  if (items!.n > 0) throw refuse(m.typeHasItems);
  const [children] = await tx.select({ n: count() }).from(dictionaryType).where(eq(dictionaryType.parentId, id));
  if (children!.n > 0) throw refuse(m.typeHasChildren);
  await deleteAudited(tx, dictionaryType, id, { actor, moduleName: MODULE_NAME, action: 'deleteType' });
}
