// Column groups every business table shares: who and when (epoch milliseconds), soft order and state.
import { bigint, integer, text } from 'drizzle-orm/pg-core';

export const id = () => text('id').primaryKey();
export const ms = (name: string) => bigint(name, { mode: 'number' });

export const auditColumns = () => ({
  creatorTime: ms('creator_time').notNull(),
  creatorUserId: text('creator_user_id'),
  lastModifyTime: ms('last_modify_time'),
  lastModifyUserId: text('last_modify_user_id'),
  /** optimistic concurrency: every update increments it */
  version: integer('version').notNull().default(0),
});

export const orderedState = () => ({
  sortCode: bigint('sort_code', { mode: 'number' }).notNull().default(0),
  enabledMark: integer('enabled_mark').notNull().default(1),
  description: text('description'),
});
