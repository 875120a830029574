// Schedules and their participants.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms } from './columns.js';

/** one occurrence of a schedule (日程); the occurrences of a repeating schedule share groupId */
export const schedule = pgTable(
  'base_schedule',
  {
    id: id(),
    groupId: text('group_id').notNull(),
    /** scheduleCategory dictionary enCode */
    category: text('category'),
    /** urgency: "1" 普通, "2" 重要, "3" 紧急 */
    urgent: text('urgent').notNull().default('1'),
    title: text('title').notNull(),
    content: text('content'),
    allDay: integer('all_day').notNull().default(0),
    /** the start and end instants of this occurrence */
    startDay: ms('start_day').notNull(),
    startTime: text('start_time').notNull(),
    endDay: ms('end_day').notNull(),
    endTime: text('end_time').notNull(),
    /** minutes; -1 = the end is given */
    duration: integer('duration').notNull().default(-1),
    color: text('color'),
    /** -2 none, -1 at the start, else minutes before (or 1..12 presets for all-day schedules) */
    reminderTime: integer('reminder_time').notNull().default(-2),
    reminderType: integer('reminder_type').notNull().default(1),
    send: text('send'),
    sendName: text('send_name'),
    /** "1" none, "2" daily, "3" weekly, "4" monthly, "5" yearly */
    repetition: text('repetition').notNull().default('1'),
    repeatTime: ms('repeat_time'),
    files: text('files'),
    ...auditColumns(),
  },
  (t) => [
    index('base_schedule_group_idx').on(t.groupId, t.startDay),
    index('base_schedule_creator_idx').on(t.creatorUserId, t.startDay),
    index('base_schedule_start_idx').on(t.startDay),
  ],
);

export const scheduleUser = pgTable(
  'base_schedule_user',
  {
    scheduleId: text('schedule_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_schedule_user_pk', columns: [t.scheduleId, t.userId] }),
    index('base_schedule_user_user_idx').on(t.userId),
  ],
);
