// Who holds what: the user ↔ organisation / position / role / group relations every module of the organisation
// structure asks about.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { userRelation } from '../../db/schema/index.js';

export type RelationType = 'Organize' | 'Position' | 'Role' | 'Group';

/** does anyone hold it */
export async function hasMembers(db: Db | Tx, objectType: RelationType, objectId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userRelation.userId })
    .from(userRelation)
    .where(and(eq(userRelation.objectType, objectType), eq(userRelation.objectId, objectId)))
    .limit(1);
  return rows.length > 0;
}

/** the users who hold it */
export async function memberIds(
  db: Db | Tx,
  objectType: RelationType,
  objectIds: readonly string[],
): Promise<string[]> {
  if (!objectIds.length) return [];
  const rows = await db
    .selectDistinct({ userId: userRelation.userId })
    .from(userRelation)
    .where(and(eq(userRelation.objectType, objectType), inArray(userRelation.objectId, [...objectIds])));
  return rows.map((r) => r.userId);
}

/** every relation of these users, grouped by user and type */
export async function relationsOf(db: Db | Tx, userIds: readonly string[]) {
  const out = new Map<string, Record<RelationType, string[]>>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: userRelation.userId, objectType: userRelation.objectType, objectId: userRelation.objectId })
    .from(userRelation)
    .where(inArray(userRelation.userId, [...userIds]))
    .orderBy(userRelation.sortCode, userRelation.creatorTime);
  for (const r of rows) {
    let entry = out.get(r.userId);
    if (!entry) {
      entry = { Organize: [], Position: [], Role: [], Group: [] };
      out.set(r.userId, entry);
    }
    entry[r.objectType as RelationType]?.push(r.objectId);
  }
  return out;
}

export const emptyRelations = (): Record<RelationType, string[]> => ({
  Organize: [],
  Position: [],
  Role: [],
  Group: [],
});

const likePrefix = (tree: string) => `${tree.replace(/[\\%_]/g, (c) => `\\${c}`)},%`;

/**
 * The column names an organisation in the subtree of the one with this id path ("a,b,c"). Two branches rather
 * than one OR, so that each uses its index (the primary key, and the path prefix).
 */
export function inSubtree(column: AnyPgColumn | SQL, tree: string): SQL {
  const id = tree.split(',').at(-1) ?? '';
  return sql`${column} in (select ${id}::text union all select o.id from base_organize o where o.organize_id_tree like ${likePrefix(tree)} escape '\\')`;
}
