// Browser tests (real Chromium driven by playwright-core) against the BUILT server and web app.
//   npm run build && npx vitest run --config apps/web/e2e/vitest.config.ts
// The global setup starts `node apps/server/dist/main.js` on a free port with a fresh DATA_DIR; it serves
// apps/web/dist. Files run one after another: some switch server-wide settings (captcha, forced password
// change) and restore them, and one Chromium at a time suits a small machine.
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
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A real browser against a real server: no retries that would hide flakiness.
    retry: 0,
  },
});
