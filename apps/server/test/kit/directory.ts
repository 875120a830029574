// Rows of the organisation directory written straight into the database: users with a known password,
// organisations, positions, roles, user groups and memberships, for tests that need them but do not test how
// they are made. The seeded head office and administrator are looked up here too.
import { eq } from 'drizzle-orm';
import { md5Hex } from '@jnpf/core';
import { organize, position, role, user, userGroup, userRelation } from '../../src/db/schema/index.js';
import type { AppContext } from '../../src/platform/context.js';
import { newId } from '../../src/platform/ids.js';
import { hashPassword } from '../../src/platform/password.js';
import { GROUP_TYPE_DICTIONARY } from '../../src/platform/pickable.js';
import { dictionaryItems } from '../../src/modules/dictionary/byCode.js';
import { unique } from './unique.js';

export const TEST_PASSWORD = 'Passw0rd';

export type UserFields = Partial<typeof user.$inferInsert>;
type RelationType = 'Role' | 'Position' | 'Organize' | 'Group';

/** a user with this password (TEST_PASSWORD unless given) */
export async function insertUser(
  app: AppContext,
  fields: UserFields = {},
  password = TEST_PASSWORD,
): Promise<{ id: string; account: string; password: string }> {
  const { hash, salt } = await hashPassword(md5Hex(password));
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
  return { id, account, password };
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

export async function insertRole(app: AppContext, fields: Partial<typeof role.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await app.db
    .insert(role)
    .values({ id, fullName: unique('role'), enCode: unique('role'), creatorTime: Date.now(), ...fields });
  return id;
}

export async function insertPosition(
  app: AppContext,
  organizeId: string,
  fields: Partial<typeof position.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  await app.db
    .insert(position)
    .values({ id, organizeId, fullName: unique('pos'), enCode: unique('pos'), creatorTime: Date.now(), ...fields });
  return id;
}

/** a user group, of the first group type unless `fields` give another (a group of no listed type is not offered) */
export async function insertUserGroup(
  app: AppContext,
  fields: Partial<typeof userGroup.$inferInsert> = {},
): Promise<string> {
  const id = newId();
  const type = fields.type === undefined ? (await dictionaryItems(app.db, GROUP_TYPE_DICTIONARY))[0]?.id : fields.type;
  await app.db
    .insert(userGroup)
    .values({ id, fullName: unique('grp'), enCode: unique('grp'), creatorTime: Date.now(), type, ...fields });
  return id;
}

/** puts a user into a role, position, organisation or user group */
export const relate = (app: AppContext, userId: string, objectType: RelationType, objectId: string) =>
  relateAll(app, userId, [[objectType, objectId]]);

/** puts a user into several of them at once */
export async function relateAll(app: AppContext, userId: string, memberships: [RelationType, string][]) {
  await app.db
    .insert(userRelation)
    .values(memberships.map(([objectType, objectId]) => ({ userId, objectType, objectId, creatorTime: Date.now() })));
  await Promise.all([app.directory.changed(userId), app.grants.changed(userId)]);
}

/** the seeded head office (智慧园区集团, code HQ), the root of the organisation tree */
export async function headOffice(app: AppContext): Promise<{ id: string; organizeIdTree: string }> {
  const [row] = await app.db.select().from(organize).where(eq(organize.enCode, 'HQ'));
  return row!;
}

/** the id of the seeded administrator (account admin) */
export async function adminId(app: AppContext): Promise<string> {
  const [row] = await app.db.select().from(user).where(eq(user.account, 'admin'));
  return row!.id;
}
