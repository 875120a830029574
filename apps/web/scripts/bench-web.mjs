// `npm run bench:web`: the web budgets on the built app. Prints the gzip size of the JavaScript
// the sign-in page and the signed-in shell with the home page load: first from the build manifest (static imports
// only, an undercount), then as measured in headless Chromium against the built server (fresh database): every
// JavaScript file the page fetched until the network was idle, dynamic imports, preloads and workers included, each
// gzipped at level 6 (targets: sign-in page ≤ 250 kB, shell with the home page ≤ 600 kB, each in a fresh browser
// context with nothing cached); then the time from opening /login to the home page rendered after signing in, as
// the median of BENCH_WEB_RUNS runs (each in a fresh browser context), the generated-form budget
// (bench-form.mjs: 200 fields of the common widgets; bench-form-every.mjs: every widget kind in 200 fields with
// the layouts and a 200-row sub-table, an existing record's edit form), the designer with 500 fields
// (bench-designer.mjs) and the print preview's first paint (bench-print.mjs). BENCH_WEB_ONLY=print (a comma list
// of bundles, login, form, formevery, designer, print; form runs both form parts) runs only those parts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { benchDesigner } from './bench-designer.mjs';
import { benchEveryWidgetForm } from './bench-form-every.mjs';
import { benchGeneratedForm } from './bench-form.mjs';
import { benchPrintPreview } from './bench-print.mjs';

const here = path.dirname(decodeURIComponent(new URL(import.meta.url).pathname));
const repoRoot = path.resolve(here, '../../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
const ONLY = (process.env.BENCH_WEB_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
/** whether a part runs: all of them unless BENCH_WEB_ONLY names some */
const part = (name) => !ONLY.length || ONLY.includes(name);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 180_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}

const webDist = path.join(repoRoot, 'apps/web/dist');
const SIGN_IN_BUDGET_KB = 250;
const SHELL_BUDGET_KB = 600;
const VIEWPORT = { width: 1440, height: 900 };

/**
 * Opens `address` in a fresh context (signed in when `storageState` is given), waits for `ready` and an idle
 * network, and returns every JavaScript file fetched: [{ file, rawBytes, gzipBytes }], gzip at level 6 over the
 * file as built (the server may send it pre-compressed; the budget is on the same measure for every file).
 */
async function scriptsLoaded(browser, base, address, ready, storageState) {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, locale: 'zh-CN', storageState });
  const page = await context.newPage();
  const responses = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(url.pathname);
    if (isScript && url.origin === base && response.status() === 200) responses.set(url.pathname, response);
  });
  try {
    await page.goto(address);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = [];
    for (const [pathname, response] of responses) {
      const onDisk = path.join(webDist, decodeURIComponent(pathname));
      const body =
        onDisk.startsWith(webDist) && fs.existsSync(onDisk) ? fs.readFileSync(onDisk) : await response.body();
      files.push({ file: pathname, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 6 }).length });
    }
    return { files: files.sort((a, b) => b.gzipBytes - a.gzipBytes), page, context };
  } catch (err) {
    await context.close();
    throw err;
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printScripts(title, files, budgetKb) {
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const raw = files.reduce((sum, f) => sum + f.rawBytes, 0);
  console.log(`\n${title}: ${files.length} JavaScript files`);
  for (const f of files)
    console.log(`  ${kb(f.gzipBytes).padStart(7)} kB gzip ${kb(f.rawBytes).padStart(8)} kB  ${f.file}`);
  const ok = total / 1024 <= budgetKb;
  console.log(
    `  total ${kb(total)} kB gzip (level 6), ${kb(raw)} kB as built; budget ≤ ${budgetKb} kB: ${ok ? 'met' : 'MISSED'}`,
  );
}

/** the sign-in page's and the signed-in shell's JavaScript as Chromium fetched it */
async function measureInChromium(browser, base) {
  console.log('\n── bundle sizes measured in headless Chromium (every JavaScript file fetched, gzip level 6)');
  const signIn = await scriptsLoaded(browser, base, '/login', (page) => page.getByPlaceholder('请输入密码').waitFor());
  printScripts('sign-in page (/login)', signIn.files, SIGN_IN_BUDGET_KB);
  // sign in on that page to get the session the shell needs, then open /home in a context of its own
  await signIn.page.getByPlaceholder('请输入账号').fill('admin');
  await signIn.page.getByPlaceholder('请输入密码').fill('123456');
  await signIn.page.getByRole('button', { name: /登\s*录/ }).click();
  await signIn.page.waitForURL('**/home');
  const state = await signIn.context.storageState();
  await signIn.context.close();
  const shell = await scriptsLoaded(
    browser,
    base,
    '/home',
    (page) => page.getByText('快捷入口').first().waitFor(),
    state,
  );
  await shell.context.close();
  printScripts('signed-in shell with the home page (/home, opened signed in)', shell.files, SHELL_BUDGET_KB);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('build first (npm run bench:web does)');
  if (part('bundles')) {
    console.log('── bundle sizes from the build manifest (gzip, static imports of each route only: an undercount)');
    await import('./bundle-report.mjs');
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-bench-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ARGS,
  });
  try {
    await waitFor(`${base}/api/health`);
    if (part('bundles')) await measureInChromium(browser, base);
    if (process.env.BENCH_WEB_BUNDLES_ONLY === '1') return;
    const times = [];
    for (let run = 0; part('login') && run <= RUNS; run++) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: VIEWPORT,
        locale: 'zh-CN',
      });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto('/login');
      await page.getByPlaceholder('请输入账号').fill('admin');
      await page.getByPlaceholder('请输入密码').fill('123456');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL('**/home');
      // the home page's own content: the quick links card
      await page.getByText('快捷入口').first().waitFor();
      const ms = performance.now() - started;
      // the first run warms the server (caches, JIT) and is not counted
      if (run > 0) times.push(ms);
      await context.close();
    }
    if (part('login')) {
      console.log(`\n── /login → signed in → /home rendered, headless Chromium, ${RUNS} runs (+1 warm-up)`);
      console.log(
        `median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
      );
      console.log('(includes typing the account and password and the server’s password check, ~50 ms of scrypt)');
    }
    const runs = Math.max(3, Math.min(RUNS, 5));
    if (part('form')) await benchGeneratedForm(browser, base, runs);
    if (part('form') || part('formevery')) await benchEveryWidgetForm(browser, base, runs);
    if (part('designer')) await benchDesigner(browser, base, runs);
    if (part('print')) await benchPrintPreview(browser, base, runs);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
