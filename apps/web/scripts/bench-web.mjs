// `npm run bench:web`: the web budgets on the built app. Prints the gzip size of the JavaScript
// the sign-in page and the signed-in shell with the home page load, then the time from opening /login to the
// home page rendered after signing in, in headless Chromium against the built server (fresh database), as the
// median of BENCH_WEB_RUNS runs (each in a fresh browser context, so nothing is cached between runs), and the
// generated-form budget (bench-form.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { benchGeneratedForm } from './bench-form.mjs';

const here = path.dirname(decodeURIComponent(new URL(import.meta.url).pathname));
const repoRoot = path.resolve(here, '../../..');
const serverMain = path.join(repoRoot, 'apps/server/dist/main.js');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 7);
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

async function waitFor(url, ms = 60_000) {
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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (!fs.existsSync(serverMain) || !fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('build first (npm run bench:web does)');
  console.log('── bundle sizes (gzip, static imports of each route)');
  await import('./bundle-report.mjs');

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
    const times = [];
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 1440, height: 900 },
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
    console.log(`\n── /login → signed in → /home rendered, headless Chromium, ${RUNS} runs (+1 warm-up)`);
    console.log(
      `median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
    console.log('(includes typing the account and password and the server’s password check, ~50 ms of scrypt)');
    await benchGeneratedForm(browser, base, Math.max(3, Math.min(RUNS, 5)));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
