// System notices.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms } from './columns.js';

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
