// The files the chunked upload stored (DATA_DIR/files/<type>/<name>), with who uploaded them: a form record takes,
// as a new file of a file field, only one its saving user uploaded (knowing a stored name is no proof).
import { bigint, text } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

/** one merged upload */
export const fileUpload = pgTable('base_file_upload', {
  /** the stored name the merge answered */
  name: text('name').primaryKey(),
  /** the store it is in: 'annex' (documents) | 'annexpic' (pictures) */
  type: text('type').notNull(),
  uploaderUserId: text('uploader_user_id').notNull(),
  /** bytes */
  size: bigint('size', { mode: 'number' }).notNull(),
  creatorTime: ms('creator_time').notNull(),
});
