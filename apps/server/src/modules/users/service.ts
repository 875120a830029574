// User administration: create, update, delete, state, unlock, password reset and work handover, with the
// reference's protection of administrator accounts and of the reporting line.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { fieldRuleMessages, fieldRules, md5Hex, type Language } from '@jnpf/core';
import type { Tx } from '../../db/client.js';
import {
  organize,
  organizeRelation,
  permissionGroup,
  permissionGroupMember,
  position,
  role,
  user,
  userGroup,
  userPasswordHistory,
} from '../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit.js';
import type { AppContext, Principal } from '../../platform/context.js';
import { deleteAudited, insertAudited, isUniqueViolation, updateVersioned } from '../../platform/crud.js';
import { invalidField, refuse, ValidationError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/password.js';
import { ADMIN_ACCOUNT } from './administrators.js';
import {
  emptyRelations,
  managesAnOrganize,
  relationsOf,
  removeUserRelations,
  replaceUserRelations,
} from '../organize/index.js';
import { dictionaryItems } from '../dictionary/index.js';
import { handOverGroups } from '../permissionKernel/index.js';
import type { UserInput } from './fields.js';
import { m } from './messages.js';

const MODULE = 'users';

export interface Memberships {
  Organize: string[];
  Position: string[];
  Role: string[];
  Group: string[];
}

/** the password a new user starts with: the configured default, stored like every other password */
export async function defaultPasswordHash(app: AppContext) {
  const config = await app.sysConfig.get();
  return hashPassword(md5Hex(config.newUserDefaultPassword || '0000'));
}

/**
 * Checks that organisations, positions, roles and groups exist and fit together: a position belongs to one of
 * the user's organisations, a role is global or belongs to one of them. The organisations are held against
 * deletion until the transaction ends.
 */
export async function checkMemberships(tx: Tx, wanted: Memberships): Promise<void> {
  const orgs = await tx
    .select({ id: organize.id })
    .from(organize)
    .where(inArray(organize.id, wanted.Organize))
    .for('share');
  if (orgs.length !== wanted.Organize.length) throw refuse(m.organizeMissing);
  if (wanted.Position.length) {
    const rows = await tx
      .select({ id: position.id, organizeId: position.organizeId })
      .from(position)
      .where(inArray(position.id, wanted.Position))
      .for('share');
    if (rows.length !== wanted.Position.length || rows.some((p) => !wanted.Organize.includes(p.organizeId)))
      throw refuse(m.positionMismatch);
  }
  if (wanted.Role.length) {
    const rows = await tx
      .select({ id: role.id, fullName: role.fullName, globalMark: role.globalMark })
      .from(role)
      .where(inArray(role.id, wanted.Role))
      .for('share');
    if (rows.length !== wanted.Role.length) throw refuse(m.roleMismatch);
    const local = rows.filter((r) => r.globalMark !== 1);
    if (local.length) {
      const links = await tx
        .selectDistinct({ roleId: organizeRelation.objectId })
        .from(organizeRelation)
        .where(
          and(
            eq(organizeRelation.objectType, 'Role'),
            inArray(
              organizeRelation.objectId,
              local.map((r) => r.id),
            ),
            inArray(organizeRelation.organizeId, wanted.Organize),
          ),
        );
      const fitting = new Set(links.map((l) => l.roleId));
      const outside = local.filter((r) => !fitting.has(r.id));
      // named, so that the operator knows which role to remove or which organisation to add
      if (outside.length)
        throw invalidField('roleId', m.roleOutsideOrganize, { names: outside.map((r) => r.fullName).join('、') });
    }
  }
  if (wanted.Group.length) {
    const rows = await tx
      .select({ id: userGroup.id })
      .from(userGroup)
      .where(inArray(userGroup.id, wanted.Group))
      .for('share');
    if (rows.length !== wanted.Group.length) throw refuse(m.groupMissing);
  }
}

/** replaces all of a user's memberships, recording before and after in the audit log */
export async function writeMemberships(tx: Tx, actor: AuditActor, userId: string, wanted: Memberships): Promise<void> {
  const before = (await relationsOf(tx, [userId])).get(userId) ?? emptyRelations();
  await writeAudit(tx, actor, { moduleName: MODULE, action: 'memberships', recordId: userId, before, after: wanted });
  await replaceUserRelations(tx, userId, wanted);
}

/** does the manager chain above `managerId` pass through `userId` (which would close a loop) */
async function isSubordinate(tx: Tx, userId: string, managerId: string): Promise<boolean> {
  const rows = await tx.execute(sql`
    with recursive chain(id, manager_id, depth) as (
      select id, manager_id, 1 from base_user where id = ${managerId}
      union all
      select u.id, u.manager_id, c.depth + 1 from base_user u join chain c on u.id = c.manager_id where c.depth < 200
    )
    select 1 as found from chain where id = ${userId} limit 1`);
  return rowsOf(rows).length > 0;
}

const rowsOf = (result: unknown): unknown[] =>
  Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);

async function checkFields(tx: Tx, input: UserInput, lang: Language, selfId: string | null) {
  const genders = await dictionaryItems(tx, 'sex');
  if (genders.length && !genders.some((g) => g.enCode === String(input.gender))) throw refuse(m.genderMissing);
  // an ID card number (certificate type "身份证", enCode 1) must look like one
  if (input.certificatesNumber && input.certificatesType) {
    const types = await dictionaryItems(tx, 'certificateType');
    const idCard = types.find((t) => t.enCode === '1');
    if (
      (input.certificatesType === idCard?.id || input.certificatesType === '1') &&
      !fieldRules.idCard.test(input.certificatesNumber)
    )
      throw new ValidationError({ certificatesNumber: fieldRuleMessages.idCard[lang] });
  }
  if (input.managerId) {
    if (input.managerId === selfId) throw refuse(m.managerSelf);
    const [manager] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.managerId)).limit(1);
    if (!manager) throw refuse(m.managerMissing);
    if (selfId && (await isSubordinate(tx, selfId, input.managerId))) throw refuse(m.managerSubordinate);
  }
}

const membershipsOf = (input: UserInput): Memberships => ({
  Organize: input.organizeId,
  Position: input.positionId,
  Role: input.roleId,
  Group: input.groupId,
});

function profileValues(input: UserInput) {
  return {
    account: input.account,
    realName: input.realName,
    gender: input.gender,
    managerId: input.managerId,
    sortCode: input.sortCode ?? 0,
    headIcon: input.headIcon,
    description: input.description,
    nation: input.nation,
    nativePlace: input.nativePlace,
    certificatesType: input.certificatesType,
    certificatesNumber: input.certificatesNumber,
    education: input.education,
    telePhone: input.telePhone,
    landline: input.landline,
    mobilePhone: input.mobilePhone,
    email: input.email,
    urgentContacts: input.urgentContacts,
    urgentTelePhone: input.urgentTelePhone,
    postalAddress: input.postalAddress,
    ranks: input.ranks,
    birthday: input.birthday,
    entryDate: input.entryDate,
  };
}

/** the main position: the first chosen one in the main organisation, else the first chosen one */
async function mainPosition(tx: Tx, positionIds: string[], mainOrganizeId: string): Promise<string | null> {
  if (!positionIds.length) return null;
  const rows = await tx
    .select({ id: position.id, organizeId: position.organizeId })
    .from(position)
    .where(inArray(position.id, positionIds));
  return (
    positionIds.find((id) => rows.find((r) => r.id === id)?.organizeId === mainOrganizeId) ?? positionIds[0] ?? null
  );
}

function translateUnique(err: unknown): never {
  if (isUniqueViolation(err, 'base_user_account_uq')) throw refuse(m.accountExists);
  throw err;
}

export async function createUser(app: AppContext, actor: AuditActor, input: UserInput, lang: Language) {
  const id = newId();
  const password = await defaultPasswordHash(app);
  const wanted = membershipsOf(input);
  try {
    await app.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: user.id }).from(user).where(eq(user.account, input.account)).limit(1);
      if (taken) throw refuse(m.accountExists);
      await checkFields(tx, input, lang, null);
      await checkMemberships(tx, wanted);
      const mainOrganizeId = wanted.Organize[0]!;
      await insertAudited(
        tx,
        user,
        {
          id,
          ...profileValues(input),
          passwordHash: password.hash,
          passwordSalt: password.salt,
          // the sign-in then asks for a new password (changePasswordDate stays empty)
          changePasswordDate: null,
          isAdministrator: 0,
          enabledMark: input.enabledMark,
          unlockTime: null,
          logErrorCount: 0,
          organizeId: mainOrganizeId,
          positionId: await mainPosition(tx, wanted.Position, mainOrganizeId),
          creatorTime: Date.now(),
          creatorUserId: actor.userId,
        },
        { actor, moduleName: MODULE, recordId: id },
      );
      await writeMemberships(tx, actor, id, wanted);
    });
  } catch (err) {
    translateUnique(err);
  }
  await app.grants.changed(id);
  return id;
}

type UserRow = typeof user.$inferSelect;

/** the reference's protection of administrator accounts against other users */
function guardAdministrator(target: UserRow, operator: Principal, disabling: boolean) {
  if (target.isAdministrator !== 1) return;
  if (!operator.isAdministrator) throw refuse(m.adminReadonly);
  if (disabling) throw refuse(m.adminCannotDisable);
  // only the built-in administrator may change another administrator
  if (operator.account !== ADMIN_ACCOUNT && operator.userId !== target.id) throw refuse(m.adminOnlySelf);
}

async function lockedRow(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(user).where(eq(user.id, id)).limit(1).for('update');
  return row;
}

export async function updateUser(
  app: AppContext,
  actor: AuditActor,
  operator: Principal,
  id: string,
  input: UserInput,
  lang: Language,
) {
  const wanted = membershipsOf(input);
  let before: UserRow | undefined;
  try {
    await app.db.transaction(async (tx) => {
      before = await lockedRow(tx, id);
      if (!before) throw refuse('updateNotFound');
      const disabling = before.enabledMark !== 0 && input.enabledMark === 0;
      guardAdministrator(before, operator, disabling);
      if (disabling && id === operator.userId) throw refuse(m.disableSelf);
      if (before.account !== input.account) {
        const [taken] = await tx
          .select({ id: user.id })
          .from(user)
          .where(and(eq(user.account, input.account), ne(user.id, id)))
          .limit(1);
        if (taken) throw refuse(m.accountExists);
      }
      await checkFields(tx, input, lang, id);
      await checkMemberships(tx, wanted);
      const mainOrganizeId = wanted.Organize.includes(before.organizeId ?? '')
        ? before.organizeId!
        : wanted.Organize[0]!;
      const mainPositionId =
        before.positionId && wanted.Position.includes(before.positionId)
          ? before.positionId
          : await mainPosition(tx, wanted.Position, mainOrganizeId);
      // leaving the locked state, or an administrator's permanent lock, starts the error count afresh
      const lockChange = input.enabledMark !== before.enabledMark ? { unlockTime: null, logErrorCount: 0 } : {};
      await updateVersioned(
        tx,
        user,
        id,
        input.version,
        {
          ...profileValues(input),
          enabledMark: input.enabledMark,
          ...lockChange,
          organizeId: mainOrganizeId,
          positionId: mainPositionId,
          lastModifyTime: Date.now(),
          lastModifyUserId: actor.userId,
        },
        { actor, moduleName: MODULE },
      );
      await writeMemberships(tx, actor, id, wanted);
    });
  } catch (err) {
    translateUnique(err);
  }
  const prior = before!;
  // a new name or account shows in the profiles of the user's subordinates too
  await app.directory.changed(prior.realName !== input.realName || prior.account !== input.account ? '*' : id);
  await app.grants.changed(id);
  if (input.enabledMark !== 1 && prior.enabledMark !== input.enabledMark)
    await app.sessions.endAllForUser(id, 'disabled');
}

export async function deleteUser(app: AppContext, actor: AuditActor, operator: Principal, id: string) {
  await app.db.transaction(async (tx) => {
    const target = await lockedRow(tx, id);
    if (!target) throw refuse('deleteNotFound');
    if (target.isAdministrator === 1) throw refuse(m.adminDelete);
    if (id === operator.userId) throw refuse(m.deleteSelf);
    if (await managesAnOrganize(tx, id)) throw refuse(m.isOrganizeManager);
    const [report] = await tx.select({ id: user.id }).from(user).where(eq(user.managerId, id)).limit(1);
    if (report) throw refuse(m.hasSubordinates);
    await removeUserRelations(tx, id);
    await deleteAudited(tx, user, id, { actor, moduleName: MODULE });
  });
  await app.sessions.endAllForUser(id, 'disabled');
  await app.directory.changed(id);
  await app.grants.changed(id);
}

/** flips the state: normal (or locked) → disabled ends the user's sessions; disabled → normal */
export async function toggleUser(app: AppContext, actor: AuditActor, operator: Principal, id: string) {
  const next = await app.db.transaction(async (tx) => {
    const target = await lockedRow(tx, id);
    if (!target) throw refuse(m.operationUserMissing);
    if (target.isAdministrator === 1) throw refuse(m.adminState);
    const enabledMark = target.enabledMark === 0 ? 1 : 0;
    if (enabledMark === 0 && id === operator.userId) throw refuse(m.disableSelf);
    await updateVersioned(
      tx,
      user,
      id,
      null,
      {
        enabledMark,
        ...(enabledMark === 1 ? { unlockTime: null, logErrorCount: 0 } : {}),
        lastModifyTime: Date.now(),
        lastModifyUserId: actor.userId,
      },
      { actor, moduleName: MODULE, action: 'state' },
    );
    return enabledMark;
  });
  await app.directory.changed(id);
  await app.grants.changed(id);
  if (next === 0) await app.sessions.endAllForUser(id, 'disabled');
}

/** ends a lock: a locked account becomes normal, the error count starts afresh; a disabled one stays disabled */
export async function unlockUser(app: AppContext, actor: AuditActor, id: string) {
  await app.db.transaction(async (tx) => {
    const target = await lockedRow(tx, id);
    if (!target) throw refuse(m.operationUserMissing);
    await updateVersioned(
      tx,
      user,
      id,
      null,
      {
        enabledMark: target.enabledMark === 0 ? 0 : 1,
        unlockTime: null,
        logErrorCount: 0,
        lastModifyTime: Date.now(),
        lastModifyUserId: actor.userId,
      },
      { actor, moduleName: MODULE, action: 'unlock' },
    );
  });
  await app.directory.changed(id);
}

/** sets a new password (md5 hex from the client), ends every session of the user */
export async function resetPassword(app: AppContext, actor: AuditActor, operator: Principal, id: string, md5: string) {
  const next = await hashPassword(md5.toLowerCase());
  await app.db.transaction(async (tx) => {
    const target = await lockedRow(tx, id);
    if (!target) throw refuse(m.operationUserMissing);
    guardAdministrator(target, operator, false);
    const now = Date.now();
    await tx.insert(userPasswordHistory).values({
      id: newId(),
      userId: id,
      passwordHash: target.passwordHash,
      passwordSalt: target.passwordSalt,
      creatorTime: now,
    });
    await tx
      .update(user)
      .set({
        passwordHash: next.hash,
        passwordSalt: next.salt,
        changePasswordDate: now,
        logErrorCount: 0,
        lastModifyTime: now,
        lastModifyUserId: actor.userId,
      })
      .where(eq(user.id, id));
    await writeAudit(tx, actor, { moduleName: MODULE, action: 'resetPassword', recordId: id });
  });
  await app.directory.changed(id);
  await app.sessions.endAllForUser(id, 'password');
}

/** what a user holds that another could take over: here, the permission groups naming the user */
export async function workOf(app: AppContext, userId: string) {
  const groups = await app.db
    .select({ id: permissionGroup.id, fullName: permissionGroup.fullName, enCode: permissionGroup.enCode })
    .from(permissionGroup)
    .innerJoin(permissionGroupMember, eq(permissionGroupMember.groupId, permissionGroup.id))
    .where(and(eq(permissionGroupMember.memberType, 'User'), eq(permissionGroupMember.memberId, userId)));
  return {
    // no workflow engine yet: nothing waits, is in charge of or circulates to the user
    wait: [] as unknown[],
    flow: [] as unknown[],
    charge: [] as unknown[],
    circulate: [] as unknown[],
    permission: groups.map((g) => ({ ...g, icon: 'icon-ym icon-ym-authGroup' })),
  };
}

export interface HandoverInput {
  fromId: string;
  toId: string;
  permissionList: string[];
}

/** hands the chosen permission groups from one user to another and marks the first as handed over */
export async function workHandover(app: AppContext, actor: AuditActor, input: HandoverInput) {
  if (input.fromId === input.toId) throw refuse(m.handoverSelf);
  await app.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, [input.fromId, input.toId]))
      .for('update');
    if (found.length !== 2) throw refuse('notFound');
    await handOverGroups(tx, input.fromId, input.toId, input.permissionList);
    await tx.update(user).set({ handoverMark: 1, lastModifyTime: Date.now() }).where(eq(user.id, input.fromId));
    await writeAudit(tx, actor, {
      moduleName: MODULE,
      action: 'workHandover',
      recordId: input.fromId,
      after: { toId: input.toId, permissionList: input.permissionList },
    });
  });
  await app.grants.changed(input.fromId);
  await app.grants.changed(input.toId);
  await app.directory.changed(input.fromId);
}
