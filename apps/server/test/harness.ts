// Starts a real server on a free port over a copy of the prepared database, and talks to it over HTTP.
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { expect, inject } from 'vitest';
import { encryptLoginPassword, type ApiResult } from '@jnpf/core';
import type { Config } from '../src/config.js';
import type { PlatformModule } from '../src/platform/module.js';
import { startPlatform, type Platform } from '../src/server.js';
import { testConfig } from './config.js';
import { withDatabase } from './globalSetup.js';
import { cloneDatabase, dropDatabase } from './pg.js';

export { unique } from './kit/unique.js';

export interface TestServer {
  platform: Platform;
  baseUrl: string;
  config: Config;
  /** the client address calls come from (X-Forwarded-For): each server its own rate-limit bucket */
  clientIp: string;
  close(): Promise<void>;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  extraModules: PlatformModule[] = [],
): Promise<TestServer> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  let databaseName: string | null = null;
  let config: Config;
  let platform: Platform;
  const redisUrl = process.env.TEST_REDIS_URL || undefined;
  // each test server has its own corner of the shared Redis, so one file's rate limits do not reach another
  const redisPrefix = `jnpf-test:${randomBytes(4).toString('hex')}:`;
  if (url && template) {
    databaseName = await cloneDatabase(url, template);
    config = testConfig({
      databaseUrl: withDatabase(url, databaseName),
      databasePoolSize: 5,
      redisUrl,
      redisPrefix,
      ...overrides,
    });
    platform = await startPlatform(config, { logger: false, extraModules });
  } else {
    config = testConfig({ redisUrl, redisPrefix, ...overrides });
    const image = new Blob([fs.readFileSync(inject('pgliteImage'))]);
    platform = await startPlatform(config, { logger: false, loadDataDir: image, memory: true, extraModules });
  }
  return {
    platform,
    baseUrl: await listen(platform),
    config,
    clientIp: randomClientIp(),
    async close() {
      await platform.close();
      if (url && databaseName) await dropDatabase(url, databaseName);
    },
  };
}

/**
 * The harness drops the PostgreSQL database right after closing the server, while the pool's sockets may still be
 * closing; the pool has no error listener (reported as a platform issue), so the forced disconnect would surface as
 * an uncaught error. Called just before close() where that happens: errors during the tests still show.
 */
export function quietPoolAtTeardown(target: TestServer) {
  if (target.platform.database.kind !== 'postgres') return;
  const pool = (
    target.platform.context.db as unknown as { $client?: { on?(event: 'error', listener: () => void): unknown } }
  ).$client;
  pool?.on?.('error', () => undefined);
}

/** listens on a free local port; answers the base URL */
async function listen(platform: Platform): Promise<string> {
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** a second server over the same PostgreSQL database (and Redis, when given): another "process" */
export async function startPeerServer(first: TestServer): Promise<TestServer> {
  if (!first.config.databaseUrl) throw new Error('a peer server needs PostgreSQL');
  const platform = await startPlatform(first.config, { logger: false });
  return {
    platform,
    baseUrl: await listen(platform),
    config: first.config,
    clientIp: first.clientIp,
    close: () => platform.close(),
  };
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number>;
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** the client address (X-Forwarded-For); the server's own test address unless given */
  ip?: string;
}

/** the envelope of a call with the HTTP status and headers */
export type Reply<T> = ApiResult<T> & { status: number; headers: Headers };

const randomClientIp = () => `10.${randomBytes(3).join('.')}`;

/**
 * Fresh client addresses, a new one at each call, for files whose calls would otherwise share the rate limits
 * of one address (sign-in allows 20 a minute).
 */
export function addressSequence(): () => string {
  const [a, b] = [randomInt(1, 255), randomInt(0, 200)];
  let count = 0;
  return () => {
    count++;
    return `10.${a}.${b + Math.floor(count / 250)}.${(count % 250) + 1}`;
  };
}

/** one HTTP call that answers JSON; returns the envelope with the status and headers (use fetch for files) */
export async function call<T = unknown>(
  server: TestServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const url = new URL(path, server.baseUrl);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    'jnpf-origin': 'pc',
    'x-forwarded-for': options.ip ?? server.clientIp,
    ...(options.headers ?? {}),
  };
  if (options.token) headers.authorization = options.token;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  const parsed = JSON.parse(text) as ApiResult<T>;
  return { ...parsed, status: res.status, headers: res.headers };
}

/** calls of one user (anonymous without a token) to one server; `ip` gives each call its client address */
export interface Client {
  <T = unknown>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  get<T = unknown>(path: string, options?: CallOptions): Promise<Reply<T>>;
  post<T = unknown>(path: string, json?: unknown, options?: CallOptions): Promise<Reply<T>>;
  put<T = unknown>(path: string, json?: unknown, options?: CallOptions): Promise<Reply<T>>;
  delete<T = unknown>(path: string, options?: CallOptions): Promise<Reply<T>>;
  /** POSTs a new record and returns what the server answers (its id), failing the test unless it is 200 */
  create<T = string>(path: string, json: unknown): Promise<T>;
}

export function client(server: TestServer, token?: string, defaults: { ip?: () => string } = {}): Client {
  const send = <T = unknown>(method: string, path: string, options: CallOptions = {}) =>
    call<T>(server, method, path, { token, ...(defaults.ip ? { ip: defaults.ip() } : {}), ...options });
  const withBody = (json: unknown, options: CallOptions = {}) => (json === undefined ? options : { json, ...options });
  return Object.assign(send, {
    get: <T = unknown>(path: string, options?: CallOptions) => send<T>('GET', path, options),
    post: <T = unknown>(path: string, json?: unknown, options?: CallOptions) =>
      send<T>('POST', path, withBody(json, options)),
    put: <T = unknown>(path: string, json?: unknown, options?: CallOptions) =>
      send<T>('PUT', path, withBody(json, options)),
    delete: <T = unknown>(path: string, options?: CallOptions) => send<T>('DELETE', path, options),
    async create<T = string>(path: string, json: unknown) {
      const res = await send<T>('POST', path, { json });
      expect(res.code, `POST ${path}: ${res.msg}`).toBe(200);
      return res.data as T;
    },
  });
}

/** signs in with the password form (the administrator unless told otherwise) and returns the token */
export async function signIn(
  server: TestServer,
  account = 'admin',
  password = '123456',
  options: Pick<CallOptions, 'ip' | 'headers'> = {},
): Promise<string> {
  const res = await call<{ token: string }>(server, 'POST', '/api/oauth/Login', {
    ...options,
    form: passwordForm(server, account, password),
  });
  if (res.code !== 200 || !res.data) throw new Error(`sign-in failed: ${res.code} ${res.msg}`);
  return res.data.token;
}

/** the sign-in form as the web client sends it, the password encrypted with the server's key */
export function passwordForm(server: TestServer, account: string, password: string): Record<string, string> {
  return {
    account,
    password: encryptLoginPassword(password, server.config.cipherKey),
    code: '',
    timestamp: '',
    origin: 'password',
    grant_type: 'password',
    jnpf_ticket: '',
  };
}
