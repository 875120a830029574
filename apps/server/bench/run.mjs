// `npm run bench`: starts the built server on a fresh database and measures, in one run with autocannon,
// (a) a route with no auth and no database, (b) CurrentUser, (c) BaseInfo as a signed-in user.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL points at a server (a fresh database is made there).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { encryptLoginPassword } from '@jnpf/core';

const here = path.dirname(new URL(import.meta.url).pathname);
const mainJs = path.resolve(here, '../dist/main.js');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}

function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return NaN;
  }
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
  });
}

async function startServer(env) {
  const port = 30500 + Math.floor(Math.random() * 400);
  const child = spawn(process.execPath, [mainJs], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  await waitFor(`${base}/api/health`);
  return { child, base, startMs: Date.now() - t0 };
}

async function signIn(base) {
  const body = new URLSearchParams({
    account: 'admin',
    password: encryptLoginPassword('123456'),
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
  if (res.code !== 200) throw new Error(`sign-in failed: ${res.msg}`);
  return res.data.token;
}

async function benchOne(label, env) {
  const { child, base, startMs } = await startServer(env);
  try {
    const token = await signIn(base);
    const auth = { authorization: token, 'jnpf-origin': 'pc' };
    // warm caches and JIT
    await cannon(`${base}/api/oauth/getLoginConfig`, {}).catch(() => undefined);
    const cases = [
      ['a) bare route (no auth, no db)', `${base}/api/oauth/getLoginConfig`, {}],
      ['b) CurrentUser', `${base}/api/oauth/CurrentUser?systemCode=`, auth],
      ['c) BaseInfo (signed in)', `${base}/api/permission/Users/Current/BaseInfo`, auth],
    ];
    const rows = [];
    for (const [name, url, headers] of cases) {
      const r = await cannon(url, headers);
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rows.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
    const base_ = rows[0].rps;
    console.log(`\n${label}: server started in ${startMs} ms, RSS after run ${rssMb(child.pid)} MB`);
    console.log(
      'case'.padEnd(34),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'vs a)'.padStart(8),
    );
    for (const r of rows)
      console.log(
        r.name.padEnd(34),
        r.rps.toFixed(0).padStart(9),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        `${((r.rps / base_) * 100).toFixed(0)}%`.padStart(8),
      );
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  if (!fs.existsSync(mainJs)) throw new Error('build the server first (npm run bench does)');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per case, node ${process.version}, ${os.cpus().length} cpus`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-bench-'));
  try {
    await benchOne('PGlite (embedded)', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `jnpf_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    try {
      await benchOne('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: os.tmpdir() });
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  } else {
    console.log(
      '\nPostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to measure it too',
    );
  }
}

await main();
