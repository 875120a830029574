// Print templates (打印模板) and their print log: a template fills HTML with the data of one record, taken
// from a released online form or from SQL over a data source.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const printTemplate = pgTable(
  'base_print_template',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull().unique('base_print_template_code_uq'),
    /** the printDev dictionary item's enCode */
    category: text('category').notNull(),
    /** 1 流程表单, 2 功能表单 */
    type: integer('type').notNull().default(2),
    /** 1 SQL over a data source (sqlTemplate), 2 a released online form (formModelId) */
    sourceType: integer('source_type').notNull().default(1),
    /** the data source of the SQL: "0" is the platform's database */
    dbLinkId: text('db_link_id').notNull().default('0'),
    /** JSON text [{sql}]: the main record (@formId), then the child lists T1, T2… */
    sqlTemplate: text('sql_template'),
    /** the released online form the data comes from (sourceType 2) */
    formModelId: text('form_model_id'),
    leftFields: text('left_fields'),
    printTemplate: text('print_template'),
    /** JSON text {type, width, height, mt, mb, ml, mr, direction} */
    pageParam: text('page_param'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [index('base_print_template_category_idx').on(t.category)],
);

export const printLog = pgTable(
  'base_print_log',
  {
    id: id(),
    /** the template printed with */
    printId: text('print_id').notNull(),
    printTitle: text('print_title'),
    /** how many pages (records) were printed */
    printNum: integer('print_num').notNull().default(1),
    /** the records printed, comma-joined */
    formIds: text('form_ids'),
    creatorTime: ms('creator_time').notNull(),
    creatorUserId: text('creator_user_id'),
  },
  (t) => [index('base_print_log_print_idx').on(t.printId, t.creatorTime)],
);
