// Users and their previous passwords.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const user = pgTable(
  'base_user',
  {
    id: id(),
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    /** scrypt hash (hex) of the md5 hex the client sends */
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    headIcon: text('head_icon').notNull().default('001.png'),
    gender: integer('gender'),
    mobilePhone: text('mobile_phone'),
    telePhone: text('tele_phone'),
    landline: text('landline'),
    email: text('email'),
    birthday: ms('birthday'),
    entryDate: ms('entry_date'),
    nation: text('nation'),
    nativePlace: text('native_place'),
    certificatesType: text('certificates_type'),
    certificatesNumber: text('certificates_number'),
    education: text('education'),
    urgentContacts: text('urgent_contacts'),
    urgentTelePhone: text('urgent_tele_phone'),
    postalAddress: text('postal_address'),
    ranks: text('ranks'),
    signature: text('signature'),
    /** main organisation and position (the "major" ones) */
    organizeId: text('organize_id'),
    positionId: text('position_id'),
    managerId: text('manager_id'),
    isAdministrator: integer('is_administrator').notNull().default(0),
    systemId: text('system_id'),
    appSystemId: text('app_system_id'),
    portalId: text('portal_id'),
    appPortalId: text('app_portal_id'),
    theme: text('theme'),
    language: text('language'),
    changePasswordDate: ms('change_password_date'),
    prevLogTime: ms('prev_log_time'),
    prevLogIp: text('prev_log_ip'),
    lastLogTime: ms('last_log_time'),
    lastLogIp: text('last_log_ip'),
    logSuccessCount: integer('log_success_count').notNull().default(0),
    logErrorCount: integer('log_error_count').notNull().default(0),
    /** enabledMark 2 = locked; with lockType 2 the lock ends at unlockTime */
    unlockTime: ms('unlock_time'),
    handoverMark: integer('handover_mark').notNull().default(0),
    /** bumped on every change that affects sessions or grants, so caches know to refresh */
    authStamp: integer('auth_stamp').notNull().default(0),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('base_user_account_uq').on(t.account),
    index('base_user_org_idx').on(t.organizeId),
    index('base_user_manager_idx').on(t.managerId),
    // the user list's order: sortCode ascending, newest first
    index('base_user_order_idx').on(t.sortCode, t.creatorTime.desc(), t.id),
  ],
);

/** previous password hashes, for the "do not reuse the last N passwords" policy */
export const userPasswordHistory = pgTable(
  'base_user_password_history',
  {
    id: id(),
    userId: text('user_id').notNull(),
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [index('base_user_password_history_user_idx').on(t.userId, t.creatorTime)],
);
