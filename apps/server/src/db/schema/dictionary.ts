// Data dictionaries: types (a tree) and their items.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const dictionaryType = pgTable(
  'base_dictionary_type',
  {
    id: id(),
    parentId: text('parent_id').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    isTree: integer('is_tree').notNull().default(0),
    category: text('category'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_dictionary_type_code_uq').on(t.enCode)],
);

export const dictionaryData = pgTable(
  'base_dictionary_data',
  {
    id: id(),
    dictionaryTypeId: text('dictionary_type_id').notNull(),
    parentId: text('parent_id').notNull().default('0'),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    simpleSpelling: text('simple_spelling'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_dictionary_data_type_idx').on(t.dictionaryTypeId)],
);
