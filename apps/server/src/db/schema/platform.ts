// The platform layer's tables: sessions, the audit log, the data migrations that have run, the system
// configuration, the scheduler's due jobs and files in transit.
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, ms } from './columns.js';

/** key/value configuration rows; values are strings as in the reference */
export const sysConfig = pgTable(
  'base_sys_config',
  {
    category: text('category').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ name: 'base_sys_config_pk', columns: [t.category, t.key] })],
);

export const session = pgTable(
  'base_session',
  {
    /** sha-256 of the token, hex; the token itself is never stored */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** 'pc' | 'app' (jnpf-origin) */
    origin: text('origin').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: ms('created_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    endedAt: ms('ended_at'),
    /** 'logout' | 'password' | 'kicked' | 'replaced' | 'disabled' */
    endReason: text('end_reason'),
  },
  (t) => [index('base_session_user_idx').on(t.userId)],
);

export const auditLog = pgTable(
  'base_audit_log',
  {
    id: id(),
    userId: text('user_id'),
    userName: text('user_name'),
    ip: text('ip'),
    requestId: text('request_id'),
    moduleName: text('module_name').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    creatorTime: ms('creator_time').notNull(),
  },
  (t) => [
    index('base_audit_log_record_idx').on(t.moduleName, t.recordId),
    index('base_audit_log_time_idx').on(t.creatorTime),
  ],
);

/** data migrations (seeds added by modules) that have run */
export const dataMigration = pgTable('base_data_migration', {
  name: text('name').primaryKey(),
  appliedAt: ms('applied_at').notNull(),
  checksum: integer('checksum'),
});

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

// Files in transit: an uploaded import file (only its uploader may read it back), and a generated file behind
// an unguessable, short-lived download link. Kept in the database so that every process can serve them.
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
    /** 'upload' | 'download' | 'pack' (the stored files a pack download zips) */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    content: bytea('content').notNull(),
    creatorTime: ms('creator_time').notNull(),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [index('base_transfer_file_expires_idx').on(t.expiresAt)],
);
