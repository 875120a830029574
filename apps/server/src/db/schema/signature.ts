// Electronic seals (电子签章): a named image and the users allowed to sign with it.
import { index, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { auditColumns, id, ms, orderedState } from './columns.js';

export const signature = pgTable(
  'base_signature',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    /** image data URL, or the path or address of an uploaded image */
    icon: text('icon').notNull(),
    ...orderedState(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('base_signature_name_uq').on(t.fullName), uniqueIndex('base_signature_code_uq').on(t.enCode)],
);

/** who may use a seal */
export const signatureUser = pgTable(
  'base_signature_user',
  {
    signatureId: text('signature_id').notNull(),
    userId: text('user_id').notNull(),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    primaryKey({ name: 'base_signature_user_pk', columns: [t.signatureId, t.userId] }),
    index('base_signature_user_user_idx').on(t.userId),
  ],
);
