// Seeds a large organisation (10,000 departments, 100,000 users by default) into the database the environment
// names (DATABASE_URL, else PGlite under DATA_DIR), after migrating it. Needs the built server (npm run build).
//   SEED_DEPARTMENTS=10000 SEED_USERS=100000 SEED_BATCH=5000 node apps/server/bench/seedLarge.mjs
import { loadConfig } from '../dist/config.js';
import { openDatabase } from '../dist/db/client.js';
import { migrate } from '../dist/db/migrate.js';
import { dataMigrations } from '../dist/modules/index.js';
import { seedLarge } from '../dist/modules/users/seedLarge.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
try {
  const t0 = Date.now();
  await migrate(database.db, dataMigrations, { config });
  console.log(`migrated in ${Date.now() - t0} ms (${database.kind})`);
  const result = await seedLarge(database.db, {
    departments: Number(process.env.SEED_DEPARTMENTS ?? 10_000),
    users: Number(process.env.SEED_USERS ?? 100_000),
    batch: Number(process.env.SEED_BATCH ?? 5_000),
    log: (message) => console.log(message),
  });
  console.log(JSON.stringify({ engine: database.kind, ...result }));
} finally {
  await database.close();
}
