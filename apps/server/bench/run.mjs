// `npm run bench`: starts the built server on fresh databases and measures, with autocannon,
// (a) a route with no auth and no database, (b) CurrentUser, (c) BaseInfo as a signed-in user;
// then a large organisation (largeOrg.mjs: user lists with and without a data scope, organisation children)
// and 2,000 chatting WebSocket users (sockets.mjs). PGlite always; PostgreSQL too when BENCH_DATABASE_URL
// points at a server (a fresh database is made there for each part).
// Parts: BENCH_BASIC=0, BENCH_LARGE=0, BENCH_SOCKETS=0 skip one; sizes and durations are in the parts' files.
import fs from 'node:fs';
import os from 'node:os';
import {
  authHeaders,
  cannon,
  envNumber,
  forEachEngine,
  mainJs,
  partEnabled,
  rssMb,
  signIn,
  startServer,
} from './common.mjs';
import { benchLargeOrg } from './largeOrg.mjs';
import { benchSockets } from './sockets.mjs';

const DURATION = envNumber('BENCH_SECONDS', 10);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const load = { connections: CONNECTIONS, duration: DURATION };

async function benchOne(label, env) {
  const server = await startServer(env);
  const { child, base, startMs } = server;
  try {
    const token = await signIn(base);
    const auth = authHeaders(token);
    // warm caches and JIT
    await cannon(`${base}/api/oauth/getLoginConfig`, {}, load).catch(() => undefined);
    const cases = [
      ['a) bare route (no auth, no db)', `${base}/api/oauth/getLoginConfig`, {}],
      ['b) CurrentUser', `${base}/api/oauth/CurrentUser?systemCode=`, auth],
      ['c) BaseInfo (signed in)', `${base}/api/permission/Users/Current/BaseInfo`, auth],
    ];
    const rows = [];
    for (const [name, url, headers] of cases) {
      const r = await cannon(url, headers, load);
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
    await server.stop();
  }
}

async function main() {
  if (!fs.existsSync(mainJs)) throw new Error('build the server first (npm run bench does)');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per case, node ${process.version}, ${os.cpus().length} cpus, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  let postgres = true;
  if (partEnabled('BENCH_BASIC')) postgres = await forEachEngine(({ label, env }) => benchOne(label, env));
  if (partEnabled('BENCH_LARGE')) postgres = await forEachEngine(benchLargeOrg);
  if (partEnabled('BENCH_SOCKETS')) postgres = await forEachEngine(benchSockets);
  if (!postgres)
    console.log(
      '\nPostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to measure it too',
    );
}

await main();
