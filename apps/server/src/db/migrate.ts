// Applies the committed schema migrations, then the modules' data migrations, in one transaction under an
// advisory lock, so that processes starting together never both migrate.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import type { DataMigrationSpec, SeedContext } from '../platform/module.js';

export const MIGRATIONS_DIR = path.resolve(new URL('../../migrations', import.meta.url).pathname);
const LOCK_KEY = 7_311_036;

interface JournalEntry {
  idx: number;
  tag: string;
}

export function readSchemaMigrations(dir = MIGRATIONS_DIR): { tag: string; statements: string[]; hash: string }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const text = fs.readFileSync(path.join(dir, `${tag}.sql`), 'utf8');
      return {
        tag,
        hash: createHash('sha256').update(text).digest('hex'),
        statements: text
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

export interface MigrationReport {
  schema: string[];
  data: string[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function migrate(
  db: Db,
  dataMigrations: readonly DataMigrationSpec[],
  seed: SeedContext,
): Promise<MigrationReport> {
  const report: MigrationReport = { schema: [], data: [] };
  const schemaMigrations = readSchemaMigrations();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`create table if not exists schema_migration (tag text primary key, hash text not null, applied_at bigint not null)`,
    );
    const done = new Set(
      rowsOf<{ tag: string }>(await tx.execute(sql`select tag from schema_migration`)).map((r) => r.tag),
    );
    for (const m of schemaMigrations) {
      if (done.has(m.tag)) continue;
      for (const statement of m.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into schema_migration (tag, hash, applied_at) values (${m.tag}, ${m.hash}, ${Date.now()})`,
      );
      report.schema.push(m.tag);
    }
    const applied = new Set(
      rowsOf<{ name: string }>(await tx.execute(sql`select name from base_data_migration`)).map((r) => r.name),
    );
    for (const m of dataMigrations) {
      if (applied.has(m.name)) continue;
      await m.run(tx, seed);
      await tx.execute(sql`insert into base_data_migration (name, applied_at) values (${m.name}, ${Date.now()})`);
      report.data.push(m.name);
    }
  });
  return report;
}
