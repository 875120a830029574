// User groups; who belongs to one is kept with the user relations (organize.ts).
import { pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const userGroup = pgTable('base_group', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_group_code_uq'),
  type: text('type'),
  ...orderedState(),
  ...auditColumns(),
});
