// A released online form with BENCH_FORM_RECORDS (100,000) records: the form is created and released through the
// API, the server stopped, the records seeded (bench/seedRecords.mjs: PGlite allows one process at a time), the
// server started again; then autocannon measures, as the administrator,
//   g) the first page (20 rows) of the list without conditions,
//   h) the first page with two search conditions (level = 高, amount between 1,000 and 6,000: about a quarter).
// Targets: h) p50 ≤ 15 ms on PostgreSQL, ≤ 80 ms on PGlite.
//   BENCH_LARGE_SECONDS (BENCH_SECONDS, 10) per case after a 3 s warm-up, BENCH_LARGE_CONNECTIONS (10).
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  api,
  authHeaders,
  cannon,
  envNumber,
  fmt,
  printTable,
  rssMb,
  signIn,
  startServer,
  verdict,
} from './common.mjs';
import { createBenchForm } from './run.mjs';

const RECORDS = envNumber('BENCH_FORM_RECORDS', 100_000);
const DURATION = envNumber('BENCH_LARGE_SECONDS', envNumber('BENCH_SECONDS', 10));
const CONNECTIONS = envNumber('BENCH_LARGE_CONNECTIONS', 10);
const WARMUP = Math.min(3, DURATION);
const TARGET_P50 = { PostgreSQL: 15, 'PGlite (embedded)': 80 };
const seedJs = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'seedRecords.mjs');

/** seeds `records` records of the bench form `modelId` with bench/seedRecords.mjs (run while the server is stopped) */
export function seedRecords(env, modelId, creator, records = RECORDS) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [seedJs], {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...env,
        SEED_MODEL_ID: modelId,
        SEED_CREATOR: creator,
        SEED_RECORDS: String(records),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`seedRecords exited with ${code}: ${out.slice(-500)}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)));
    });
  });
}

export async function benchLargeForm({ label, env }) {
  console.log(`\nLarge online form — ${label}: ${RECORDS} records …`);
  let server = await startServer(env);
  let modelId;
  let creator;
  try {
    const admin = await signIn(server.base);
    creator = (await api(server.base, admin, 'GET', '/api/oauth/CurrentUser')).userInfo.userId;
    modelId = await createBenchForm(server.base, admin);
  } finally {
    await server.stop();
  }
  const seeded = await seedRecords(env, modelId, creator);
  server = await startServer(env);
  try {
    const { base } = server;
    const admin = await signIn(base);
    const headers = authHeaders(admin);
    const url = `${base}/api/visualdev/OnlineDev/${modelId}/List`;
    const plain = { currentPage: 1, pageSize: 20 };
    const searched = { ...plain, queryJson: JSON.stringify({ level: '2', amount: [1000, 6000] }) };
    const totalOf = async (body) =>
      (await api(base, admin, 'POST', `/api/visualdev/OnlineDev/${modelId}/List`, body)).pagination.total;
    const [all, found] = [await totalOf(plain), await totalOf(searched)];
    if (all !== RECORDS || !(found > 0 && found < all))
      throw new Error(`the form lists ${all} records (seeded ${RECORDS}), ${found} with the search conditions`);
    const cases = [
      { name: `g) form page 1 of ${all}`, body: plain },
      { name: `h) form page 1, 2 conditions (${found})`, body: searched, target: TARGET_P50[label] },
    ];
    const rows = [];
    for (const c of cases) {
      const request = { method: 'POST', body: JSON.stringify(c.body) };
      await cannon(url, headers, { connections: CONNECTIONS, duration: WARMUP }, request);
      const r = await cannon(url, headers, { connections: CONNECTIONS, duration: DURATION }, request);
      if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rows.push({ ...c, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
    console.log(
      `${label}: ${seeded.records} records seeded in ${fmt(seeded.ms / 1000, 1)} s; server started in ${server.startMs} ms; ` +
        `${CONNECTIONS} connections, ${DURATION} s per case`,
    );
    printTable(
      [
        ['case', 38, 'l'],
        ['req/s', 8],
        ['p50 ms', 8],
        ['p99 ms', 8],
        ['  target', 0, 'l'],
      ],
      rows.map((r) => [
        r.name,
        fmt(r.rps),
        r.p50,
        r.p99,
        r.target === undefined ? '' : `  p50 ≤ ${r.target} ms: ${verdict(r.p50 <= r.target)}`,
      ]),
    );
    console.log(`RSS after run ${rssMb(server.child.pid)} MB`);
    return rows;
  } finally {
    await server.stop();
  }
}
