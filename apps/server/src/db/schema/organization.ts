// Organisation structure: organisations and departments (one tree), positions, roles, user groups, users.
import { bigint, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const organize = pgTable(
  'base_organize',
  {
    id: id(),
    parentId: text('parent_id').notNull(),
    /** 'company' or 'department' */
    category: text('category').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    managerId: text('manager_id'),
    /** comma-joined ids from the root down to and including this node */
    organizeIdTree: text('organize_id_tree').notNull(),
    propertyJson: text('property_json'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [
    index('base_organize_parent_idx').on(t.parentId),
    uniqueIndex('base_organize_code_uq').on(t.enCode),
    // subtree queries match the id path by prefix (LIKE 'a,b,%')
    index('base_organize_tree_idx').on(t.organizeIdTree.op('text_pattern_ops')),
  ],
);

export const position = pgTable(
  'base_position',
  {
    id: id(),
    organizeId: text('organize_id').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    type: text('type'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_position_org_idx').on(t.organizeId), uniqueIndex('base_position_code_uq').on(t.enCode)],
);

export const role = pgTable('base_role', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_role_code_uq'),
  type: text('type'),
  globalMark: integer('global_mark').notNull().default(1),
  ...orderedState(),
  ...auditColumns(),
});

export const userGroup = pgTable('base_group', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_group_code_uq'),
  type: text('type'),
  ...orderedState(),
  ...auditColumns(),
});

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

/** user ↔ organisation / position / role / group */
export const userRelation = pgTable(
  'base_user_relation',
  {
    userId: text('user_id').notNull(),
    /** 'Organize' | 'Position' | 'Role' | 'Group' */
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    sortCode: bigint('sort_code', { mode: 'number' }).notNull().default(0),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_user_relation_pk', columns: [t.userId, t.objectType, t.objectId] }),
    index('base_user_relation_object_idx').on(t.objectType, t.objectId),
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

export const userSignImg = pgTable(
  'base_user_sign_img',
  {
    id: id(),
    userId: text('user_id').notNull(),
    /** data URL of the drawn signature (PNG) */
    signImg: text('sign_img').notNull(),
    isDefault: integer('is_default').notNull().default(0),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [index('base_user_sign_img_user_idx').on(t.userId)],
);
