// Online development (在线开发): function designs, the released copy the runtime reads, and the records of every
// released form. Records of all designs share one table, their values in jsonb keyed by each field's __vModel__,
// so releasing a design never creates tables at run time.
import { index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

/** a function design (the draft the designer edits) */
export const visualDev = pgTable(
  'base_visual_dev',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** 1 function design (the only type built) */
    type: integer('type').notNull().default(1),
    /** 1 form only, 2 list and form */
    webType: integer('web_type').notNull().default(2),
    /** an item of the webDesign dictionary */
    category: text('category').notNull(),
    /** 0 not released, 1 released, 2 changed since its release */
    state: integer('state').notNull().default(0),
    /** formData and columnData JSON, as strings the way the reference stores them */
    formData: text('form_data').notNull(),
    columnData: text('column_data').notNull().default(''),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('base_visual_dev_code_uq').on(t.enCode),
    index('base_visual_dev_order_idx').on(t.type, t.sortCode, t.creatorTime.desc()),
  ],
);

/** the released copy of a design (same id): what the runtime configuration, validation and lists read */
export const visualRelease = pgTable('base_visual_release', {
  id: id(),
  fullName: text('full_name').notNull(),
  enCode: text('en_code').notNull(),
  webType: integer('web_type').notNull(),
  formData: text('form_data').notNull(),
  columnData: text('column_data').notNull(),
  releaseTime: ms('release_time').notNull(),
  releaseUserId: text('release_user_id'),
});

/** one record of a released form: raw values keyed by __vModel__ (system fields included) */
export const visualRecord = pgTable(
  'base_visual_record',
  {
    id: id(),
    modelId: text('model_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    ...auditColumns(),
  },
  (t) => [index('base_visual_record_model_idx').on(t.modelId, t.creatorTime.desc(), t.id)],
);
