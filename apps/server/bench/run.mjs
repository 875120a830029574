// `npm run bench`: starts the built server on fresh databases and measures, with autocannon, as ratios of
// (a) a bare Fastify route in a process of its own: (b) a route of the server with no auth and no database,
// (c) CurrentUser, (d) BaseInfo, (e) the first page of the user list, (f) a dictionary's items and (g) the first
// page (20 rows) of a released online form's list, all as the administrator (targets beside the figures);
// then 200 clients of mixed reads, writes and CurrentUser for 60 s, three times in a row, with the server's RSS
// (mixed.mjs), a large organisation (largeOrg.mjs: user lists with and without a data scope, organisation children),
// 2,000 chatting WebSocket users (sockets.mjs), data interfaces (dataInterface.mjs) and visual development's
// heavy calls (visualdev.mjs: a 1,000-row import through a generated form's import calls, the export of
// 100,000 records with the server's RSS, print BatchData of 100 records with 20-row sub-tables, a tree table of
// 10,000 nodes: its first level and one child level). PGlite always;
// PostgreSQL too when BENCH_DATABASE_URL points at a server (a fresh database is made there for each part).
// Parts: BENCH_BASIC=0, BENCH_MIXED=0, BENCH_LARGE=0, BENCH_SOCKETS=0, BENCH_DATA_INTERFACE=0, BENCH_VISUALDEV=0
// skip one; sizes and durations are in the parts' files (a quick mixed run: BENCH_MIXED_SECONDS=10
// BENCH_MIXED_RUNS=1; a quick visual-development run: BENCH_EXPORT_RECORDS=2000 BENCH_PRINT_SECONDS=2).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  api,
  authHeaders,
  cannon,
  envNumber,
  fmt,
  forEachEngine,
  mainJs,
  partEnabled,
  pool,
  printTable,
  rssMb,
  signIn,
  startBare,
  startServer,
  verdict,
} from './common.mjs';
import { summarizeCpuProfile } from './cpuProfile.mjs';
import { benchLargeForm } from './largeForm.mjs';
import { benchDataInterface } from './dataInterface.mjs';
import { benchLargeOrg } from './largeOrg.mjs';
import { benchMixed } from './mixed.mjs';
import { benchSockets } from './sockets.mjs';
import { benchVisualdev } from './visualdev.mjs';

const DURATION = envNumber('BENCH_SECONDS', 10);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const load = { connections: CONNECTIONS, duration: DURATION };
const USERS = envNumber('BENCH_BASIC_USERS', 50);
const FORM_ROWS = envNumber('BENCH_BASIC_FORM_ROWS', 25);
/** BENCH_BASIC_CASES=ceg: only these cases (a, the yardstick, always runs) */
const ONLY = (process.env.BENCH_BASIC_CASES ?? '').trim();
/** BENCH_BASIC_PROFILE=<folder>: the server runs under node --cpu-prof; each case's hottest functions are printed */
const PROFILE_DIR = process.env.BENCH_BASIC_PROFILE || '';
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const fields = (jnpfKey, vModel, label, config = {}, props = {}, n = 0) => ({
  __config__: { jnpfKey, label, formId: 100 + n, ...config },
  __vModel__: vModel,
  ...props,
});
const column = (prop, label, jnpfKey) => ({ prop, label, jnpfKey, sortable: false, align: 'left', fixed: 'none' });

/**
 * Data the basic part reads: USERS users under the top company, and an online form (input, number, static select,
 * dictionary radio, creator, creation time) released under 在线开发 with FORM_ROWS records. Returns the form's id.
 */
export async function seedBasic(base, admin) {
  const [top] = (await api(base, admin, 'GET', '/api/permission/Organize/AsyncList/-1')).list;
  const tag = Date.now().toString(36);
  await pool(
    Array.from({ length: USERS }, (_, i) => i),
    8,
    (i) =>
      api(base, admin, 'POST', '/api/permission/Users', {
        account: `bench_${tag}_${i}`,
        realName: `测试用户${i}`,
        organizeId: top.id,
        gender: (i % 2) + 1,
        enabledMark: 1,
        sortCode: i,
      }),
  );
  const modelId = await createBenchForm(base, admin, tag);
  await pool(
    Array.from({ length: FORM_ROWS }, (_, i) => i),
    8,
    (i) =>
      api(base, admin, 'POST', `/api/visualdev/OnlineDev/${modelId}`, {
        data: JSON.stringify({
          title: `记录${i}`,
          amount: i * 10,
          level: String((i % 2) + 1),
          sex: String((i % 2) + 1),
        }),
      }),
  );
  return modelId;
}

/**
 * The bench's online form (input, number, static select, dictionary radio, creator, creation time; keyword on the
 * title, search by level and an amount range), released under 在线开发. Returns its id.
 */
export async function createBenchForm(base, admin, tag = Date.now().toString(36), { subTable = false } = {}) {
  const selector = await api(base, admin, 'GET', '/api/system/Menu/SystemSelector');
  const systemId = selector.list[0]?.id;
  const stack = [...selector.list];
  let onlineDev = null;
  while (stack.length && !onlineDev) {
    const node = stack.pop();
    if (node.enCode === 'onlineDev') onlineDev = node;
    else stack.push(...(node.children ?? []));
  }
  if (!systemId || !onlineDev) throw new Error('the menu onlineDev is not in the main system');
  const category = (await api(base, admin, 'GET', '/api/system/DictionaryData/webDesign')).list[0].id;
  const formFields = [
    fields('input', 'title', '标题', { required: true }, { maxlength: 50 }, 1),
    fields('inputNumber', 'amount', '金额', {}, { min: 0, max: 100000 }, 2),
    fields(
      'select',
      'level',
      '等级',
      { dataType: 'static' },
      {
        options: [
          { id: '1', fullName: '低' },
          { id: '2', fullName: '高' },
        ],
      },
      3,
    ),
    fields(
      'radio',
      'sex',
      '性别',
      { dataType: 'dictionary', dictionaryType: 'sex' },
      {
        props: { label: 'fullName', value: 'enCode' },
      },
      4,
    ),
    fields('createUser', 'creator', '创建人', {}, {}, 5),
    fields('createTime', 'created', '创建时间', {}, {}, 6),
    // subTable: a sub-table 明细 of an item (required) and a quantity per row
    ...(subTable
      ? [
          fields(
            'table',
            'lines',
            '明细',
            {
              children: [
                fields('input', 'item', '品名', { required: true }, { maxlength: 50 }, 8),
                fields('inputNumber', 'qty', '数量', {}, { min: 0, max: 100000 }, 9),
              ],
            },
            {},
            7,
          ),
        ]
      : []),
  ];
  const columnData = {
    type: 1,
    columnList: [
      column('title', '标题', 'input'),
      column('amount', '金额', 'inputNumber'),
      column('level', '等级', 'select'),
      column('sex', '性别', 'radio'),
      column('creator', '创建人', 'createUser'),
      column('created', '创建时间', 'createTime'),
    ],
    searchList: [
      { prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true },
      { prop: 'level', label: '等级', jnpfKey: 'select', searchType: 1 },
      { prop: 'amount', label: '金额', jnpfKey: 'inputNumber', searchType: 3 },
    ],
    btnsList: [{ value: 'add', icon: 'el-icon-plus', label: '新增' }],
    columnBtnsList: [{ value: 'edit', icon: 'el-icon-edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
    useBtnPermission: false,
    useColumnPermission: false,
  };
  const enCode = `bench${tag}`;
  const modelId = await api(base, admin, 'POST', '/api/visualdev/Base', {
    fullName: `压测${tag}`,
    enCode,
    type: 1,
    webType: 2,
    category,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({
      formRef: 'elForm',
      formModel: 'dataForm',
      labelPosition: 'right',
      labelWidth: 100,
      gutter: 15,
      fields: formFields,
    }),
    columnData: JSON.stringify(columnData),
  });
  await api(base, admin, 'POST', `/api/visualdev/Base/${modelId}/Actions/Release`, {
    pc: 1,
    pcSystemId: systemId,
    pcModuleParentId: onlineDev.id,
    app: 0,
  });
  return modelId;
}

const ratioTargets = {
  PostgreSQL: { users: 0.08, form: 0.08, current: 0.15, base: 0.3 },
  'PGlite (embedded)': { users: 0.03, current: 0.1 },
};

async function benchOne(label, env) {
  const bare = await startBare();
  let profileDir = '';
  if (PROFILE_DIR) {
    profileDir = path.resolve(PROFILE_DIR, label.startsWith('PostgreSQL') ? 'postgres' : 'pglite');
    fs.mkdirSync(profileDir, { recursive: true });
  }
  const server = await startServer(env, { nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] });
  const windows = [];
  const { child, base, startMs } = server;
  try {
    const token = await signIn(base);
    const auth = authHeaders(token);
    const modelId = await seedBasic(base, token);
    const listBody = JSON.stringify({ currentPage: 1, pageSize: 20 });
    // warm caches and JIT
    await cannon(bare.url, {}, load).catch(() => undefined);
    await cannon(`${base}/api/oauth/getLoginConfig`, {}, load).catch(() => undefined);
    const targets = ratioTargets[label] ?? {};
    const cases = [
      ['a) bare Fastify route, own process', bare.url, {}],
      ['b) getLoginConfig (no auth, no db)', `${base}/api/oauth/getLoginConfig`, {}],
      ['c) CurrentUser', `${base}/api/oauth/CurrentUser?systemCode=`, auth, {}, targets.current],
      ['d) BaseInfo (signed in)', `${base}/api/permission/Users/Current/BaseInfo`, auth, {}, targets.base],
      ['e) users page 1 (20)', `${base}/api/permission/Users?currentPage=1&pageSize=20`, auth, {}, targets.users],
      ['f) dictionary items (sex)', `${base}/api/system/DictionaryData/sex`, auth],
      [
        'g) online-form list (20 rows)',
        `${base}/api/visualdev/OnlineDev/${modelId}/List`,
        auth,
        { method: 'POST', body: listBody },
        targets.form,
      ],
    ];
    const rows = [];
    for (const [name, url, headers, request, target] of cases) {
      if (ONLY && !name.startsWith('a)') && !ONLY.includes(name[0])) continue;
      const fromUs = monotonicUs();
      const r = await cannon(url, headers, load, request);
      windows.push({ name, fromUs, toUs: monotonicUs() });
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      rows.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, target });
    }
    const bareRps = rows[0].rps;
    console.log(
      `\n${label}: server started in ${startMs} ms, RSS after run ${rssMb(child.pid)} MB; ${USERS} users, ${FORM_ROWS} form records`,
    );
    printTable(
      [
        ['case', 38, 'l'],
        ['req/s', 9],
        ['p50 ms', 8],
        ['p99 ms', 8],
        ['÷ a)', 7],
        ['  target', 0, 'l'],
      ],
      rows.map((r) => {
        const ratio = r.rps / bareRps;
        return [
          r.name,
          fmt(r.rps),
          r.p50,
          r.p99,
          fmt(ratio, 3),
          r.target === undefined ? '' : `  ≥ ${r.target}: ${verdict(ratio >= r.target)}`,
        ];
      }),
    );
    return rows;
  } finally {
    await server.stop();
    await bare.stop();
    const newest = profileDir
      ? fs
          .readdirSync(profileDir)
          .filter((f) => f.endsWith('.cpuprofile'))
          .map((f) => path.join(profileDir, f))
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0]
      : undefined;
    if (newest) {
      console.log(`server CPU profile: ${newest}`);
      for (const w of windows.filter((w) => !w.name.startsWith('a)'))) {
        console.log(`\n${label}, ${w.name}:`);
        summarizeCpuProfile(newest, 25, w);
      }
    }
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
  if (partEnabled('BENCH_MIXED')) postgres = await forEachEngine(benchMixed);
  if (partEnabled('BENCH_LARGE') && partEnabled('BENCH_LARGE_ORG')) postgres = await forEachEngine(benchLargeOrg);
  if (partEnabled('BENCH_LARGE') && partEnabled('BENCH_LARGE_FORM')) postgres = await forEachEngine(benchLargeForm);
  if (partEnabled('BENCH_SOCKETS')) postgres = await forEachEngine(benchSockets);
  if (partEnabled('BENCH_DATA_INTERFACE')) postgres = await forEachEngine(benchDataInterface);
  if (partEnabled('BENCH_VISUALDEV')) postgres = await forEachEngine(benchVisualdev);
  if (!postgres)
    console.log(
      '\nPostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to measure it too',
    );
}

// run when started as a script (bench/roundTrips.mjs and others import seedBasic)
if (import.meta.url === `file://${process.argv[1]}`) await main();
