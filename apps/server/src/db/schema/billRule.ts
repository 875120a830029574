// Number rules (单据规则) and their running counters.
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const billRule = pgTable(
  'base_bill_rule',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    /** the business code forms ask numbers by */
    enCode: text('en_code').notNull(),
    /** id of an item of the businessType dictionary */
    category: text('category').notNull(),
    prefix: text('prefix').notNull().default(''),
    suffix: text('suffix').notNull().default(''),
    /** 1 date + running number, 2 random, 3 UUID */
    type: integer('type').notNull().default(1),
    /** type 1: YYYY … YYYYMMDDHHmmssSSS or "no" (the Java spellings yyyyMMdd … are kept as sent) */
    dateFormat: text('date_format'),
    /** type 1: width of the running number */
    digit: integer('digit'),
    /** type 1: first running number, zero-padded to digit */
    startNumber: text('start_number'),
    /** what a number looks like, computed on save */
    example: text('example'),
    /** type 2: 1 digits, 2 letters and digits */
    randomType: integer('random_type'),
    /** type 2: 16 or 32 */
    randomDigit: integer('random_digit'),
    /** the last number handed out; a rule that handed out numbers cannot be deleted */
    outputNumber: text('output_number'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('base_bill_rule_code_uq').on(t.enCode),
    uniqueIndex('base_bill_rule_name_uq').on(t.fullName),
    index('base_bill_rule_category_idx').on(t.category),
  ],
);

/**
 * The running number of a rule within one period of its date format (the formatted date: "202406" for YYYYMM,
 * "" for "no"). Incremented in one statement (insert … on conflict do update … returning), so every number is
 * handed out once whatever the number of processes.
 */
export const billRuleCounter = pgTable(
  'base_bill_rule_counter',
  {
    ruleId: text('rule_id').notNull(),
    period: text('period').notNull(),
    /** 0 for the first number of the period */
    value: bigint('value', { mode: 'number' }).notNull(),
    lastIssuedAt: ms('last_issued_at').notNull(),
  },
  (t) => [primaryKey({ name: 'base_bill_rule_counter_pk', columns: [t.ruleId, t.period] })],
);
