// Organisation structure beyond the core tables: which organisations a role belongs to.
import { index, primaryKey, text } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

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
