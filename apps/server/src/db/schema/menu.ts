// Menus ("modules" in the reference) and their permission items: buttons, list columns, form fields,
// data-permission schemes and the fields those schemes filter on.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

/** menus ("modules" in the reference) */
export const module = pgTable(
  'base_module',
  {
    id: id(),
    parentId: text('parent_id').notNull(),
    systemId: text('system_id').notNull(),
    /** 'Web' | 'App' */
    category: text('category').notNull().default('Web'),
    type: integer('type').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    icon: text('icon'),
    urlAddress: text('url_address'),
    linkTarget: text('link_target'),
    propertyJson: text('property_json'),
    isButtonAuthorize: integer('is_button_authorize').notNull().default(0),
    isColumnAuthorize: integer('is_column_authorize').notNull().default(0),
    isFormAuthorize: integer('is_form_authorize').notNull().default(0),
    isDataAuthorize: integer('is_data_authorize').notNull().default(0),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [
    index('base_module_parent_idx').on(t.parentId),
    uniqueIndex('base_module_code_uq').on(t.systemId, t.category, t.enCode),
  ],
);

const moduleItem = () => ({
  id: id(),
  moduleId: text('module_id').notNull(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull(),
  ...orderedState(),
  ...auditColumns(),
});

export const moduleButton = pgTable(
  'base_module_button',
  {
    ...moduleItem(),
    parentId: text('parent_id').notNull().default('-1'),
    icon: text('icon'),
    urlAddress: text('url_address'),
  },
  (t) => [index('base_module_button_module_idx').on(t.moduleId)],
);

export const moduleColumn = pgTable(
  'base_module_column',
  {
    ...moduleItem(),
    bindTable: text('bind_table'),
    bindTableName: text('bind_table_name'),
    fieldRule: integer('field_rule').notNull().default(0),
    childTableKey: text('child_table_key'),
  },
  (t) => [index('base_module_column_module_idx').on(t.moduleId)],
);

export const moduleForm = pgTable(
  'base_module_form',
  {
    ...moduleItem(),
    bindTable: text('bind_table'),
    fieldRule: integer('field_rule').notNull().default(0),
    childTableKey: text('child_table_key'),
  },
  (t) => [index('base_module_form_module_idx').on(t.moduleId)],
);

/** data-permission schemes of a menu; conditionJson holds the rule groups */
export const moduleDataScheme = pgTable(
  'base_module_data_scheme',
  {
    ...moduleItem(),
    conditionJson: text('condition_json'),
    conditionText: text('condition_text'),
    allData: integer('all_data').notNull().default(0),
    matchLogic: text('match_logic').notNull().default('and'),
  },
  (t) => [index('base_module_data_scheme_module_idx').on(t.moduleId)],
);

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
