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
  // the list's default order, newest first (creatorTime desc nulls last, id desc), read from the index
  (t) => [index('base_visual_record_model_idx').on(t.modelId, t.creatorTime.desc(), t.id.desc())],
);

/**
 * The public links of a design (表单外链, same id as the design): a form anyone with the link may fill in, and a
 * list anyone with the link may search, each optionally behind a password. A link carries `linkKey`, so a new
 * key (regenerating the links) ends every link handed out before. Passwords are kept as scrypt hashes of their
 * md5 (what the reference client sends), never as text.
 */
export const visualShortLink = pgTable('base_visual_short_link', {
  id: id(),
  linkKey: text('link_key').notNull(),
  formUse: integer('form_use').notNull().default(0),
  formPassUse: integer('form_pass_use').notNull().default(0),
  formPasswordHash: text('form_password_hash'),
  formPasswordSalt: text('form_password_salt'),
  columnUse: integer('column_use').notNull().default(0),
  columnPassUse: integer('column_pass_use').notNull().default(0),
  columnPasswordHash: text('column_password_hash'),
  columnPasswordSalt: text('column_password_salt'),
  /** the props the public list may be searched by, in order */
  columnCondition: jsonb('column_condition').$type<string[]>().notNull().default([]),
  /** the props the public list (and a record opened from it) shows, in order */
  columnText: jsonb('column_text').$type<string[]>().notNull().default([]),
  ...auditColumns(),
});
