// Running SQL on a data source: the platform's own database ("0"), or an outside PostgreSQL or MySQL/MariaDB
// through a pool per source (rebuilt when the source changes). Queries run in a READ ONLY transaction with a
// statement time limit; drivers' failures become refusals with a clear reason, the server keeps serving.
import pg from 'pg';
import mysql from 'mysql2/promise';
import type { AppContext } from '../../platform/context.js';
import { AppError, refuse } from '../../platform/errors.js';
import { m } from './messages.js';
import type { BindValue, Dialect } from './sqlText.js';

export const PLATFORM_SOURCE = '0';
export const STATEMENT_TIMEOUT_MS = 5_000;
export const CONNECT_TIMEOUT_MS = 5_000;

export interface SourceConfig {
  /** a key that changes when the source changes (id + version) */
  key: string;
  dbType: 'PostgreSQL' | 'MySQL';
  host: string;
  port: number;
  serviceName: string;
  userName: string;
  password: string;
  dbSchema: string | null;
  connectionLimit: number;
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  /** rows changed (writing statements) */
  rowCount: number;
}

export interface SqlRunner {
  dialect: Dialect;
  run(text: string, values: BindValue[], writing: boolean): Promise<QueryResult>;
}

/** a driver error as a refusal in the user's language: reason = what went wrong */
export function driverRefusal(err: unknown, connecting = false): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; errno?: number; message?: string };
  const code = String(e.code ?? '');
  if (code === '57014' || code === 'PROTOCOL_SEQUENCE_TIMEOUT' || e.errno === 1969 || e.errno === 3024)
    return refuse(m.sqlTimeout, { seconds: STATEMENT_TIMEOUT_MS / 1000 });
  if (code === '25006' || e.errno === 1792) return refuse(m.sensitiveWord, { words: 'read only' });
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR') return refuse(m.authFailed);
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR') return refuse(m.databaseMissing);
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET', 'EAI_AGAIN'];
  if (unreachable.includes(code) || /timeout|terminated unexpectedly/i.test(e.message ?? ''))
    return refuse(m.hostUnreachable);
  return refuse(connecting ? m.connectFailed : m.sqlFailed, { reason: String(e.message ?? err).slice(0, 300) });
}

// ------------------------------------------------------------------------------------------- the pools

interface Pooled {
  key: string;
  runner: SqlRunner;
  close(): Promise<void>;
}

const pools = new Map<string, Pooled>();

/** closes the pool of a source (changed or deleted) */
export async function dropPool(id: string) {
  const hit = pools.get(id);
  pools.delete(id);
  await hit?.close().catch(() => undefined);
}

export async function closeAllPools() {
  for (const id of [...pools.keys()]) await dropPool(id);
}

function pgRunner(cfg: SourceConfig): Pooled {
  const pool = new pg.Pool({
    host: cfg.host,
    port: cfg.port,
    database: cfg.serviceName,
    user: cfg.userName,
    password: cfg.password,
    max: cfg.connectionLimit,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => undefined);
  return {
    key: cfg.key,
    close: () => pool.end(),
    runner: {
      dialect: 'postgres',
      async run(text, values, writing) {
        const client = await pool.connect();
        try {
          await client.query(writing ? 'BEGIN' : 'BEGIN READ ONLY');
          await client.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
          if (cfg.dbSchema) await client.query(`SELECT set_config('search_path', $1, true)`, [cfg.dbSchema]);
          const res = await client.query(text, values);
          await client.query('COMMIT');
          return { rows: res.rows as Record<string, unknown>[], rowCount: res.rowCount ?? 0 };
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
    },
  };
}

function mysqlRunner(cfg: SourceConfig): Pooled {
  const pool = mysql.createPool({
    host: cfg.host,
    port: cfg.port,
    database: cfg.serviceName,
    user: cfg.userName,
    password: cfg.password,
    connectionLimit: cfg.connectionLimit,
    connectTimeout: CONNECT_TIMEOUT_MS,
    dateStrings: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
  });
  pool.on('connection', (c) => c.on('error', () => undefined));
  return {
    key: cfg.key,
    close: () => pool.end(),
    runner: {
      dialect: 'mysql',
      async run(text, values, writing) {
        const conn = await pool.getConnection();
        let broken = false;
        try {
          await conn.query(writing ? 'START TRANSACTION' : 'START TRANSACTION READ ONLY');
          const [result] = await conn.execute({ sql: text, timeout: STATEMENT_TIMEOUT_MS }, values);
          await conn.query('COMMIT');
          if (Array.isArray(result)) return { rows: result as Record<string, unknown>[], rowCount: result.length };
          return { rows: [], rowCount: (result as { affectedRows?: number }).affectedRows ?? 0 };
        } catch (err) {
          broken = (err as { code?: string }).code === 'PROTOCOL_SEQUENCE_TIMEOUT';
          if (!broken) await conn.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          // a connection whose statement timed out is closed with its statement rather than reused
          if (broken) conn.destroy();
          else conn.release();
        }
      },
    },
  };
}

function platformRunner(app: AppContext): SqlRunner {
  return {
    dialect: 'postgres',
    run: (text, values, writing) =>
      app.database.transaction(async (q) => {
        if (!writing) await q('SET TRANSACTION READ ONLY');
        await q(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
        // the plain query interface answers rows only: a write without RETURNING is counted through a CTE
        if (writing && !/\breturning\b/i.test(text)) {
          const [counted] = await q<{ n: number }>(
            `with jnpf_w as (${text} returning 1) select count(*)::int as n from jnpf_w`,
            values,
          );
          return { rows: [], rowCount: Number(counted?.n ?? 0) };
        }
        const rows = await q(text, values);
        return { rows, rowCount: rows.length };
      }),
  };
}

/** the runner of a source: "0" is the platform's database, else the pool of `cfg` */
export function runnerOf(app: AppContext, id: string, cfg: SourceConfig | null): SqlRunner {
  if (id === PLATFORM_SOURCE || !cfg) return platformRunner(app);
  const hit = pools.get(id);
  if (hit && hit.key === cfg.key) return hit.runner;
  if (hit) void dropPool(id);
  const made = cfg.dbType === 'MySQL' ? mysqlRunner(cfg) : pgRunner(cfg);
  pools.set(id, made);
  return made.runner;
}

/** connects once with `cfg` (nothing pooled) and runs a trivial query; throws the refusal on failure */
export async function testConnection(cfg: SourceConfig): Promise<void> {
  try {
    if (cfg.dbType === 'MySQL') {
      const conn = await mysql.createConnection({
        host: cfg.host,
        port: cfg.port,
        database: cfg.serviceName,
        user: cfg.userName,
        password: cfg.password,
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
      conn.on('error', () => undefined);
      try {
        await conn.query('SELECT 1');
      } finally {
        await conn.end().catch(() => undefined);
      }
    } else {
      const client = new pg.Client({
        host: cfg.host,
        port: cfg.port,
        database: cfg.serviceName,
        user: cfg.userName,
        password: cfg.password,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  } catch (err) {
    throw driverRefusal(err, true);
  }
}
