// Seeds the nodes of the bench's tree table SEED_MODEL_ID (bench/visualdev.mjs step 4) into the database the
// environment names (DATABASE_URL, else PGlite under DATA_DIR): SEED_ROOTS (100) records without a parent, each with
// SEED_CHILDREN (99) children, stored as the form stores them (title, parent = the parent record's id, creator,
// created). Run while the server is stopped (PGlite allows one process). Prints {engine, records, ms, rootId}.
//   SEED_MODEL_ID=<id> SEED_CREATOR=<user id> SEED_ROOTS=100 SEED_CHILDREN=99 node apps/server/bench/seedTree.mjs
import { loadConfig } from '../dist/config.js';
import { openDatabase } from '../dist/db/client.js';
import { visualRecord } from '../dist/db/schema/index.js';
import { newId } from '../dist/platform/ids.js';

const modelId = process.env.SEED_MODEL_ID;
const creator = process.env.SEED_CREATOR;
const roots = Number(process.env.SEED_ROOTS ?? 100);
const children = Number(process.env.SEED_CHILDREN ?? 99);
if (!modelId || !creator) throw new Error('SEED_MODEL_ID and SEED_CREATOR are needed');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
try {
  const t0 = Date.now();
  const total = roots * (1 + children);
  const start = t0 - total * 1000;
  let n = 0;
  const record = (title, parent) => {
    const created = start + n++ * 1000;
    return {
      id: newId(),
      modelId,
      data: { title, parent, creator, created },
      creatorTime: created,
      creatorUserId: creator,
    };
  };
  let firstRoot = '';
  for (let r = 0; r < roots; r++) {
    const root = record(`节点${r}`, '');
    if (!firstRoot) firstRoot = root.id;
    const rows = [root];
    for (let c = 0; c < children; c++) rows.push(record(`节点${r}-${c}`, root.id));
    await database.db.insert(visualRecord).values(rows);
  }
  await database.query('analyze base_visual_record');
  console.log(JSON.stringify({ engine: database.kind, records: total, ms: Date.now() - t0, rootId: firstRoot }));
} finally {
  await database.close();
}
