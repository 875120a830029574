// What the benchmark parts share: starting and stopping the built server, fresh databases (PGlite in a temporary
// folder, PostgreSQL as a new database beside BENCH_DATABASE_URL), sign-in, API calls, autocannon, seeding a
// large organisation in a child process, a client timing each call to the microsecond, percentiles and tables.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encryptLoginPassword } from '@jnpf/core';

const here = path.dirname(new URL(import.meta.url).pathname);
export const mainJs = path.resolve(here, '../dist/main.js');
const seedJs = path.resolve(here, 'seedLarge.mjs');
const barePath = path.resolve(here, 'bare.mjs');

/** a number from the environment, or the fallback when unset or blank */
export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not "${raw}"`);
  return n;
}

/** a part runs unless its variable is "0" */
export const partEnabled = (name) => process.env[name] !== '0';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`server did not start: ${url}`);
}

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

/** autocannon on one address; `request` may add { method, body } (a JSON body sets the content type) */
export function cannon(url, headers, { connections, duration }, request = {}) {
  const { method = 'GET', body } = request;
  const sent = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: sent, method, body }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

/**
 * `connections` clients, each sending GET `url` one call after another for `duration` seconds over kept-alive
 * sockets, timing every call to the microsecond (autocannon's percentiles are whole milliseconds, too coarse for
 * pages answered in about 1 ms). Answers req/s and mean, p50 and p99 in fractional milliseconds.
 */
export async function timedLoad(url, headers, { connections, duration }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const once = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  const times = [];
  const end = performance.now() + duration * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const start = process.hrtime.bigint();
      await once();
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(times.length, 1);
  return { rps: times.length / seconds, mean, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/**
 * starts bench/bare.mjs (a bare Fastify route in its own process); base is its address, url its route, pageUrl (with
 * `body`, bytes) a route answering exactly those bytes
 */
export async function startBare({ body } = {}) {
  let bodyFile;
  if (body) {
    bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-bare-')), 'page.json');
    fs.writeFileSync(bodyFile, body);
  }
  const child = spawn(process.execPath, [barePath], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: bodyFile ? { ...process.env, BARE_BODY_FILE: bodyFile } : process.env,
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    child,
    url: `${base}/bare`,
    pageUrl: bodyFile ? `${base}/bare/page` : undefined,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (bodyFile) fs.rmSync(path.dirname(bodyFile), { recursive: true, force: true });
    },
  };
}

/**
 * starts dist/main.js on a free-looking port; nodeArgs go before the script (e.g. --cpu-prof), after any of
 * BENCH_SERVER_NODE_ARGS (space-separated: to try V8 flags on every server the bench starts)
 */
export async function startServer(env, { nodeArgs = [] } = {}) {
  const port = 30500 + Math.floor(Math.random() * 400);
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extraArgs, ...nodeArgs, mainJs], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  try {
    await Promise.race([
      waitFor(`${base}/api/health`, envNumber('BENCH_START_TIMEOUT', 180) * 1000),
      exited.then((code) => {
        throw new Error(`server exited with ${code} while starting`);
      }),
    ]);
  } catch (err) {
    // a server that is slow to start must not outlive the bench (its data folder is removed next)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return {
    child,
    base,
    port,
    startMs: Date.now() - t0,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(base, account = 'admin', password = '123456') {
  const body = new URLSearchParams({
    account,
    password: encryptLoginPassword(password),
    code: '',
    timestamp: '',
    origin: 'password',
    grant_type: 'password',
    jnpf_ticket: '',
  });
  const res = await fetch(`${base}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  }).then((r) => r.json());
  if (res.code !== 200) throw new Error(`sign-in of ${account} failed: ${res.msg}`);
  return res.data.token;
}

export const authHeaders = (token) => ({ authorization: token, 'jnpf-origin': 'pc' });

/** one API call; anything but code 200 in the envelope throws with what the server said */
export async function api(base, token, method, url, json) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...authHeaders(token), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** runs fn for each item with at most `limit` running at once */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/**
 * Calls fn(engine) on a fresh PGlite folder, then on a fresh PostgreSQL database when BENCH_DATABASE_URL is set
 * (BENCH_ENGINE=pglite or postgres: that one only);
 * engine = { label, env } with the server's DATA_DIR / DATABASE_URL, and `postgres` (the URL) for PostgreSQL.
 */
export async function forEachEngine(fn) {
  // BENCH_ENGINE=postgres (or pglite) measures one engine only
  const only = process.env.BENCH_ENGINE ?? '';
  if (only !== 'postgres') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-bench-'));
    try {
      await fn({ label: 'PGlite (embedded)', env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === 'pglite') return true;
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) return false;
  const { default: pg } = await import('pg');
  const name = `jnpf_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await fn({
      label: 'PostgreSQL',
      env: { DATABASE_URL: url.toString(), DATA_DIR: os.tmpdir() },
      postgres: url.toString(),
    });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  return true;
}

/**
 * Seeds a large organisation with bench/seedLarge.mjs in its own process (PGlite allows one process at a time,
 * so this runs before the server starts). Returns its result: { prefix, departments, users, …Ms }.
 */
export function seedOrganisation(env, { departments, users }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [seedJs], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        SEED_DEPARTMENTS: String(departments),
        SEED_USERS: String(users),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`seedLarge exited with ${code}: ${out.slice(-500)}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`seedLarge printed no result: ${out.slice(-500)}`));
      }
    });
  });
}

/** the p-th percentile (0–100) of numbers sorted ascending */
export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** prints rows under a header; columns: [title, width, align 'l'|'r'] */
export function printTable(columns, rows) {
  const line = (cells) =>
    cells
      .map((c, i) => {
        const [, width, align] = columns[i];
        const text = String(c ?? '');
        return align === 'l' ? text.padEnd(width) : text.padStart(width);
      })
      .join(' ')
      .trimEnd();
  console.log(line(columns.map(([title]) => title)));
  for (const row of rows) console.log(line(row));
}

export const verdict = (ok) => (ok ? 'met' : 'MISSED');
