// Who a grant is for: a permission group, a role, a position or a user. Ids are unique across these tables,
// so an id alone finds its object; the type the client names is only a hint (the reference's clients send
// "Batch" from the permission-group page). The organisation module owns roles, positions and users: this
// only asks whether one exists and what it is called.
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { permissionGroup, position, role, user } from '../../db/schema/index.js';
import { refuse } from '../../platform/errors.js';
import type { ObjectType } from '../permissionKernel/index.js';
import { m } from './messages.js';

export interface GrantObject {
  type: ObjectType;
  id: string;
  fullName: string;
}

const tables = {
  PermissionGroup: { table: permissionGroup, name: permissionGroup.fullName },
  Role: { table: role, name: role.fullName },
  Position: { table: position, name: position.fullName },
  User: { table: user, name: user.realName },
} as const;

async function lookup(db: Db | Tx, type: ObjectType, id: string): Promise<GrantObject | null> {
  const { table, name } = tables[type];
  const [row] = await db.select({ id: table.id, fullName: name }).from(table).where(eq(table.id, id)).limit(1);
  return row ? { type, id: row.id, fullName: row.fullName } : null;
}

/** the object with this id; the hinted type is tried first */
export async function resolveObject(db: Db | Tx, id: string, hint?: string): Promise<GrantObject> {
  const order: ObjectType[] = ['PermissionGroup', 'Role', 'Position', 'User'];
  const hinted = order.find((t) => t.toLowerCase() === hint?.toLowerCase());
  for (const type of hinted ? [hinted, ...order.filter((t) => t !== hinted)] : order) {
    const found = await lookup(db, type, id);
    if (found) return found;
  }
  throw refuse(m.objectNotFound);
}

/** the objects of one type with these ids; refuses when one is missing */
export async function requireObjects(db: Db | Tx, type: ObjectType, ids: readonly string[]): Promise<GrantObject[]> {
  if (!ids.length) return [];
  const { table, name } = tables[type];
  const rows = await db
    .select({ id: table.id, fullName: name })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  if (rows.length !== new Set(ids).size) throw refuse(m.objectNotFound);
  return rows.map((r) => ({ type, id: r.id, fullName: r.fullName }));
}
