// The schema in code and the committed migrations must agree: a schema change without its migration fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import * as schema from '../src/db/schema/index.js';
import { MIGRATIONS_DIR, readSchemaMigrations } from '../src/db/migrate.js';

describe('migrations', () => {
  it('the latest migration snapshot matches the schema in code', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const snapshotFile = path.join(MIGRATIONS_DIR, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
    const previous = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(schema as Record<string, unknown>, previous.id);
    const pending = await generateMigration(previous, current);
    expect(pending, 'run `npm run db:generate` and commit the migration').toEqual([]);
  });

  it('every journal entry has its SQL file and statements', () => {
    const migrations = readSchemaMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    for (const m of migrations) expect(m.statements.length).toBeGreaterThan(0);
  });
});
