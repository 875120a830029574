// Positions of organisations.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

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
