// Members of permission groups: users, and everyone holding a role, a position, an organisation or a user
// group. On the wire a member is "<id>--<type>" with type user | role | position | department | company |
// group (the reference's clients send company selections as "department"); stored as User, Role, Position,
// Organize, Group. The organisation modules own those tables: this only reads names for display. The
// membership table is written here only.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  organize,
  permissionGroup,
  permissionGroupMember,
  position,
  role,
  user,
  userGroup,
} from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { avatarUrl } from '../file/index.js';

export const MEMBER_TYPES = ['User', 'Role', 'Position', 'Organize', 'Group'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

const fromWire: Record<string, MemberType> = {
  user: 'User',
  role: 'Role',
  position: 'Position',
  department: 'Organize',
  company: 'Organize',
  organize: 'Organize',
  group: 'Group',
};

export interface Member {
  memberType: MemberType;
  memberId: string;
}

/** "<id>--<type>" → member; null when it is not of that form */
export function parseMember(text: string): Member | null {
  const at = text.lastIndexOf('--');
  if (at <= 0) return null;
  const memberType = fromWire[text.slice(at + 2).toLowerCase()];
  const memberId = text.slice(0, at);
  if (!memberType || !/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) return null;
  return { memberType, memberId };
}

export interface MemberView {
  /** "<id>--<type>", as the client sends it back */
  id: string;
  objectId: string;
  fullName: string;
  type: string;
  headIcon?: string;
  organize?: string;
}

const key = (m: Member) => `${m.memberType}:${m.memberId}`;

/** display names of members, batched per kind; members whose object is gone are left out */
export async function viewMembers(db: Db | Tx, members: readonly Member[]): Promise<Map<string, MemberView>> {
  const ids = (type: MemberType) => [...new Set(members.filter((x) => x.memberType === type).map((x) => x.memberId))];
  const out = new Map<string, MemberView>();
  const put = (
    memberType: MemberType,
    memberId: string,
    wire: string,
    fullName: string,
    extra: Partial<MemberView> = {},
  ) =>
    out.set(key({ memberType, memberId }), {
      id: `${memberId}--${wire}`,
      objectId: memberId,
      fullName,
      type: wire,
      ...extra,
    });
  const userIds = ids('User');
  const orgIds = ids('Organize');
  /** the names of these rows of a table with a fullName */
  const namesIn = (table: typeof role | typeof position | typeof userGroup | typeof organize, rowIds: string[]) =>
    rowIds.length
      ? db
          .select({ id: table.id, fullName: table.fullName })
          .from(table as typeof role)
          .where(inArray(table.id, rowIds))
      : [];
  const [users, roles, positions, orgs, groups] = await Promise.all([
    userIds.length
      ? db
          .select({
            id: user.id,
            realName: user.realName,
            account: user.account,
            headIcon: user.headIcon,
            organizeId: user.organizeId,
          })
          .from(user)
          .where(inArray(user.id, userIds))
      : [],
    namesIn(role, ids('Role')),
    namesIn(position, ids('Position')),
    orgIds.length
      ? db
          .select({ id: organize.id, fullName: organize.fullName, category: organize.category })
          .from(organize)
          .where(inArray(organize.id, orgIds))
      : [],
    namesIn(userGroup, ids('Group')),
  ]);
  const userOrgs = await namesIn(organize, [
    ...new Set(users.map((u) => u.organizeId).filter((v): v is string => !!v)),
  ]);
  const orgName = new Map(userOrgs.map((o) => [o.id, o.fullName]));
  for (const u of users)
    put('User', u.id, 'user', `${u.realName}/${u.account}`, {
      headIcon: avatarUrl(u.headIcon),
      organize: u.organizeId ? (orgName.get(u.organizeId) ?? '') : '',
    });
  for (const r of roles) put('Role', r.id, 'role', r.fullName);
  for (const p of positions) put('Position', p.id, 'position', p.fullName);
  for (const o of orgs) put('Organize', o.id, o.category === 'company' ? 'company' : 'department', o.fullName);
  for (const g of groups) put('Group', g.id, 'group', g.fullName);
  return out;
}

export async function membersOf(db: Db | Tx, groupIds: readonly string[]): Promise<(Member & { groupId: string })[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select()
    .from(permissionGroupMember)
    .where(inArray(permissionGroupMember.groupId, [...groupIds]));
  return rows.map((r) => ({ groupId: r.groupId, memberType: r.memberType as MemberType, memberId: r.memberId }));
}

/** the members of one group for display; null when the group does not exist */
export async function describeMembers(app: AppContext, groupId: string): Promise<MemberView[] | null> {
  const [group] = await app.db
    .select({ id: permissionGroup.id })
    .from(permissionGroup)
    .where(eq(permissionGroup.id, groupId));
  if (!group) return null;
  const members = await membersOf(app.db, [groupId]);
  const views = await viewMembers(app.db, members);
  return members.map((x) => views.get(key(x))).filter((v): v is MemberView => !!v);
}

/** which members exist (ids of deleted users, roles … are dropped) */
export async function existingMembers(db: Db | Tx, members: readonly Member[]): Promise<Member[]> {
  const views = await viewMembers(db, members);
  return members.filter((x) => views.has(key(x)));
}

/** makes the members of a group exactly these */
export async function replaceMembers(tx: Tx, groupId: string, wanted: readonly Member[]): Promise<void> {
  await removeMembersOf(tx, groupId);
  if (wanted.length)
    await tx
      .insert(permissionGroupMember)
      .values(wanted.map((w) => ({ groupId, memberType: w.memberType, memberId: w.memberId })));
}

/** removes every member of a group */
export async function removeMembersOf(tx: Tx, groupId: string): Promise<void> {
  await tx.delete(permissionGroupMember).where(eq(permissionGroupMember.groupId, groupId));
}

/** moves one user's direct membership of these groups to another user (groups the first is no member of stay) */
export async function handOverGroups(tx: Tx, fromUserId: string, toUserId: string, groupIds: readonly string[]) {
  if (!groupIds.length) return;
  const fromUser = and(eq(permissionGroupMember.memberType, 'User'), eq(permissionGroupMember.memberId, fromUserId));
  const held = await tx
    .select({ groupId: permissionGroupMember.groupId })
    .from(permissionGroupMember)
    .where(and(fromUser, inArray(permissionGroupMember.groupId, [...groupIds])));
  const heldIds = held.map((h) => h.groupId);
  if (!heldIds.length) return;
  await tx.delete(permissionGroupMember).where(and(fromUser, inArray(permissionGroupMember.groupId, heldIds)));
  await tx
    .insert(permissionGroupMember)
    .values(heldIds.map((groupId) => ({ groupId, memberType: 'User', memberId: toUserId })))
    .onConflictDoNothing();
}

export { key as memberKey };
