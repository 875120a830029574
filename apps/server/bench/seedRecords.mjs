// Seeds SEED_RECORDS (100,000) records of the bench's online form SEED_MODEL_ID into the database the environment
// names (DATABASE_URL, else PGlite under DATA_DIR), the way the form stores them (bench/run.mjs seedBasic's fields:
// title, amount, level, sex, creator, created). Run while the server is stopped (PGlite allows one process).
//   SEED_MODEL_ID=<id> SEED_CREATOR=<user id> SEED_RECORDS=100000 node apps/server/bench/seedRecords.mjs
import { loadConfig } from '../dist/config.js';
import { openDatabase } from '../dist/db/client.js';
import { visualRecord } from '../dist/db/schema/index.js';
import { newId } from '../dist/platform/ids.js';

const modelId = process.env.SEED_MODEL_ID;
const creator = process.env.SEED_CREATOR;
const total = Number(process.env.SEED_RECORDS ?? 100_000);
const batch = Number(process.env.SEED_BATCH ?? 2_000);
if (!modelId || !creator) throw new Error('SEED_MODEL_ID and SEED_CREATOR are needed');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
try {
  const t0 = Date.now();
  const start = t0 - total * 1000;
  for (let from = 0; from < total; from += batch) {
    const rows = [];
    for (let i = from; i < Math.min(total, from + batch); i++) {
      const created = start + i * 1000;
      rows.push({
        id: newId(),
        modelId,
        data: {
          title: `记录${i}`,
          amount: (i * 37) % 10_000,
          level: String((i % 2) + 1),
          sex: String(i % 3 === 0 ? 2 : 1),
          creator,
          created,
        },
        creatorTime: created,
        creatorUserId: creator,
      });
    }
    await database.db.insert(visualRecord).values(rows);
  }
  await database.query('analyze base_visual_record');
  console.log(JSON.stringify({ engine: database.kind, records: total, ms: Date.now() - t0 }));
} finally {
  await database.close();
}
