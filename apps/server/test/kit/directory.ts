// Rows the permission tests set up directly: users, roles, positions, organisations and their relations.
// (The organisation module owns these tables; its calls are not needed to test grants.) Test support only.
import { randomBytes } from 'node:crypto';
import { md5Hex } from '@jnpf/core';
import { organize, position, role, user, userGroup, userRelation } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import { hashPassword } from '../../src/platform/password.js';

export const TEST_PASSWORD = 'Passw0rd';
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

export async function insertUser(
  app: AppContext,
  fields: Partial<typeof user.$inferInsert> = {},
): Promise<{ id: string; account: string }> {
  const { hash, salt } = await hashPassword(md5Hex(TEST_PASSWORD));
  const id = newId();
  const account = fields.account ?? unique('u');
  await app.db.insert(user).values({
    id,
    account,
    realName: `User ${account}`,
    passwordHash: hash,
    passwordSalt: salt,
    creatorTime: Date.now(),
    ...fields,
  });
  await app.directory.changed(id);
  return { id, account };
}

export async function insertOrganize(
  app: AppContext,
  parent: { id: string; organizeIdTree: string } | null,
  fields: Partial<typeof organize.$inferInsert> = {},
): Promise<{ id: string; organizeIdTree: string }> {
  const id = newId();
  const organizeIdTree = parent ? `${parent.organizeIdTree},${id}` : id;
  await app.db.insert(organize).values({
    id,
    parentId: parent?.id ?? '-1',
    category: parent ? 'department' : 'company',
    fullName: unique('org'),
    enCode: unique('org'),
    organizeIdTree,
    creatorTime: Date.now(),
    ...fields,
  });
  return { id, organizeIdTree };
}

export async function insertRole(app: AppContext): Promise<string> {
  const id = newId();
  await app.db.insert(role).values({ id, fullName: unique('role'), enCode: unique('role'), creatorTime: Date.now() });
  return id;
}

export async function insertPosition(app: AppContext, organizeId: string): Promise<string> {
  const id = newId();
  await app.db
    .insert(position)
    .values({ id, organizeId, fullName: unique('pos'), enCode: unique('pos'), creatorTime: Date.now() });
  return id;
}

export async function insertUserGroup(app: AppContext): Promise<string> {
  const id = newId();
  await app.db
    .insert(userGroup)
    .values({ id, fullName: unique('grp'), enCode: unique('grp'), creatorTime: Date.now() });
  return id;
}

/** puts a user into a role, position, organisation or user group */
export async function relate(
  app: AppContext,
  userId: string,
  objectType: 'Role' | 'Position' | 'Organize' | 'Group',
  objectId: string,
) {
  await app.db.insert(userRelation).values({ userId, objectType, objectId, creatorTime: Date.now() });
  await Promise.all([app.directory.changed(userId), app.grants.changed(userId)]);
}

export { unique };
