// Dictionary items ("data") of a category: flat or nested (when the category is a tree), unique by name and by
// code within their category. Writes lock the category row, so that checks and writes
// of one category never interleave, and a category cannot be deleted while an item is being added to it.
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { buildTree } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import { dictionaryData } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { deleteAudited, insertAudited, toggleEnabled, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { m } from './messages.js';
import { allTypes, lockType, MODULE_NAME, type TypeRow } from './types.js';

export type ItemRow = typeof dictionaryData.$inferSelect;

/** the root of a category's items; a parent equal to the category id means the same */
export const TOP = '0';

export const itemOrder = [asc(dictionaryData.sortCode), desc(dictionaryData.creatorTime), asc(dictionaryData.id)];

export async function itemsOfType(db: Db | Tx, typeId: string, enabledOnly = false): Promise<ItemRow[]> {
  return db
    .select()
    .from(dictionaryData)
    .where(
      and(eq(dictionaryData.dictionaryTypeId, typeId), enabledOnly ? eq(dictionaryData.enabledMark, 1) : undefined),
    )
    .orderBy(...itemOrder);
}

export async function itemById(db: Db | Tx, id: string): Promise<ItemRow | undefined> {
  return (await db.select().from(dictionaryData).where(eq(dictionaryData.id, id)).limit(1))[0];
}

/** ids of an item and every item below it */
export function itemSubtree(items: readonly ItemRow[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of items)
      if (!ids.has(r.id) && ids.has(r.parentId)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return ids;
}

/** an item as lists show it */
export const listRow = (r: ItemRow) => ({
  id: r.id,
  parentId: r.parentId,
  fullName: r.fullName,
  enCode: r.enCode,
  enabledMark: r.enabledMark,
  sortCode: r.sortCode,
});

/**
 * The management list of a category: flat, or nested when asked for a tree. A keyword keeps matching items
 * (name or code) and, in a tree, their ancestors, so every hit is reachable.
 */
export function itemList(items: readonly ItemRow[], keyword: string, asTree: boolean) {
  const hits = keyword ? items.filter((r) => r.fullName.includes(keyword) || r.enCode.includes(keyword)) : [...items];
  if (!asTree) return hits.map(listRow);
  const byId = new Map(items.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const hit of hits) {
    let node: ItemRow | undefined = hit;
    while (node && !keep.has(node.id)) {
      keep.add(node.id);
      node = byId.get(node.parentId);
    }
  }
  return buildTree(items.filter((r) => keep.has(r.id)).map(listRow));
}

/** the parent picker of the item form: the category itself as root "0", its items below unless excluded */
export function parentSelector(type: TypeRow, items: readonly ItemRow[], asTree: boolean, excludeId: string) {
  const excluded = excludeId && excludeId !== TOP ? itemSubtree(items, excludeId) : new Set<string>();
  const nodes = asTree
    ? items
        .filter((r) => !excluded.has(r.id))
        .map((r) => ({
          id: r.id,
          parentId: r.parentId === r.dictionaryTypeId ? TOP : r.parentId,
          fullName: r.fullName,
        }))
    : [];
  const children = buildTree(nodes);
  return [
    {
      id: TOP,
      parentId: '-1',
      fullName: type.fullName,
      icon: 'fa fa-tags',
      hasChildren: children.length > 0,
      children,
    },
  ];
}

/** enabled items of a category as the pickers of other screens read them */
export function selectorTree(items: readonly ItemRow[]) {
  return buildTree(items.map((r) => ({ id: r.id, parentId: r.parentId, fullName: r.fullName, enCode: r.enCode })));
}

/** every category with its enabled items: what the shell caches for dictionary lookups (GET .../All) */
export async function allDictionaries(db: Db) {
  const [types, items] = await Promise.all([
    allTypes(db),
    db
      .select()
      .from(dictionaryData)
      .where(eq(dictionaryData.enabledMark, 1))
      .orderBy(...itemOrder),
  ]);
  const byType = new Map<string, ItemRow[]>();
  for (const item of items) {
    const list = byType.get(item.dictionaryTypeId);
    if (list) list.push(item);
    else byType.set(item.dictionaryTypeId, [item]);
  }
  return types.map((t) => {
    const own = byType.get(t.id) ?? [];
    const dictionaryList =
      t.isTree === 1
        ? buildTree(own.map((r) => ({ id: r.id, parentId: r.parentId, fullName: r.fullName, enCode: r.enCode })))
        : own.map((r) => ({ id: r.id, fullName: r.fullName, enCode: r.enCode }));
    return { id: t.id, fullName: t.fullName, enCode: t.enCode, isTree: t.isTree, dictionaryList };
  });
}

export function itemInfo(r: ItemRow) {
  return {
    id: r.id,
    dictionaryTypeId: r.dictionaryTypeId,
    parentId: r.parentId,
    fullName: r.fullName,
    enCode: r.enCode,
    enabledMark: r.enabledMark,
    sortCode: r.sortCode,
    description: r.description ?? '',
    version: r.version,
  };
}

export interface ItemInput {
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  enabledMark: 0 | 1;
  sortCode: number;
  description: string | null;
}

async function assertItemUnique(tx: Tx, typeId: string, fullName: string, enCode: string, exceptId?: string) {
  const clash = async (col: typeof dictionaryData.fullName | typeof dictionaryData.enCode, value: string) =>
    (
      await tx
        .select({ n: count() })
        .from(dictionaryData)
        .where(
          and(
            eq(dictionaryData.dictionaryTypeId, typeId),
            eq(col, value),
            exceptId ? ne(dictionaryData.id, exceptId) : undefined,
          ),
        )
    )[0]!.n > 0;
  if (await clash(dictionaryData.fullName, fullName)) throw refuse(m.itemNameExists);
  if (await clash(dictionaryData.enCode, enCode)) throw refuse(m.itemCodeExists);
}

/** the stored parent: "0" for the top (a parent equal to the category id included), else an item of the category */
async function resolveParent(tx: Tx, type: TypeRow, parentId: string, selfId?: string): Promise<string> {
  if (parentId === TOP || parentId === type.id || parentId === '-1') return TOP;
  if (type.isTree !== 1) throw invalidField('parentId', m.itemParentNotTree);
  const items = await itemsOfType(tx, type.id);
  if (!items.some((r) => r.id === parentId)) throw invalidField('parentId', m.itemParentNotFound);
  if (selfId && itemSubtree(items, selfId).has(parentId)) throw invalidField('parentId', m.itemParentCycle);
  return parentId;
}

/** what an item's form sets, under its resolved parent */
const storedValues = (input: Omit<ItemInput, 'dictionaryTypeId'>, parentId: string) => ({
  parentId,
  fullName: input.fullName,
  enCode: input.enCode,
  enabledMark: input.enabledMark,
  sortCode: input.sortCode,
  description: input.description,
});

export async function createItem(tx: Tx, actor: AuditActor, input: ItemInput): Promise<string> {
  const type = await lockType(tx, input.dictionaryTypeId);
  if (!type) throw invalidField('dictionaryTypeId', m.itemTypeNotFound);
  const parentId = await resolveParent(tx, type, input.parentId);
  await assertItemUnique(tx, type.id, input.fullName, input.enCode);
  const id = newId();
  await insertAudited(
    tx,
    dictionaryData,
    {
      id,
      dictionaryTypeId: type.id,
      ...storedValues(input, parentId),
      creatorTime: Date.now(),
      creatorUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME, recordId: id, action: 'createItem' },
  );
  return id;
}

/** an item stays in its category: the body's dictionaryTypeId is only the client echoing it back */
export async function updateItem(
  tx: Tx,
  actor: AuditActor,
  id: string,
  input: Omit<ItemInput, 'dictionaryTypeId'>,
  version: number | null | undefined,
): Promise<void> {
  const current = await itemById(tx, id);
  if (!current) throw refuse('updateNotFound');
  const type = await lockType(tx, current.dictionaryTypeId);
  if (!type) throw refuse('updateNotFound');
  const parentId = await resolveParent(tx, type, input.parentId, id);
  await assertItemUnique(tx, type.id, input.fullName, input.enCode, id);
  await updateVersioned(
    tx,
    dictionaryData,
    id,
    version,
    {
      ...storedValues(input, parentId),
      lastModifyTime: Date.now(),
      lastModifyUserId: actor.userId,
    },
    { actor, moduleName: MODULE_NAME, action: 'updateItem' },
  );
}

export async function deleteItem(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  const current = await itemById(tx, id);
  if (!current) throw refuse('deleteNotFound');
  await lockType(tx, current.dictionaryTypeId);
  const [children] = await tx.select({ n: count() }).from(dictionaryData).where(eq(dictionaryData.parentId, id));
  if (children!.n > 0) throw refuse(m.itemHasChildren);
  await deleteAudited(tx, dictionaryData, id, { actor, moduleName: MODULE_NAME, action: 'deleteItem' });
}

/** PUT .../Actions/State: 1 → 0, anything else → 1 */
export async function toggleItem(tx: Tx, actor: AuditActor, id: string): Promise<void> {
  await toggleEnabled(tx, dictionaryData, id, { actor, moduleName: MODULE_NAME, action: 'toggleItem' });
}
