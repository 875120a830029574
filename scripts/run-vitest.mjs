// Runs vitest with the given arguments and returns {passed, failed, skipped} read from its JSON report.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function runVitest(args, env = {}) {
  const report = path.join(os.tmpdir(), `vitest-report-${process.pid}-${Date.now()}.json`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env: { ...process.env, ...env } },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests ?? 0,
      failed: (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0),
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
    fs.rmSync(report, { force: true });
  }
  if (result.status !== 0 && counts.failed === 0) counts.failed = 1; // crashed before reporting
  return counts;
}

export function add(total, counts) {
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  return total;
}
