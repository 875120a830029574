// The signatures a user draws for themself.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ms } from './columns.js';

export const userSignImg = pgTable(
  'base_user_sign_img',
  {
    id: id(),
    userId: text('user_id').notNull(),
    /** data URL of the drawn signature (PNG) */
    signImg: text('sign_img').notNull(),
    isDefault: integer('is_default').notNull().default(0),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [index('base_user_sign_img_user_idx').on(t.userId)],
);
