// `npm test`: builds, type-checks, lints, and runs every test: unit and component tests, the server
// integration suite (PGlite, or PostgreSQL when TEST_DATABASE_URL is set), and the browser tests when
// Chromium is installed. Ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { add, runVitest } from './run-vitest.mjs';

const total = { passed: 0, failed: 0, skipped: 0 };
const step = (name, command, args) => {
  console.log(`\n── ${name}`);
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`✗ ${name} failed`);
    total.failed += 1;
    return false;
  }
  return true;
};

/**
 * Runs the steps at the same time (each is one single-threaded process: two cores finish them sooner together)
 * and prints each one's output whole, in the given order, when all have ended.
 */
const together = async (steps) => {
  const ended = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => (output += `${error.message}\n`));
          child.on('close', (status) => resolve({ name, status, output }));
        }),
    ),
  );
  for (const { name, status, output } of ended) {
    console.log(`\n── ${name}`);
    process.stdout.write(output);
    if (status !== 0) {
      console.error(`✗ ${name} failed`);
      total.failed += 1;
    }
  }
};

const built = step('build', 'npm', ['run', 'build']);
await together([
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['lockfile', 'node', ['scripts/lock-optional.mjs', '--check']],
]);

console.log('\n── unit, component and server integration tests');
add(total, runVitest([]));

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
let browserSkipped = '';
if (!built) browserSkipped = 'the build failed';
else if (!fs.existsSync(chromium))
  browserSkipped = `no Chromium at ${chromium} (apt-get install chromium fonts-noto-cjk)`;
if (browserSkipped) console.log(`\n── browser tests skipped: ${browserSkipped}`);
else {
  console.log('\n── browser tests (Chromium)');
  add(total, runVitest(['--config', 'apps/web/e2e/vitest.config.ts']));
}

// CI sets REQUIRE_BROWSER_TESTS=1: there, skipped browser tests are a failure, never a quiet pass
const mustRunBrowser = process.env.REQUIRE_BROWSER_TESTS === '1';
if (browserSkipped && mustRunBrowser) total.failed += 1;
const note = browserSkipped
  ? ` (browser tests skipped: ${browserSkipped}${mustRunBrowser ? ', and they are required' : ''})`
  : '';
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped${note}`);
process.exit(total.failed ? 1 : 0);
