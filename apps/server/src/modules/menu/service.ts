// Menus ("modules" in the reference): reading, trees, the checks create and update share, and removing a menu
// with everything that hangs off it (permission items and the grants of them).
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { buildTree, menuName, systemName, type Language, type TreeNode } from '@jnpf/core';
import type { Db, Tx } from '../../db/client.js';
import {
  module,
  moduleButton,
  moduleColumn,
  moduleDataAuthorize,
  moduleDataScheme,
  moduleForm,
  system,
} from '../../db/schema/index.js';
import { refuse } from '../../platform/errors.js';
import type { Grants } from '../../platform/grants.js';
import { blankIfNull, pick } from '../../platform/rows.js';
import { removeGrantsOf } from '../permissionKernel/index.js';
import { m } from './messages.js';

export type ModuleRow = typeof module.$inferSelect;
export type SystemRow = typeof system.$inferSelect;

/** the reference's order: sortCode ascending, newest first within one sortCode */
export const bySortThenNewest = (
  a: { sortCode: number; creatorTime: number },
  b: { sortCode: number; creatorTime: number },
) => a.sortCode - b.sortCode || b.creatorTime - a.creatorTime;

export const menuOrder = [asc(module.sortCode), desc(module.creatorTime)];

export function menuInfo(r: ModuleRow) {
  return {
    ...pick(r, 'id', 'parentId', 'systemId', 'category', 'type', 'fullName', 'enCode', 'enabledMark', 'sortCode'),
    ...pick(
      r,
      'isButtonAuthorize',
      'isColumnAuthorize',
      'isFormAuthorize',
      'isDataAuthorize',
      'creatorTime',
      'version',
    ),
    ...blankIfNull(r, 'icon', 'urlAddress', 'propertyJson', 'description'),
    linkTarget: r.linkTarget ?? '_self',
  };
}

/** a menu row as lists show it: a built-in menu named in the caller's language (unless an administrator renamed it) */
export const shownMenu =
  (lang: Language) =>
  <R extends { enCode: string; fullName: string }>(r: R): R =>
    lang === 'zh' ? r : { ...r, fullName: menuName(r.enCode, r.fullName, lang) };

/** a system row as lists show it: a built-in application named in the caller's language */
export const shownSystem =
  (lang: Language) =>
  <R extends { enCode: string; fullName: string }>(r: R): R =>
    lang === 'zh' ? r : { ...r, fullName: systemName(r.enCode, r.fullName, lang) };

/** a menu as a node of the selector trees */
export function selectorNode(r: ModuleRow, overrides: Partial<{ parentId: string; hasModule: boolean }> = {}) {
  return {
    ...pick(r, 'id', 'parentId', 'fullName', 'enCode', 'type', 'category', 'systemId', 'sortCode', 'creatorTime'),
    ...blankIfNull(r, 'icon'),
    ...overrides,
  };
}

/** a system as the root (type 0) of a selector tree */
export function systemNode(s: SystemRow, extra: Record<string, unknown> = {}) {
  return {
    id: s.id,
    parentId: '-1',
    fullName: s.fullName,
    enCode: s.enCode,
    icon: s.icon ?? '',
    type: 0,
    category: '',
    systemId: s.id,
    sortCode: s.sortCode,
    creatorTime: s.creatorTime,
    ...extra,
  };
}

export function tree<T extends { id: string; parentId: string; sortCode: number; creatorTime: number }>(
  rows: readonly T[],
): TreeNode<T>[] {
  return buildTree(rows, bySortThenNewest);
}

/** drops nodes whose parent is not in the list (the reference's "filter" trees), keeping roots at "-1" */
export function reachableOnly<T extends { id: string; parentId: string }>(rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ok = new Map<string, boolean>();
  const reachable = (r: T, depth = 0): boolean => {
    const known = ok.get(r.id);
    if (known !== undefined) return known;
    const parent = byId.get(r.parentId);
    const result = r.parentId === '-1' ? true : parent && depth < 100 ? reachable(parent, depth + 1) : false;
    ok.set(r.id, result);
    return result;
  };
  return rows.filter((r) => reachable(r));
}

/** the ids of a node and everything below it */
export function subtreeIds(rootId: string, rows: readonly { id: string; parentId: string }[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (out.has(c)) continue;
      out.add(c);
      stack.push(c);
    }
  }
  return out;
}

/** the hits plus all their ancestors (a keyword search must show where a hit sits) */
export function withAncestors<T extends { id: string; parentId: string }>(hits: readonly T[], all: readonly T[]): T[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  const out = new Map(hits.map((r) => [r.id, r]));
  for (const hit of hits) {
    let cursor = byId.get(hit.parentId);
    while (cursor && !out.has(cursor.id)) {
      out.set(cursor.id, cursor);
      cursor = byId.get(cursor.parentId);
    }
  }
  return [...out.values()];
}

export async function menusWhere(db: Db | Tx, ...conditions: (SQL | undefined)[]): Promise<ModuleRow[]> {
  return db
    .select()
    .from(module)
    .where(and(...conditions))
    .orderBy(...menuOrder);
}

export async function findMenu(db: Db | Tx, id: string): Promise<ModuleRow | undefined> {
  return (await db.select().from(module).where(eq(module.id, id)).limit(1))[0];
}

export async function requireMenu(db: Db | Tx, id: string, key: string = m.menuNotFound): Promise<ModuleRow> {
  const row = await findMenu(db, id);
  if (!row) throw refuse(key);
  return row;
}

export async function requireSystem(db: Db | Tx, id: string): Promise<SystemRow> {
  const [row] = await db.select().from(system).where(eq(system.id, id)).limit(1);
  if (!row) throw refuse(m.systemNotFound);
  return row;
}

export async function mainSystem(db: Db | Tx): Promise<SystemRow | undefined> {
  return (await db.select().from(system).where(eq(system.isMain, 1)).orderBy(asc(system.sortCode)).limit(1))[0];
}

/** what a caller may see in menu lists: everything for administrators, otherwise the menus granted to them */
export const visibleMenu = (grants: Grants) => (r: { id: string }) => grants.all || grants.modules.has(r.id);

/** the permission items of these menus, by kind */
export async function itemIdsOf(tx: Db | Tx, moduleIds: string[]) {
  if (!moduleIds.length) return { button: [], column: [], form: [], resource: [] };
  const ids = async (table: typeof moduleButton | typeof moduleColumn | typeof moduleForm | typeof moduleDataScheme) =>
    (await tx.select({ id: table.id }).from(table).where(inArray(table.moduleId, moduleIds))).map((r) => r.id);
  const [button, column, form, resource] = await Promise.all([
    ids(moduleButton),
    ids(moduleColumn),
    ids(moduleForm),
    ids(moduleDataScheme),
  ]);
  return { button, column, form, resource };
}

/** removes menus with their permission items and every grant of them */
export async function removeMenusWithItems(tx: Tx, moduleIds: string[]) {
  if (!moduleIds.length) return;
  const items = await itemIdsOf(tx, moduleIds);
  for (const [kind, ids] of Object.entries(items)) await removeGrantsOf(tx, kind, ids);
  await removeGrantsOf(tx, 'module', moduleIds);
  await tx.delete(moduleButton).where(inArray(moduleButton.moduleId, moduleIds));
  await tx.delete(moduleColumn).where(inArray(moduleColumn.moduleId, moduleIds));
  await tx.delete(moduleForm).where(inArray(moduleForm.moduleId, moduleIds));
  await tx.delete(moduleDataScheme).where(inArray(moduleDataScheme.moduleId, moduleIds));
  await tx.delete(moduleDataAuthorize).where(inArray(moduleDataAuthorize.moduleId, moduleIds));
  await tx.delete(module).where(inArray(module.id, moduleIds));
}

/** duplicate checks of a menu: name within its parent, code within its system and side (Web/App) */
export async function checkMenuUnique(
  tx: Tx,
  values: { id?: string; systemId: string; category: string; parentId: string; fullName: string; enCode: string },
) {
  const others = await tx
    .select({ id: module.id, parentId: module.parentId, fullName: module.fullName, enCode: module.enCode })
    .from(module)
    .where(
      and(
        eq(module.systemId, values.systemId),
        eq(module.category, values.category),
        or(eq(module.fullName, values.fullName), eq(module.enCode, values.enCode)),
      ),
    );
  const rest = others.filter((o) => o.id !== values.id);
  if (rest.some((o) => o.fullName === values.fullName && o.parentId === values.parentId))
    throw refuse(m.menuNameExists);
  if (rest.some((o) => o.enCode === values.enCode)) throw refuse(m.menuCodeExists);
}
