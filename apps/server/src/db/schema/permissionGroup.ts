// Permission groups.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const permissionGroup = pgTable('base_permission_group', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_permission_group_code_uq'),
  ...orderedState(),
  ...auditColumns(),
});
