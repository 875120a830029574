// Administrative areas (行政区划): provinces, cities, districts, each under its parent ("-1" at the top).
import { index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const area = pgTable(
  'base_area',
  {
    /** seeded areas use their GB/T 2260 code as id; areas created later get a new id */
    id: id(),
    parentId: text('parent_id').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** depth from the top: 1 province, 2 city, 3 district, and so on */
    level: integer('level').notNull(),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_area_parent_idx').on(t.parentId, t.sortCode), uniqueIndex('base_area_code_uq').on(t.enCode)],
);
