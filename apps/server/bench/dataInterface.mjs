// Data interfaces under load (part BENCH_DATA_INTERFACE): Actions/List of a SQL interface over 100,000 rows on
// the platform's database, paged with a keyword (the count and the page run in the database), and the
// overhead of a transform (dataJsJson in the QuickJS sandbox) on 1,000 rows, as the p50 of Preview with and
// without it, under load and one call at a time.
import { api, authHeaders, cannon, envNumber, fmt, printTable, rssMb, signIn, startServer } from './common.mjs';

const DURATION = envNumber('BENCH_SECONDS', 10);
const WARMUP = envNumber('BENCH_WARMUP_SECONDS', 2);
const CONNECTIONS = envNumber('BENCH_DI_CONNECTIONS', 10);
const ROWS = envNumber('BENCH_DI_ROWS', 100_000);
const STATIC_ROWS = 1_000;
const SERIAL_CALLS = envNumber('BENCH_DI_SERIAL_CALLS', 15);

export async function benchDataInterface({ label, env }) {
  const server = await startServer(env);
  const { base, child } = server;
  try {
    const admin = await signIn(base);
    const category = (await api(base, admin, 'GET', '/api/system/DictionaryData/DataInterfaceType')).list[0].id;
    const tag = Date.now().toString(36);
    const create = (name, patch) =>
      api(base, admin, 'POST', '/api/system/DataInterface', {
        fullName: `压测${name}${tag}`,
        enCode: `bench.${name}.${tag}`,
        category,
        enabledMark: 1,
        ...patch,
      });
    const sqlId = await create('sql', {
      type: 1,
      dataConfigJson: JSON.stringify({
        sqlData: {
          dbLinkId: '0',
          sql: `select g as id, '名称' || g as full_name, g % 97 as bucket from generate_series(1, ${ROWS}) g`,
        },
      }),
    });
    const rows = Array.from({ length: STATIC_ROWS }, (_, i) => ({
      id: `s${i}`,
      fullName: `项目${i}`,
      amount: i * 1.5,
    }));
    const staticPatch = { type: 2, dataConfigJson: JSON.stringify({ staticData: JSON.stringify(rows) }) };
    const plainId = await create('plain', staticPatch);
    const transformedId = await create('js', {
      ...staticPatch,
      dataJsJson: '(data) => data.map((r) => ({ ...r, label: r.fullName + "/" + r.id, amount: r.amount * 2 }))',
    });
    const listBody = JSON.stringify({ currentPage: 3, pageSize: 20, keyword: '名称12', relationField: 'full_name' });
    const check = await api(
      base,
      admin,
      'POST',
      `/api/system/DataInterface/${sqlId}/Actions/List`,
      JSON.parse(listBody),
    );
    const preview = JSON.stringify({ paramList: [] });
    const cases = [
      {
        name: `a) SQL List, ${ROWS} rows, keyword, page 3`,
        url: `${base}/api/system/DataInterface/${sqlId}/Actions/List`,
        body: listBody,
      },
      {
        name: `b) static Preview, ${STATIC_ROWS} rows`,
        url: `${base}/api/system/DataInterface/${plainId}/Actions/Preview`,
        body: preview,
      },
      {
        name: `c) static Preview + transform`,
        url: `${base}/api/system/DataInterface/${transformedId}/Actions/Preview`,
        body: preview,
      },
    ];
    const results = [];
    for (const c of cases) {
      console.log(`  ${c.name} …`);
      const headers = authHeaders(admin);
      await cannon(c.url, headers, { connections: CONNECTIONS, duration: WARMUP }, { method: 'POST', body: c.body });
      const r = await cannon(
        c.url,
        headers,
        { connections: CONNECTIONS, duration: DURATION },
        { method: 'POST', body: c.body },
      );
      if (r.non2xx || r.errors) throw new Error(`${c.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      results.push({ ...c, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
    }
    // the transform's own cost: one call at a time, so no queueing behind other calls is counted
    const serialMedian = async (c) => {
      const times = [];
      for (let i = 0; i < SERIAL_CALLS; i += 1) {
        const started = performance.now();
        const res = await fetch(c.url, {
          method: 'POST',
          headers: { ...authHeaders(admin), 'content-type': 'application/json' },
          body: c.body,
        });
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)];
    };
    const [listCase, plain, transformed] = results;
    const [listSerial, plainSerial, transformedSerial] = [
      await serialMedian(listCase),
      await serialMedian(plain),
      await serialMedian(transformed),
    ];
    console.log(
      `\nData interfaces — ${label}: the keyword matches ${check.pagination.total} of ${ROWS} rows; ${CONNECTIONS} connections, ${DURATION} s per case`,
    );
    printTable(
      [
        ['case', 40, 'l'],
        ['req/s', 8],
        ['p50 ms', 8],
        ['p99 ms', 8],
      ],
      results.map((r) => [r.name, fmt(r.rps), r.p50, r.p99]),
    );
    console.log(
      `transform overhead on ${STATIC_ROWS} rows: p50 +${fmt(transformed.p50 - plain.p50, 1)} ms under load; RSS after run ${rssMb(child.pid)} MB`,
    );
    console.log(
      `one call at a time (median of ${SERIAL_CALLS}): SQL List ${fmt(listSerial, 1)} ms; Preview ${fmt(plainSerial, 1)} ms, with the transform ${fmt(transformedSerial, 1)} ms (+${fmt(transformedSerial - plainSerial, 1)} ms)`,
    );
    return results;
  } finally {
    await server.stop();
  }
}
