// What message templates and send configurations share: a code no other record of the table holds, a write
// in one transaction whose concurrent duplicate gets the check's refusal, the audited insert and update, a page
// with the names its rows show, and the disabled custom copy.
import type { Language } from '@jnpf/core';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import type { messageTemplate, sendConfig } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { insertAudited, updateVersioned } from '../../platform/crud.js';
import { refuse } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { pageOfRows, type PageQuery } from '../../platform/paging.js';
import { dictionaryNames } from '../dictionary/index.js';
import { displayName, peopleById } from '../message/index.js';
import { m } from './messages.js';

type RecordTable = typeof messageTemplate | typeof sendConfig;
type Insert<T extends RecordTable> = Omit<T['$inferInsert'], 'id' | 'creatorTime' | 'creatorUserId'>;

/** refuses a code another record of the table already holds */
export async function checkCodeFree(tx: Tx, table: RecordTable, enCode: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.enCode, enCode), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (clash) throw refuse('codeExists');
}

/** a concurrent duplicate caught by the unique index gets the same refusal as the check */
export async function uniquely<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
      if ((e as { code?: unknown }).code === '23505') throw refuse('codeExists');
    throw err;
  }
}

/** one transaction; a concurrent duplicate it writes is refused as the check would */
export const writeUniquely = (app: AppContext, write: (tx: Tx) => Promise<void>) =>
  uniquely(() => app.db.transaction(write));

/** inserts a record under `id` with its creation fields, audited under `moduleName` */
export async function insertRecord<T extends RecordTable>(
  tx: Tx,
  table: T,
  audit: { actor: AuditActor; moduleName: string; recordId: string; action?: string },
  values: Insert<T>,
) {
  const row = { ...values, id: audit.recordId, creatorTime: Date.now(), creatorUserId: audit.actor.userId };
  await insertAudited(tx, table, row as T['$inferInsert'], audit);
}

/** updates a record the caller read at `version` with its modification fields, audited under `moduleName` */
export async function updateRecord<T extends RecordTable>(
  tx: Tx,
  table: T,
  audit: { actor: AuditActor; moduleName: string },
  id: string,
  version: number | null | undefined,
  values: Insert<T>,
) {
  const row = { ...values, lastModifyTime: Date.now(), lastModifyUserId: audit.actor.userId };
  await updateVersioned(tx, table, id, version, row as Partial<T['$inferInsert']>, audit);
}

/**
 * one page of the table's records matching `where`, with what their list rows show by name: message sources,
 * send channels (the msgSourceType and msgSendType dictionaries, seeded items in the caller's language) and the
 * creators
 */
export async function pageWithNames<T extends RecordTable>(
  app: AppContext,
  table: T,
  where: SQL | undefined,
  q: Pick<PageQuery, 'currentPage' | 'pageSize'>,
  lang: Language = 'zh',
) {
  const [{ rows, pagination }, sources, types] = await Promise.all([
    pageOfRows(app.db, table, where, q),
    dictionaryNames(app.db, 'msgSourceType', lang),
    dictionaryNames(app.db, 'msgSendType', lang),
  ]);
  const people = await peopleById(
    app.db,
    rows.map((r) => r.creatorUserId),
  );
  const creatorOf = (r: { creatorUserId: string | null }) => displayName(people.get(r.creatorUserId ?? ''), lang);
  return { rows: rows as T['$inferSelect'][], pagination, sources, types, creatorOf };
}

/**
 * copies a record as a disabled custom one: name + ".副本" + five digits, code + the same digits without the
 * system records' mark; `values` adds what the copy changes besides, `after` copies its child rows
 */
export async function copyRecord<T extends RecordTable>(
  app: AppContext,
  actor: AuditActor,
  spec: {
    table: T;
    moduleName: string;
    id: string;
    systemCodeMark: string;
    values?: (source: T['$inferSelect']) => Partial<Insert<T>>;
    after?: (tx: Tx, copyId: string) => Promise<void>;
  },
): Promise<string> {
  const { table } = spec;
  const [source] = (await app.db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, spec.id))
    .limit(1)) as T['$inferSelect'][];
  if (!source) throw refuse('notFound');
  const suffix = String(Date.now()).slice(-5);
  const fullName = `${source.fullName}.副本${suffix}`;
  const enCode = `${source.enCode}${suffix}`.replace(new RegExp(spec.systemCodeMark, 'gi'), '');
  if (fullName.length > 100 || enCode.length > 100) throw refuse(m.copyTooLong);
  const copyId = newId();
  await writeUniquely(app, async (tx) => {
    await checkCodeFree(tx, table, enCode);
    const { id: _id, version: _v, lastModifyTime: _t, lastModifyUserId: _u, ...rest } = source;
    const copy = {
      ...rest,
      fullName,
      enCode,
      templateType: '0',
      enabledMark: 0,
      ...spec.values?.(source),
    } as Insert<T>;
    await insertRecord(tx, table, { actor, moduleName: spec.moduleName, recordId: copyId, action: 'copy' }, copy);
    await spec.after?.(tx, copyId);
  });
  return copyId;
}
