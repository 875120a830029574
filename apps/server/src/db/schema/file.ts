// The files uploads stored (DATA_DIR/files/<type>/<name>), with who uploaded them. A form record takes, as a new
// file of a file field, only one its saving user uploaded (knowing a stored name is no proof); the per-user
// quota sums these sizes; the periodic sweep removes the ones nothing holds once their grace period is over.
// Who may read a file is decided by what holds it (modules/file/holders.ts), not by this table.
import { bigint, index, text } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

/** one stored upload */
export const fileUpload = pgTable(
  'base_file_upload',
  {
    /** the stored name the upload answered */
    name: text('name').primaryKey(),
    /** the store (folder) it is in: 'annex' | 'annexpic' (form fields), 'notice', 'schedule', 'IM' */
    type: text('type').notNull(),
    uploaderUserId: text('uploader_user_id').notNull(),
    /** bytes */
    size: bigint('size', { mode: 'number' }).notNull(),
    creatorTime: ms('creator_time').notNull(),
    /** when the sweep last found it held (null: not yet looked at); a held file is looked at again a day later */
    checkedTime: ms('checked_time'),
  },
  (t) => [
    index('base_file_upload_uploader_idx').on(t.uploaderUserId),
    index('base_file_upload_time_idx').on(t.creatorTime),
  ],
);
