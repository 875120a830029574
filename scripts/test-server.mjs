// The server integration suite alone (CI runs it again on PostgreSQL and Redis). Ends with "N passed, N failed".
import { runVitest } from './run-vitest.mjs';

// checks of the source tree that read no database: the same on every engine, so the PostgreSQL pass skips them
const ENGINE_FREE = [
  'test/webApiCalls.test.ts',
  'test/webApiContract.test.ts',
  'test/lintModuleFaces.test.ts',
  'test/moduleGraph.test.ts',
  'test/tableOwners.test.ts',
  'test/schema.test.ts',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const skipped = onPostgres ? ENGINE_FREE.flatMap((file) => ['--exclude', `**/${file}`]) : [];
const counts = runVitest(['--project', 'server', ...skipped]);
const where = onPostgres ? 'PostgreSQL' : 'PGlite';
console.log(`\nserver suite on ${where}${process.env.TEST_REDIS_URL ? ' with Redis' : ''}:`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (onPostgres) console.log(`(${ENGINE_FREE.length} source-tree checks ran in the PGlite pass only)`);
process.exit(counts.failed ? 1 : 0);
