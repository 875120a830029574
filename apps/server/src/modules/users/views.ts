// How users are shown: the columns that may leave the server (never hashes or salts), the effective state, and
// the row shapes of the list, the info and the pickers.
import { userRealName, type Language } from '@jnpf/core';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema/index.js';
import { avatarUrl } from '../file/index.js';
import { emptyRelations, relationsOf, type OrganizeIndex } from '../organize/index.js';

export const USER_ICON = 'icon-ym icon-ym-tree-user2';

/** every column but the password hash and salt */
export const safeUserColumns = {
  id: user.id,
  account: user.account,
  realName: user.realName,
  headIcon: user.headIcon,
  gender: user.gender,
  mobilePhone: user.mobilePhone,
  telePhone: user.telePhone,
  landline: user.landline,
  email: user.email,
  birthday: user.birthday,
  entryDate: user.entryDate,
  nation: user.nation,
  nativePlace: user.nativePlace,
  certificatesType: user.certificatesType,
  certificatesNumber: user.certificatesNumber,
  education: user.education,
  urgentContacts: user.urgentContacts,
  urgentTelePhone: user.urgentTelePhone,
  postalAddress: user.postalAddress,
  ranks: user.ranks,
  organizeId: user.organizeId,
  positionId: user.positionId,
  managerId: user.managerId,
  isAdministrator: user.isAdministrator,
  unlockTime: user.unlockTime,
  logErrorCount: user.logErrorCount,
  handoverMark: user.handoverMark,
  sortCode: user.sortCode,
  enabledMark: user.enabledMark,
  description: user.description,
  creatorTime: user.creatorTime,
  lastModifyTime: user.lastModifyTime,
  version: user.version,
};

/** the columns pickers need */
export const pickerUserColumns = {
  id: user.id,
  account: user.account,
  realName: user.realName,
  headIcon: user.headIcon,
  gender: user.gender,
  mobilePhone: user.mobilePhone,
  organizeId: user.organizeId,
  enabledMark: user.enabledMark,
  unlockTime: user.unlockTime,
  isAdministrator: user.isAdministrator,
  sortCode: user.sortCode,
  creatorTime: user.creatorTime,
};

type UserSelect = typeof user.$inferSelect;
export type SafeUser = Pick<UserSelect, keyof typeof safeUserColumns>;
export type PickerUser = Pick<UserSelect, keyof typeof pickerUserColumns>;

/** 0 disabled, 1 normal, 2 locked (a timed lock that has run out counts as normal) */
export function effectiveState(u: { enabledMark: number | null; unlockTime: number | null }, now = Date.now()): number {
  const mark = u.enabledMark ?? 1;
  if (mark === 0) return 0;
  if (u.unlockTime != null) return u.unlockTime > now ? 2 : 1;
  return mark;
}

/** "Name/account"; a seeded user's name in the caller's language */
export const displayName = (u: { realName: string; account: string }, lang: Language = 'zh') =>
  `${userRealName(u.account, u.realName, lang)}/${u.account}`;

/**
 * SQL for the display name (as displayName writes it) of the user whose id `id` gives, null when there is none:
 * for a query that shows users' names beside its own rows in the same statement
 */
export const displayNameOf = (id: SQL) =>
  sql<string | null>`(select ${user.realName} || '/' || ${user.account} from ${user} where ${user.id} = ${id})`;

/** a user as pickers show it (UserIdListVo) */
export function pickerRow(index: OrganizeIndex, u: PickerUser, organizeIds: string[]) {
  return {
    id: u.id,
    account: u.account,
    realName: u.realName,
    fullName: displayName(u),
    headIcon: avatarUrl(u.headIcon),
    gender: u.gender != null ? String(u.gender) : '',
    mobilePhone: u.mobilePhone ?? '',
    organize: index.pathNames(organizeIds),
    organizeIds: index.get(u.organizeId)?.path ?? [],
    type: 'user',
    icon: USER_ICON,
    isAdministrator: u.isAdministrator ?? 0,
  };
}

/** picker rows of users, their organisations read in one query */
export async function pickerRows(db: Db, index: OrganizeIndex, users: PickerUser[]) {
  const relations = await relationsOf(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => pickerRow(index, u, (relations.get(u.id) ?? emptyRelations()).Organize));
}

/** a user node of the lazy trees (UserSelectorVO / UserByRoleVO) */
export function userNode(index: OrganizeIndex, u: PickerUser, organizeIds: string[], parentId: string) {
  return {
    id: u.id,
    parentId,
    fullName: displayName(u),
    realName: u.realName,
    account: u.account,
    type: 'user',
    icon: USER_ICON,
    headIcon: avatarUrl(u.headIcon),
    gender: u.gender != null ? String(u.gender) : '',
    enabledMark: effectiveState(u),
    organize: index.pathNames(organizeIds),
    hasChildren: false,
    isLeaf: true,
    children: [] as unknown[],
  };
}

/** users by id, in the given order, without hashes */
export async function usersByIds(db: Db, ids: string[]): Promise<PickerUser[]> {
  if (!ids.length) return [];
  const rows = await db.select(pickerUserColumns).from(user).where(inArray(user.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((u): u is PickerUser => !!u);
}
