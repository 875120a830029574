// Browser tests (real Chromium driven by playwright-core) against the BUILT server and web app.
//   npm run build && npx vitest run --config apps/web/e2e/vitest.config.ts
// The global setup starts one `node apps/server/dist/main.js` per worker, each on a free port with a fresh
// DATA_DIR; they serve apps/web/dist. Two files run at a time, each on its own worker's server: some switch
// server-wide settings (captcha, forced password change), which then reach no other file. E2E_WORKERS=1 (or
// --no-file-parallelism) runs them one after another on one server.
import { defineConfig } from 'vitest/config';
import { coreSourceAlias } from '../vite.shared.ts';

const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  resolve: { alias: [coreSourceAlias] },
  // Vite's cache beside the web app's, not inside the test folder.
  cacheDir: decodeURIComponent(new URL('../node_modules/.vite/e2e', import.meta.url).pathname),
  test: {
    name: 'e2e',
    root: here,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    // the browser and the server wait on each other enough that two files at a time on two cores finish sooner
    maxWorkers: Number(process.env.E2E_WORKERS) || 2,
    pool: 'forks',
    // a safety net, not a speed target: two files at a time on a busy two-core machine take twice as long each
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A real browser against a real server: no retries that would hide flakiness.
    retry: 0,
  },
});
