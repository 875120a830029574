// Reads and writes every administration module repeats: a row by id, the optimistic version check, an
// update, insert or delete recorded in the audit log in the same transaction, and telling a unique-index
// refusal from other errors.
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { writeAudit, type AuditActor } from './audit.js';
import { refuse } from './errors.js';
import type { MessageKey } from './i18n.js';
import { newId } from './ids.js';

/** a table with the shared id and version columns (columns.ts) */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** the row with this id; refuses with `key` when there is none */
export async function requireRow<T extends PgTable & { id: PgColumn }>(
  db: Db | Tx,
  table: T,
  id: string,
  key: MessageKey,
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)) as T['$inferSelect'][];
  if (!row) throw refuse(key);
  return row;
}

/**
 * Updates one row when its version is still the one the caller read (when the caller sent one), and
 * bumps the version. Missing row → "更新失败，数据不存在"; changed meanwhile → the version-conflict message.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: string,
  expectedVersion: number | null | undefined,
  values: Partial<T['$inferInsert']>,
  audit?: { actor: AuditActor; moduleName: string; action?: string },
): Promise<T['$inferSelect']> {
  const where: SQL[] = [eq(table.id, id)];
  if (expectedVersion != null) where.push(eq(table.version, expectedVersion));
  const [before] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
    .for('update')) as T['$inferSelect'][];
  if (!before) throw refuse('updateNotFound');
  const rows = (await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(and(...where))
    .returning()) as T['$inferSelect'][];
  const after = rows[0];
  if (!after) throw refuse('versionConflict');
  if (audit)
    await writeAudit(tx, audit.actor, {
      moduleName: audit.moduleName,
      action: audit.action ?? 'update',
      recordId: id,
      before,
      after,
    });
  return after;
}

/** inserts a row and records it */
export async function insertAudited<T extends PgTable>(
  tx: Tx,
  table: T,
  values: T['$inferInsert'],
  audit: { actor: AuditActor; moduleName: string; recordId: string; action?: string },
): Promise<void> {
  await tx.insert(table).values(values as never);
  await writeAudit(tx, audit.actor, {
    moduleName: audit.moduleName,
    action: audit.action ?? 'create',
    recordId: audit.recordId,
    after: values,
  });
}

/** deletes one row by id and records what it was; missing row → "删除失败，数据不存在" */
export async function deleteAudited<T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: string,
  audit: { actor: AuditActor; moduleName: string; action?: string },
): Promise<T['$inferSelect']> {
  const rows = (await tx.delete(table).where(eq(table.id, id)).returning()) as T['$inferSelect'][];
  const before = rows[0];
  if (!before) throw refuse('deleteNotFound');
  await writeAudit(tx, audit.actor, {
    moduleName: audit.moduleName,
    action: audit.action ?? 'delete',
    recordId: id,
    before,
  });
  return before;
}

/** a table that also has the shared state and modification columns */
export type StatefulTable = VersionedTable & {
  enabledMark: PgColumn;
  lastModifyTime: PgColumn;
  lastModifyUserId: PgColumn;
};

/**
 * Flips a row's enabledMark (1 becomes 0, anything else 1) and records it. The row is locked first, so `check`
 * sees it as it stays and may refuse. Missing row → "更新失败，数据不存在". Answers the row as it was.
 */
export async function toggleEnabled<T extends StatefulTable>(
  tx: Tx,
  table: T,
  id: string,
  audit: { actor: AuditActor; moduleName: string; action: string },
  check?: (row: T['$inferSelect']) => Promise<void>,
): Promise<T['$inferSelect']> {
  const [row] = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
    .for('update')) as T['$inferSelect'][];
  if (!row) throw refuse('updateNotFound');
  await check?.(row);
  const enabledMark = (row as { enabledMark: number }).enabledMark === 1 ? 0 : 1;
  const values = { enabledMark, lastModifyTime: Date.now(), lastModifyUserId: audit.actor.userId };
  await updateVersioned(tx, table, id, null, values as Partial<T['$inferInsert']>, audit);
  return row;
}

/** a stateful table whose rows have a name, a code and creator columns */
export type NamedTable = StatefulTable & {
  fullName: PgColumn;
  enCode: PgColumn;
  creatorTime: PgColumn;
  creatorUserId: PgColumn;
};

/**
 * The reference's names for a copy: "<name>.副本xxxxx" and "<code><separator>xxxxx", the same five random
 * characters in both; null when either would be longer than `max`.
 */
export function copyNames(
  source: { fullName: string; enCode: string },
  max: number,
  codeSeparator: '.' | '' = '.',
): { fullName: string; enCode: string } | null {
  const suffix = randomBytes(4).toString('hex').slice(0, 5);
  const fullName = `${source.fullName}.副本${suffix}`;
  const enCode = `${source.enCode}${codeSeparator}${suffix}`;
  return fullName.length > max || enCode.length > max ? null : { fullName, enCode };
}

/** a disabled copy of a row, under copyNames, recorded in the audit log; answers the new id */
export async function copyDisabled<T extends NamedTable>(
  tx: Tx,
  table: T,
  id: string,
  options: { max: number; notFound: MessageKey; tooLong: MessageKey; audit: Audit },
): Promise<string> {
  const current = (await requireRow(tx, table, id, options.notFound)) as Record<string, unknown> & {
    fullName: string;
    enCode: string;
  };
  const names = copyNames(current, options.max);
  if (!names) throw refuse(options.tooLong);
  const { id: _id, version: _version, lastModifyTime: _time, lastModifyUserId: _user, ...rest } = current;
  const copyId = newId();
  const row = {
    ...rest,
    ...names,
    id: copyId,
    enabledMark: 0,
    creatorTime: Date.now(),
    creatorUserId: options.audit.actor.userId,
  } as T['$inferInsert'];
  await insertAudited(tx, table, row, { ...options.audit, action: 'copy', recordId: copyId });
  return copyId;
}

type Audit = { actor: AuditActor; moduleName: string };

/**
 * Creates a row with a new id in one transaction: `prepare` checks the input (it may refuse) and answers the
 * values; the row gets its creator fields and an audit record. Answers the id.
 */
export async function createRow<T extends PgTable>(
  db: Db,
  table: T,
  audit: Audit,
  prepare: (tx: Tx) => Promise<Omit<T['$inferInsert'], 'id' | 'creatorTime' | 'creatorUserId'>>,
): Promise<string> {
  const id = newId();
  await db.transaction(async (tx) => {
    const values = await prepare(tx);
    const row = { ...values, id, creatorTime: Date.now(), creatorUserId: audit.actor.userId } as T['$inferInsert'];
    await insertAudited(tx, table, row, { ...audit, recordId: id });
  });
  return id;
}

/**
 * Updates a row in one transaction: `prepare` checks the input (it may refuse) and answers the values; the row
 * gets its modifier fields, the version the caller read (when sent) is checked, and the change is recorded.
 */
export async function updateRow<T extends VersionedTable>(
  db: Db,
  table: T,
  id: string,
  expectedVersion: number | null | undefined,
  audit: Audit,
  prepare: (tx: Tx) => Promise<Partial<T['$inferInsert']>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { ...(await prepare(tx)), lastModifyTime: Date.now(), lastModifyUserId: audit.actor.userId };
    await updateVersioned(tx, table, id, expectedVersion, values, audit);
  });
}

/** refuses a name ("nameExists") or a code ("codeExists") that another row of the table has */
export async function refuseTakenNameOrCode<T extends PgTable & { id: PgColumn; fullName: PgColumn; enCode: PgColumn }>(
  tx: Tx,
  table: T,
  values: { id?: string; fullName: string; enCode: string },
): Promise<void> {
  const rows = (await tx
    .select({ id: table.id, fullName: table.fullName, enCode: table.enCode })
    .from(table as PgTable)
    .where(or(eq(table.fullName, values.fullName), eq(table.enCode, values.enCode)))) as {
    id: string;
    fullName: string;
    enCode: string;
  }[];
  const others = rows.filter((r) => r.id !== values.id);
  if (others.some((r) => r.fullName === values.fullName)) throw refuse('nameExists');
  if (others.some((r) => r.enCode === values.enCode)) throw refuse('codeExists');
}

/**
 * runs a write; a unique index on `constraint` saying no (another request wrote the same value first) becomes
 * the refusal `key`, the answer the check before the write gives
 */
export async function refusingDuplicate<T>(constraint: string, key: MessageKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw refuse(key);
    throw err;
  }
}

/** a unique index said no: another request inserted the same value first */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (!constraint || name === constraint || String(message).includes(constraint))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
