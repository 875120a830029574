// What the directory pickers offer: one rule per kind of entry, read by the selector calls the pickers' dialogs
// make and by the check of a record's picker values, so a saved id is always one a dialog could have offered.
// No selector narrows by who calls it (an administrator and any signed-in user see the same lists), so these
// rules take no caller: an organisation is offered while enabled (the department picker only departments); a
// user while not disabled (a locked user is still listed); a position while it and its organisation are
// enabled; a role while enabled and global or placed in an enabled organisation; a group while enabled and of
// a listed group type. Deleting removes the row, so what is gone is never offered.
// One option does narrow by caller: an organisation picker with auth offers an administrator every organisation
// and anyone else only their permitted scope (permittedOrganizes); with isOnlyOrg it offers companies only.
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { AppContext, Principal } from './context.js';
import { dataScopeOf } from './dataScope.js';
import {
  dictionaryData,
  dictionaryType,
  organize,
  organizeRelation,
  position,
  role,
  user,
  userGroup,
} from '../db/schema/index.js';

/** the dictionary whose items are the group types the group selector lists groups under */
export const GROUP_TYPE_DICTIONARY = 'groupType';

/** a company or department is offered while enabled (the selectors read the cached organisation index) */
export const organizeOffered = (node: { enabledMark: number }): boolean => node.enabledMark === 1;

/**
 * the organisations an organisation picker with auth offers this caller: null (no narrowing) for an
 * administrator; else, as the data permissions' variables read them, the caller's own organisation and those
 * they manage, each with everything below it
 */
export async function permittedOrganizes(
  app: AppContext,
  caller: Pick<Principal, 'userId' | 'isAdministrator'> | null,
): Promise<ReadonlySet<string> | null> {
  if (caller?.isAdministrator) return null;
  if (!caller) return new Set();
  const scope = dataScopeOf(app);
  const [own, managed] = await Promise.all([
    scope.variableOf(caller.userId, 'organizeAndSub'),
    scope.variableOf(caller.userId, 'managedOrganizesAndSub'),
  ]);
  return new Set([...own, ...managed]);
}

/** an organisation picker's node rule beyond organizeOffered: companies only (isOnlyOrg), within `permitted` (auth) */
export const organizePickerOffers =
  (options: { onlyOrg: boolean; permitted: ReadonlySet<string> | null }) =>
  (node: { id: string; category: string }): boolean =>
    (!options.onlyOrg || node.category === 'company') && (!options.permitted || options.permitted.has(node.id));

/** users the user pickers list: all but the disabled */
export const offeredUsers = (): SQL => ne(user.enabledMark, 0);

/** positions the position selectors list: enabled, in an enabled organisation */
export const offeredPositions = (db: Db): SQL =>
  and(
    eq(position.enabledMark, 1),
    inArray(position.organizeId, db.select({ id: organize.id }).from(organize).where(eq(organize.enabledMark, 1))),
  )!;

/** roles the role selectors list: enabled, and global or placed in an enabled organisation */
export const offeredRoles = (db: Db): SQL =>
  and(
    eq(role.enabledMark, 1),
    or(
      eq(role.globalMark, 1),
      inArray(
        role.id,
        db
          .select({ id: organizeRelation.objectId })
          .from(organizeRelation)
          .innerJoin(organize, eq(organize.id, organizeRelation.organizeId))
          .where(and(eq(organizeRelation.objectType, 'Role'), eq(organize.enabledMark, 1))),
      ),
    ),
  )!;

/** groups the group selectors list: enabled, of a group type the dictionary lists */
export const offeredGroups = (db: Db): SQL =>
  and(
    eq(userGroup.enabledMark, 1),
    inArray(
      userGroup.type,
      db
        .select({ id: dictionaryData.id })
        .from(dictionaryData)
        .innerJoin(dictionaryType, eq(dictionaryType.id, dictionaryData.dictionaryTypeId))
        .where(eq(dictionaryType.enCode, GROUP_TYPE_DICTIONARY)),
    ),
  )!;
