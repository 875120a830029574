// Permission details beyond the grants themselves: the fields a menu's data-permission schemes filter on,
// and each user's column settings per menu.
import { index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

/** a field a menu's data-permission schemes may filter on (ModuleDataAuthorize) */
export const moduleDataAuthorize = pgTable(
  'base_module_data_authorize',
  {
    id: id(),
    moduleId: text('module_id').notNull(),
    fullName: text('full_name').notNull(),
    /** the field name; for online forms with a bound table "<table>.<field>" */
    enCode: text('en_code').notNull(),
    /** the field's data type: string, int, double, varchar, datetime, text, bigint */
    type: text('type').notNull(),
    /** comma list of allowed operators (==, <>, >, >=, <, <=, between, like, notLike, in, notIn, null, notNull) */
    conditionSymbol: text('condition_symbol').notNull().default(''),
    /** what the value is: input, a system variable (@userId …) or a picker (organizeSelect …) */
    conditionText: text('condition_text').notNull().default(''),
    /** date format when conditionText is datePicker */
    format: text('format'),
    bindTable: text('bind_table'),
    /** 0 main table, 1 secondary table, 2 sub-table */
    fieldRule: integer('field_rule').notNull().default(0),
    childTableKey: text('child_table_key'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_module_data_authorize_module_idx').on(t.moduleId)],
);

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
