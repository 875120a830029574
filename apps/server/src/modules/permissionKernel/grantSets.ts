// Grants as sets per item kind: what an object (permission group, role, position, user) holds, what the
// operator may hand out, the replace-all save that never touches what the operator does not hold, and the
// removal of grants whose items are gone.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { authorize } from '../../db/schema/index.js';
import { allowedSystems, type Catalogue } from '../../platform/catalogue.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { grantsOfNoItem, type Grants } from '../../platform/grants.js';

export const ITEM_TYPES = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const OBJECT_TYPES = ['PermissionGroup', 'Role', 'Position', 'User'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

export type ItemSets = Record<ItemType, Set<string>>;

/** the grants of someone who holds nothing (read-only views use it as the operator) */
export const NO_GRANTS: Grants = grantsOfNoItem(false);

export const emptySets = (): ItemSets => ({
  system: new Set(),
  module: new Set(),
  button: new Set(),
  column: new Set(),
  form: new Set(),
  resource: new Set(),
});

/** the caller's grants: administrators hold everything */
export function grantsOf(app: AppContext, principal: Principal): Promise<Grants> {
  return app.grants.forUser(principal.userId, principal.isAdministrator);
}

const isItemType = (v: string): v is ItemType => (ITEM_TYPES as readonly string[]).includes(v);

/** what one object is granted directly */
export async function objectGrants(db: Db | Tx, objectType: ObjectType, objectId: string): Promise<ItemSets> {
  const sets = emptySets();
  const rows = await db
    .select({ itemType: authorize.itemType, itemId: authorize.itemId })
    .from(authorize)
    .where(and(eq(authorize.objectType, objectType), eq(authorize.objectId, objectId)));
  for (const r of rows) if (isItemType(r.itemType)) sets[r.itemType].add(r.itemId);
  return sets;
}

/** every enabled item of one kind in the catalogue */
export function catalogueIds(cat: Catalogue, type: ItemType): string[] {
  switch (type) {
    case 'system':
      return cat.systems.map((s) => s.id);
    case 'module':
      return cat.modules.map((x) => x.id);
    case 'button':
      return [...cat.buttonsByModule.values()].flat().map((x) => x.id);
    case 'column':
      return [...cat.columnsByModule.values()].flat().map((x) => x.id);
    case 'form':
      return [...cat.formsByModule.values()].flat().map((x) => x.id);
    case 'resource':
      return [...cat.schemesByModule.values()].flat().map((x) => x.id);
  }
}

/** the items of one kind the operator holds, and so may grant or revoke */
export function operatorHolds(cat: Catalogue, operator: Grants, type: ItemType): Set<string> {
  if (operator.all) return new Set(catalogueIds(cat, type));
  switch (type) {
    case 'system':
      return new Set(allowedSystems(cat, operator).map((s) => s.id));
    case 'module':
      return new Set(operator.modules);
    case 'button':
      return new Set(operator.buttons);
    case 'column':
      return new Set(operator.columns);
    case 'form':
      return new Set(operator.forms);
    case 'resource':
      return new Set(operator.resources);
  }
}

export type Submitted = Partial<Record<ItemType, readonly string[]>>;

/**
 * Replaces an object's grants of each kind that was sent: the result is what was sent of the items the
 * operator holds, plus whatever the object had that the operator does not hold (disabled items included).
 * Ids that are no items of that kind (tree parents, the "WEB菜单" nodes, unknown ids) are ignored.
 * Answers whether anything changed.
 */
export async function replaceGrants(
  tx: Tx,
  cat: Catalogue,
  operator: Grants,
  objectType: ObjectType,
  objectId: string,
  submitted: Submitted,
): Promise<{ changed: boolean; before: ItemSets; after: ItemSets }> {
  const before = await objectGrants(tx, objectType, objectId);
  const after = emptySets();
  const now = Date.now();
  let changed = false;
  for (const type of ITEM_TYPES) {
    const sent = submitted[type];
    if (!sent) {
      after[type] = new Set(before[type]);
      continue;
    }
    const manageable = operatorHolds(cat, operator, type);
    const next = new Set<string>();
    for (const id of sent) if (manageable.has(id)) next.add(id);
    for (const id of before[type]) if (!manageable.has(id)) next.add(id);
    after[type] = next;
    const removed = [...before[type]].filter((id) => !next.has(id));
    const added = [...next].filter((id) => !before[type].has(id));
    if (removed.length)
      await tx
        .delete(authorize)
        .where(
          and(
            eq(authorize.objectType, objectType),
            eq(authorize.objectId, objectId),
            eq(authorize.itemType, type),
            inArray(authorize.itemId, removed),
          ),
        );
    if (added.length)
      await tx
        .insert(authorize)
        .values(added.map((itemId) => ({ objectType, objectId, itemType: type, itemId, creatorTime: now })));
    if (removed.length || added.length) changed = true;
  }
  return { changed, before, after };
}

/** whether every grant of the object is one the operator holds (so handing it to others is no escalation) */
export function withinOperator(cat: Catalogue, operator: Grants, held: ItemSets): boolean {
  if (operator.all) return true;
  return ITEM_TYPES.every((type) => {
    const mine = operatorHolds(cat, operator, type);
    const live = new Set(catalogueIds(cat, type));
    // a grant of a disabled or deleted item gives nothing, so it does not count
    return [...held[type]].every((id) => !live.has(id) || mine.has(id));
  });
}

export const toLists = (sets: ItemSets) =>
  Object.fromEntries(ITEM_TYPES.map((t) => [t, [...sets[t]].sort()])) as Record<ItemType, string[]>;

/** removes grants of these items, whoever holds them */
export async function removeGrantsOf(tx: Tx, itemType: string, itemIds: string[]) {
  if (itemIds.length)
    await tx.delete(authorize).where(and(eq(authorize.itemType, itemType), inArray(authorize.itemId, itemIds)));
}

/** removes every grant an object holds (a permission group that is deleted) */
export async function removeGrantsHeldBy(tx: Tx, objectType: ObjectType, objectId: string) {
  await tx.delete(authorize).where(and(eq(authorize.objectType, objectType), eq(authorize.objectId, objectId)));
}

/** grants an object these items as well, keeping what it holds (a released form's menu to its releaser) */
export async function addGrants(
  tx: Tx,
  objectType: ObjectType,
  objectId: string,
  items: readonly [ItemType, string][],
  now: number,
) {
  if (items.length)
    await tx
      .insert(authorize)
      .values(items.map(([itemType, itemId]) => ({ objectType, objectId, itemType, itemId, creatorTime: now })))
      .onConflictDoNothing();
}

/** gives an object the same grants as another (a copied permission group) */
export async function copyGrants(tx: Tx, objectType: ObjectType, fromId: string, toId: string, now: number) {
  const grants = await tx
    .select()
    .from(authorize)
    .where(and(eq(authorize.objectType, objectType), eq(authorize.objectId, fromId)));
  if (grants.length) await tx.insert(authorize).values(grants.map((g) => ({ ...g, objectId: toId, creatorTime: now })));
}
