// The server integration suite alone (CI runs it again on PostgreSQL and Redis). Ends with "N passed, N failed".
import { runVitest } from './run-vitest.mjs';

const counts = runVitest(['--project', 'server']);
const where = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\nserver suite on ${where}${process.env.TEST_REDIS_URL ? ' with Redis' : ''}:`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(counts.failed ? 1 : 0);
