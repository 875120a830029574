// The login log: every sign-in, successful or not.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ms } from './columns.js';

export const loginLog = pgTable(
  'base_login_log',
  {
    id: id(),
    userId: text('user_id'),
    account: text('account').notNull(),
    userName: text('user_name'),
    ip: text('ip').notNull(),
    ipAddressName: text('ip_address_name'),
    userAgent: text('user_agent'),
    browser: text('browser'),
    platform: text('platform'),
    /** 1 success, 0 failure */
    success: integer('success').notNull(),
    abstracts: text('abstracts'),
    requestId: text('request_id'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [index('base_login_log_user_idx').on(t.userId, t.creatorTime)],
);
