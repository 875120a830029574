// Each user's column settings per menu.
import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

/** a user's column settings (visible columns and their order) for one menu */
export const columnsPurview = pgTable(
  'base_columns_purview',
  {
    userId: text('user_id').notNull(),
    moduleId: text('module_id').notNull(),
    /** JSON text as the client sends it */
    fieldList: text('field_list').notNull(),
    creatorTime: ms('creator_time').notNull(),
    lastModifyTime: ms('last_modify_time'),
  },
  (t) => [primaryKey({ name: 'base_columns_purview_pk', columns: [t.userId, t.moduleId] })],
);
