// One database handle for both engines: PGlite in process (default) or a PostgreSQL pool (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir, type DataDirLock } from './dataDirLock.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** plain parameterised query, for migrations and the rare statement Drizzle cannot express */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** runs statements in one transaction on one connection */
  transaction<T>(fn: (query: Database['query']) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start from a prepared image) */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from a dumped data directory (tests) */
  loadDataDir?: Blob;
  /** PGlite only: in memory, nothing on disk */
  memory?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns come back as numbers: our timestamps are epoch milliseconds, well inside 2^53
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // an idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL pool: ${err.message}`);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  const query: Database['query'] = async (text, params) => (await pool.query(text, params)).rows;
  return {
    kind: 'postgres',
    db,
    query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(async (text, params) => (await client.query(text, params)).rows);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  let lock: DataDirLock | undefined;
  if (!options.memory) {
    // taken before PGlite touches a file: a second process on the directory stops here
    lock = await lockDataDir(options.dataDir ?? './data');
    dataDir = path.join(lock.dir, 'pgdata');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [types.INT8]: (v: string) => Number(v) },
    });
  } catch (err) {
    await lock?.release();
    throw err;
  }
  turnBeforeEachStatement(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  const query: Database['query'] = async (text, params) =>
    (await client.query<Record<string, unknown>>(text, params)).rows as never;
  return {
    kind: 'pglite',
    db,
    query,
    transaction: (fn) =>
      client.transaction(async (tx) =>
        fn(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows as never),
      ),
    async close() {
      await client.close();
      await lock?.release();
    },
    dump: async () => client.dumpDataDir('none'),
  };
}

/**
 * PGlite runs a statement synchronously on this thread and hands on through promises only, so without this a
 * call's statements, one after another, all ran before the event loop read another socket: under load the next
 * calls waited unseen in the kernel's buffers, out of reach of the admission gate's arrival order and longest
 * wait. Each statement (or transaction) outside a transaction now first lets the loop turn once, so calls that
 * arrived meanwhile are read and queued at the gate. Statements inside a transaction do not wait: it holds the
 * engine until it ends.
 */
export function turnBeforeEachStatement(client: Pick<PGliteClient, 'query' | 'exec' | 'transaction'>): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const { query, exec, transaction } = client;
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query.apply(client, args);
  }) as typeof query;
  client.exec = (async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec.apply(client, args);
  }) as typeof exec;
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction.apply(client, args);
  }) as typeof transaction;
}
