// Messaging: notices, in-site messages, chat, message templates and send configurations, schedules, and the
// scheduler's due jobs (reminders).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

/** system notices (系统公告): drafts until released, then copied into each recipient's messages */
export const notice = pgTable(
  'base_notice',
  {
    id: id(),
    title: text('title').notNull(),
    /** sanitised HTML */
    bodyText: text('body_text'),
    excerpt: text('excerpt'),
    /** NoticeType dictionary enCode */
    category: text('category'),
    coverImage: text('cover_image'),
    /** JSON string of attachments, as the client sends it */
    files: text('files'),
    /** comma-joined recipients ("id" or "id--type"); empty = everyone */
    toUserIds: text('to_user_ids'),
    expirationTime: ms('expiration_time'),
    remindCategory: integer('remind_category'),
    sendConfigId: text('send_config_id'),
    /** 0 draft, 1 released (2 "expired" is computed from expirationTime) */
    enabledMark: integer('enabled_mark').notNull().default(0),
    releaseTime: ms('release_time'),
    releaseUserId: text('release_user_id'),
    ...auditColumns(),
  },
  (t) => [index('base_notice_creator_time_idx').on(t.creatorTime.desc())],
);

/**
 * One in-site message of one user (站内消息). type: 1 system, 2 flow, 3 notice, 4 schedule (dictionary
 * msgSourceType). bodyText: for notices the released notice as JSON, for schedules {type, groupId, id}.
 */
export const messageReceive = pgTable(
  'base_message_receive',
  {
    id: id(),
    userId: text('user_id').notNull(),
    type: integer('type').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt'),
    bodyText: text('body_text'),
    /** flow messages: 1 normal, 2 entrust */
    flowType: integer('flow_type'),
    /** the notice, schedule or flow record it came from */
    sourceId: text('source_id'),
    isRead: integer('is_read').notNull().default(0),
    readTime: ms('read_time'),
    /** the sender (release user) */
    creatorUserId: text('creator_user_id'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_message_receive_user_idx').on(t.userId, t.creatorTime.desc()),
    index('base_message_receive_unread_idx').on(t.userId, t.isRead, t.type),
  ],
);

/** chat messages; each side may clear its own copy of the history */
export const imContent = pgTable(
  'base_im_content',
  {
    id: id(),
    sendUserId: text('send_user_id').notNull(),
    receiveUserId: text('receive_user_id').notNull(),
    /** text (HTML-escaped), or for image / voice a JSON string {path, width, height} / {path, length} */
    content: text('content').notNull(),
    /** text | image | voice */
    contentType: text('content_type').notNull(),
    sendTime: ms('send_time').notNull(),
    receiveTime: ms('receive_time'),
    /** 0 unread, 1 read */
    state: integer('state').notNull().default(0),
    deletedBySender: integer('deleted_by_sender').notNull().default(0),
    deletedByReceiver: integer('deleted_by_receiver').notNull().default(0),
  },
  (t) => [
    index('base_im_content_pair_idx').on(t.sendUserId, t.receiveUserId, t.sendTime),
    index('base_im_content_unread_idx').on(t.receiveUserId, t.state),
  ],
);

/** a user's recent conversation with another user (the chat drawer's Messages tab) */
export const imConversation = pgTable(
  'base_im_conversation',
  {
    ownerUserId: text('owner_user_id').notNull(),
    peerUserId: text('peer_user_id').notNull(),
    latestTime: ms('latest_time').notNull(),
    /** removed from the owner's list until the next message between the two */
    hidden: integer('hidden').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'base_im_conversation_pk', columns: [t.ownerUserId, t.peerUserId] }),
    index('base_im_conversation_owner_idx').on(t.ownerUserId, t.latestTime.desc()),
  ],
);

export interface TemplateParam {
  id: string;
  field: string;
  fieldName: string;
}

export interface SmsField {
  id: string;
  fieldId: string;
  smsField: string;
  field: string;
  isTitle: number;
}

/** message templates (消息模板) */
export const messageTemplate = pgTable(
  'base_message_template',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** "1" system, "0" custom */
    templateType: text('template_type').notNull().default('0'),
    /** msgSourceType enCode */
    messageSource: text('message_source').notNull(),
    /** msgSendType enCode: "1" in-site, "2" mail, "3" SMS, ... "7" WeChat official account */
    messageType: text('message_type').notNull(),
    title: text('title'),
    content: text('content'),
    templateCode: text('template_code'),
    /** "1" mini program, "2" page */
    wxSkip: text('wx_skip'),
    xcxAppId: text('xcx_app_id'),
    templateParams: jsonb('template_params').$type<TemplateParam[]>().notNull().default([]),
    smsFields: jsonb('sms_fields').$type<SmsField[]>().notNull().default([]),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_message_template_code_uq').on(t.enCode)],
);

/** message send configurations (消息发送配置): which templates a business event sends through */
export const sendConfig = pgTable(
  'base_send_config',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    templateType: text('template_type').notNull().default('0'),
    messageSource: text('message_source'),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_send_config_code_uq').on(t.enCode)],
);

export const sendConfigTemplate = pgTable(
  'base_send_config_template',
  {
    id: id(),
    sendConfigId: text('send_config_id').notNull(),
    messageType: text('message_type').notNull(),
    templateId: text('template_id').notNull(),
    accountConfigId: text('account_config_id'),
    ...orderedState(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_send_config_template_config_idx').on(t.sendConfigId),
    index('base_send_config_template_template_idx').on(t.templateId),
  ],
);

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

/**
 * Due work of the scheduler (platform/scheduler.ts): fired once, by whichever process claims it first, in
 * the same transaction as its effects.
 */
export const scheduledJob = pgTable(
  'base_scheduled_job',
  {
    id: id(),
    /** the handler's name, e.g. "schedule.remind" */
    kind: text('kind').notNull(),
    /** lets the owner find and cancel its jobs, e.g. "schedule:<id>" */
    jobKey: text('job_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: ms('due_at').notNull(),
    claimedBy: text('claimed_by'),
    claimedAt: ms('claimed_at'),
    doneAt: ms('done_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_scheduled_job_due_idx')
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index('base_scheduled_job_key_idx').on(t.jobKey),
  ],
);
