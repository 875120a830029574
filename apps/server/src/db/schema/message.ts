// In-site messages and chat.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, ms } from './columns.js';

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
