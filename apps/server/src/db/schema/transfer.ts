// Files in transit: an uploaded import file (only its uploader may read it back), and a generated file behind
// an unguessable, short-lived download link. Kept in the database so that every process can serve them.
import { customType, index, text } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { ms } from './columns.js';

/** raw bytes; PGlite returns Uint8Array, pg returns Buffer: both are Uint8Array */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** a short-lived file: an uploaded import sheet, or a generated sheet waiting to be downloaded */
export const transferFile = pgTable(
  'base_transfer_file',
  {
    /** upload: the stored name returned to the client; download: sha-256 of the one-time link's ticket */
    id: text('id').primaryKey(),
    /** who uploaded it or asked for it */
    userId: text('user_id').notNull(),
    /** 'upload' | 'download' */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    creatorTime: ms('creator_time').notNull(),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [index('base_transfer_file_expires_idx').on(t.expiresAt)],
);
