// Sessions, grants, login and audit logs, data migrations.
import { index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const session = pgTable(
  'base_session',
  {
    /** sha-256 of the token, hex; the token itself is never stored */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** 'pc' | 'app' (jnpf-origin) */
    origin: text('origin').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: ms('created_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    endedAt: ms('ended_at'),
    /** 'logout' | 'password' | 'kicked' | 'replaced' | 'disabled' */
    endReason: text('end_reason'),
  },
  (t) => [index('base_session_user_idx').on(t.userId)],
);

export const permissionGroup = pgTable('base_permission_group', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_permission_group_code_uq'),
  ...orderedState(),
  ...auditColumns(),
});

export const permissionGroupMember = pgTable(
  'base_permission_group_member',
  {
    groupId: text('group_id').notNull(),
    /** 'User' | 'Role' | 'Position' | 'Organize' | 'Group' */
    memberType: text('member_type').notNull(),
    memberId: text('member_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_permission_group_member_pk', columns: [t.groupId, t.memberType, t.memberId] }),
    index('base_permission_group_member_idx').on(t.memberType, t.memberId),
  ],
);

/** a grant: object (permission group, role, position or user) may use item (system, module, button, column, form, resource) */
export const authorize = pgTable(
  'base_authorize',
  {
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_authorize_pk', columns: [t.objectType, t.objectId, t.itemType, t.itemId] }),
    index('base_authorize_item_idx').on(t.itemType, t.itemId),
  ],
);

export const loginLog = pgTable(
  'base_login_log',
  {
    id: id(),
    userId: text('user_id'),
    account: text('account').notNull(),
    userName: text('user_name'),
    ip: text('ip').notNull(),
    ipAddressName: text('ip_address_name'),
    userAgent: text('user_agent'),
    browser: text('browser'),
    platform: text('platform'),
    /** 1 success, 0 failure */
    success: integer('success').notNull(),
    abstracts: text('abstracts'),
    requestId: text('request_id'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [index('base_login_log_user_idx').on(t.userId, t.creatorTime)],
);

export const auditLog = pgTable(
  'base_audit_log',
  {
    id: id(),
    userId: text('user_id'),
    userName: text('user_name'),
    ip: text('ip'),
    requestId: text('request_id'),
    moduleName: text('module_name').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_audit_log_record_idx').on(t.moduleName, t.recordId),
    index('base_audit_log_time_idx').on(t.creatorTime),
  ],
);

/** data migrations (seeds added by modules) that have run */
export const dataMigration = pgTable('base_data_migration', {
  name: text('name').primaryKey(),
  appliedAt: ms('applied_at').notNull(),
  checksum: integer('checksum'),
});
