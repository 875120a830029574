// Starts one built server (node apps/server/dist/main.js) per test worker, each on a free port with a fresh
// temporary DATA_DIR (and a fresh PostgreSQL database and its own Redis prefix with E2E_DATABASE_URL and
// E2E_REDIS_URL) and LOG_LEVEL=warn, waits until they answer, hands their addresses to the tests (see
// support/server.ts: a test file uses the server of the worker it runs in, so files that switch server-wide
// settings never meet), and stops them and removes their data afterwards. The servers serve the built web app
// from apps/web/dist.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN, signIn } from './session';

export interface E2eServer {
  baseUrl: string;
  /** One administrator session per server for the whole run (sign-ins are rate-limited per account). */
  adminToken: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: a file running in worker VITEST_POOL_ID n uses servers[n - 1]. */
    servers: E2eServer[];
  }
}

const repoRoot = path.resolve(decodeURIComponent(new URL('../../../..', import.meta.url).pathname));
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
// E2E_WEB_DIST: another build of the web app (vite build --outDir …), so parallel work need not share dist
const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.join(repoRoot, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
// a fresh database is migrated and seeded at start: minutes on a busy machine starting two at once
const START_TIMEOUT_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/oauth/getLoginConfig`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server), the server runs on a fresh database made beside the one named
 * there and dropped afterwards; otherwise on PGlite in the temporary DATA_DIR.
 */
async function serverDatabase(index: number): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) return null;
  const { default: pg } = await import('pg');
  const name = `jnpf_e2e_${process.pid}_${Date.now()}_${index}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

export interface Running {
  server: E2eServer;
  stop(): Promise<void>;
}

/**
 * Starts one server with its own data directory, port, database and Redis prefix; signs the administrator in.
 * Also used by a test that needs a fresh instance of its own (an index no worker uses keeps its Redis apart),
 * with `env` added to the server's environment (a maps service, say).
 */
export async function startServer(index: number, env: Record<string, string> = {}): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-e2e-'));
  const database = await serverDatabase(index);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: process.env.E2E_REDIS_URL ?? '',
      REDIS_PREFIX: `jnpf-e2e:${process.pid}:${index}:`,
      WEB_DIST: webDist,
      // the browser's calls wait their turn on a loaded test machine rather than being turned away busy
      ADMISSION_WAIT_MS: '30000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const cleanUp = async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    await waitUntilReady(baseUrl, child, () => log);
    const adminToken = await signIn(baseUrl, ADMIN.account, ADMIN.password);
    return {
      server: { baseUrl, adminToken },
      async stop() {
        await cleanUp();
        if (process.env.E2E_SERVER_LOG) console.log(`server ${index + 1} (${baseUrl}):\n${log}`);
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  for (const [file, hint] of [
    [serverMain, 'npm run build -w @jnpf/core && npm run build -w @jnpf/server'],
    [webIndex, 'npm run build -w @jnpf/web'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: run ${hint} first`);
  }
  // maxWorkers is 1 with --no-file-parallelism or --maxWorkers=1: one server then, as before
  const workers = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, index) => startServer(index)));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(running.map((item) => item.stop())).then(() => undefined);
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  project.provide(
    'servers',
    running.map((item) => item.server),
  );
  return stopAll;
}
