// Who holds what: the user ↔ organisation / position / role / group relations every module of the organisation
// structure asks about, and the writing of them (the users module decides what a user holds, this module keeps
// the table).
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

/** makes a user's relations exactly these, each kind in its order */
export async function replaceUserRelations(
  tx: Tx,
  userId: string,
  wanted: Record<RelationType, readonly string[]>,
  now = Date.now(),
): Promise<void> {
  await removeUserRelations(tx, userId);
  const rows = (Object.keys(wanted) as RelationType[]).flatMap((objectType) =>
    wanted[objectType].map((objectId, i) => ({ userId, objectType, objectId, sortCode: i, creatorTime: now })),
  );
  if (rows.length) await tx.insert(userRelation).values(rows);
}

/** removes every relation of a user */
export async function removeUserRelations(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userRelation).where(eq(userRelation.userId, userId));
}

/** removes every user's relation to one object (a group that is deleted) */
export async function removeRelationsTo(tx: Tx, objectType: RelationType, objectId: string): Promise<void> {
  await tx
    .delete(userRelation)
    .where(and(eq(userRelation.objectType, objectType), eq(userRelation.objectId, objectId)));
}

/** inserts many user relations with one statement of column arrays (imports, benchmarks) */
export async function insertRelations(
  tx: Tx,
  rows: { userId: string; objectType: string; objectId: string; sortCode: number; creatorTime: number }[],
): Promise<void> {
  if (!rows.length) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key]));
  await tx.execute(sql`
    insert into base_user_relation (user_id, object_type, object_id, sort_code, creator_time)
    select * from unnest(${column('userId')}::text[], ${column('objectType')}::text[], ${column('objectId')}::text[],
                         ${column('sortCode')}::bigint[], ${column('creatorTime')}::bigint[])`);
}
