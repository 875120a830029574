// Writes every administration module repeats: the optimistic version check, an update, insert or delete
// recorded in the audit log in the same transaction, and telling a unique-index refusal from other errors.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { writeAudit, type AuditActor } from './audit.js';
import { refuse } from './errors.js';

/** a table with the shared id and version columns (columns.ts) */
export type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

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

/** a unique index said no: another request inserted the same value first */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (!constraint || name === constraint || String(message).includes(constraint))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
