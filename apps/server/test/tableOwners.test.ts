// One writer per table: a table is declared in db/schema/<owner>.ts, and only that module writes it (the
// platform layer for platform.ts); other modules call the owner's service, seeds included. The writes are found
// in the source files (tests and test kits aside): drizzle's insert, update and delete, the platform's audited
// helpers (insertAudited, updateVersioned, deleteAudited) and raw SQL.
import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.js';
import { moduleNames, SRC, sourceFiles, type SourceFile } from './sourceFiles.js';

/**
 * Writes outside the owner allowed while code moves between modules: writing file → tables of other modules,
 * relative to src/modules (none today). An entry no write needs any more fails below.
 */
const PENDING_FOREIGN_WRITES: Record<string, string[]> = {};

/** files of db/schema that declare no table */
const NOT_TABLES = ['index.ts', 'columns.ts'];

interface Table {
  name: string;
  sqlName: string;
  owner: string;
}

/** every table, with its owner: the schema file that declares it */
function tables(): Table[] {
  const dir = path.join(SRC, 'db/schema');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !NOT_TABLES.includes(f))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(
        ([, name, sqlName]) => ({ name: name!, sqlName: sqlName!, owner: file.replace(/\.ts$/, '') }),
      ),
    );
}

interface Write {
  file: string;
  owner: string;
  /** the table written, or the expression written to when it names no table ("t", "table") */
  target: string;
  table: Table | undefined;
}

/** the writes of one file */
function writesIn(file: SourceFile, all: readonly Table[]): Write[] {
  const byName = new Map(all.map((t) => [t.name, t]));
  const bySqlName = new Map(all.map((t) => [t.sqlName, t]));
  const out: Write[] = [];
  const add = (target: string, table: Table | undefined) =>
    out.push({ file: file.path, owner: file.owner, target, table });
  const text = file.text;
  // drizzle: .insert(x) / .update(x) / .delete(x); a target that names no table counts on a database handle only
  for (const [, receiver, target] of text.matchAll(/(\w*)\s*\.\s*(?:insert|update|delete)\(\s*(\w+)\s*\)/g))
    if (byName.has(target!) || /^(tx|db)$/.test(receiver!)) add(target!, byName.get(target!));
  for (const [, target] of text.matchAll(/\b(?:insertAudited|updateVersioned|deleteAudited)\(\s*\w+\s*,\s*(\w+)/g))
    add(target!, byName.get(target!));
  for (const [, sqlName] of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(base_\w+)/gi))
    add(sqlName!, bySqlName.get(sqlName!));
  return out;
}

/** the tables a file imports from the schema */
function importedTables(file: SourceFile): string[] {
  const found = /import\s*\{([^}]*)\}\s*from\s*'[./]*db\/schema\/index\.js'/.exec(file.text);
  return (found?.[1] ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

describe('table owners', () => {
  const all = tables();
  const files = sourceFiles('modules', 'platform', 'db');
  const writes = files.flatMap((f) => writesIn(f, all));
  const pending = (w: Write) =>
    PENDING_FOREIGN_WRITES[w.file.replace(/^modules\//, '')]?.includes(w.table?.name ?? '') ?? false;

  it('knows the owner of every table', () => {
    const declared = Object.values(schema).filter((v) => is(v, PgTable)).length;
    expect(all).toHaveLength(declared);
    const owners = new Set([...moduleNames(), 'platform']);
    expect(all.filter((t) => !owners.has(t.owner)).map((t) => `${t.owner}.ts: ${t.name}`)).toEqual([]);
  });

  it('finds the writes', () => {
    expect(writes.length).toBeGreaterThan(100);
    expect(new Set(writes.map((w) => w.table?.owner)).size).toBeGreaterThan(20);
  });

  it('lets only the owner write a table', () => {
    const foreign = writes.filter((w) => w.table && w.table.owner !== w.owner && !pending(w));
    expect(
      foreign.map((w) => `${w.file} writes ${w.table!.name} of ${w.table!.owner}`),
      "call the owning module's service (exported from its index.ts) instead",
    ).toEqual([]);
  });

  it('writes through a variable only in files that import no other module’s table', () => {
    const generic = writes.filter((w) => !w.table);
    const files = new Map(sourceFiles('modules', 'platform', 'db').map((f) => [f.path, f]));
    const owners = new Map(all.map((t) => [t.name, t.owner]));
    const doubtful = generic.flatMap((w) => {
      const foreign = importedTables(files.get(w.file)!).filter((name) => owners.get(name) !== w.owner);
      return foreign.length ? [`${w.file} writes ${w.target} and imports ${foreign.join(', ')}`] : [];
    });
    expect(doubtful).toEqual([]);
  });

  it('lists no pending foreign write that is gone', () => {
    const used = new Set(writes.filter(pending).map((w) => `${w.file.replace(/^modules\//, '')} ${w.table!.name}`));
    const listed = Object.entries(PENDING_FOREIGN_WRITES).flatMap(([file, names]) => names.map((n) => `${file} ${n}`));
    expect(listed.filter((entry) => !used.has(entry))).toEqual([]);
  });

  it('recognises each kind of write', () => {
    const file: SourceFile = {
      path: 'modules/notice/example.ts',
      owner: 'notice',
      text: `
        await tx
          .insert(user).values(row);
        await app.db.update(authorize).set(values);
        await deleteAudited(tx, moduleButton, id, audit);
        await tx.execute(sql\`delete from base_area where id = \${id}\`);
        await tx.delete(t).where(condition);
        cache.delete(key);
      `,
    };
    expect(writesIn(file, all).map((w) => w.table?.owner ?? w.target)).toEqual([
      'users',
      'permissionKernel',
      't',
      'menu',
      'area',
    ]);
  });
});
