// Grants, and the members of permission groups.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

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
