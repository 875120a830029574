// Organisations and departments (one tree), and which organisations, positions, roles and groups each user
// belongs to.
import { bigint, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
