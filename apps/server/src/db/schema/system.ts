// Systems (applications), menus and their permission items, configuration, dictionaries.
import { index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, orderedState } from './columns.js';

export const system = pgTable('base_system', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull().unique('base_system_code_uq'),
  icon: text('icon'),
  propertyJson: text('property_json'),
  navigationIcon: text('navigation_icon'),
  workLogoIcon: text('work_logo_icon'),
  workflowEnabled: integer('workflow_enabled').notNull().default(0),
  isMain: integer('is_main').notNull().default(0),
  ...orderedState(),
  ...auditColumns(),
});

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

/** key/value configuration rows; values are strings as in the reference */
export const sysConfig = pgTable(
  'base_sys_config',
  {
    category: text('category').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ name: 'base_sys_config_pk', columns: [t.category, t.key] })],
);

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
