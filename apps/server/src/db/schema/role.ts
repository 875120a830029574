// Roles, and the organisations a role that is not global belongs to.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const role = pgTable('base_role', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_role_code_uq'),
  type: text('type'),
  globalMark: integer('global_mark').notNull().default(1),
  ...orderedState(),
  ...auditColumns(),
});

/** role ↔ organisation (a role that is not global belongs to one or more organisations) */
export const organizeRelation = pgTable(
  'base_organize_relation',
  {
    organizeId: text('organize_id').notNull(),
    /** 'Role' */
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_organize_relation_pk', columns: [t.objectType, t.objectId, t.organizeId] }),
    index('base_organize_relation_org_idx').on(t.organizeId, t.objectType),
  ],
);
