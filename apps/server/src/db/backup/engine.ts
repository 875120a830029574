// Backup and restore of the whole platform, database and files, as one portable archive that either engine
// (PGlite, PostgreSQL) writes and reads: the way a platform moves from the embedded database to a server.
//
// The archive (archive.ts, a .tar.gz) holds, in this order:
// - manifest.json: the format and its version, the platform version, the schema and data migrations applied,
//   when it was made, and per table its columns, row count and the SHA-256 of its data file; per file its
//   size and SHA-256;
// - files/<category>/<name>: the uploaded files, the objects under files/ of the configured storage
//   (platform/storage.ts: DATA_DIR on disk, or an S3-compatible bucket), read and written through it;
// - tables/<table>.ndjson: every row of every table as the database's own JSON of it (row_to_json), one a
//   line, ordered by primary key under the "C" collation, so that the same rows give the same bytes on either
//   engine. Loading them back through json_populate_recordset lets the database convert each value the same
//   way back: bigint, bytea (hex), jsonb and real round-trip exactly.
//
// This is platform-level work, like the migrations: it writes every table, bypassing the modules that own
// them, and only ever as the whole platform being replaced.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { DiskStorage, PreconditionFailedError, type ObjectStorage } from '../../platform/storage.js';
import type { Database } from '../client.js';
import { ArchiveFormatError, readArchive, writeArchive, type ArchiveEntry, type EntrySource } from './archive.js';

export const BACKUP_FORMAT = 'jnpf-platform-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** tables of the migration bookkeeping that the restore compares instead of copying */
const NOT_COPIED = new Set(['schema_migration']);
const BATCH = 1000;
/** rows of a table with binary columns (generated files) can be megabytes each: fewer a batch */
const BINARY_BATCH = 20;
/** a load batch is sent once it holds this much JSON, whatever its row count */
const LOAD_BATCH_BYTES = 16 * 1024 * 1024;
/** what an archive's file entry may be named: a category folder and a file name, nothing that climbs out */
const FILE_ENTRY = /^files\/[A-Za-z0-9][A-Za-z0-9_-]{0,39}\/[A-Za-z0-9][A-Za-z0-9._-]{0,80}$/;

export interface TableManifest {
  name: string;
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

export interface FileManifest {
  /** the key under files/ of the storage (<category>/<name>) */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  platformVersion: string;
  engine: Database['kind'];
  createdAt: number;
  schemaMigrations: string[];
  dataMigrations: string[];
  tables: TableManifest[];
  files: FileManifest[];
  totals: { tables: number; rows: number; files: number; fileBytes: number };
}

export type BackupPhase = 'tables' | 'files' | 'archive' | 'verify' | 'load' | 'check';

export interface BackupProgress {
  phase: BackupPhase;
  done: number;
  total: number;
  /** the table or file being worked on */
  item?: string;
}

export type ProgressListener = (progress: BackupProgress) => void;

export type RefusalReason = 'format' | 'version' | 'corrupt' | 'migrations' | 'schema' | 'notEmpty' | 'noPlatform';

/** a backup or restore refused before the target changed, with what is wrong */
export class BackupRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly detail: string = '',
  ) {
    super(message);
    this.name = 'BackupRefusal';
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: number;
  rows: number;
  files: number;
  /** whether the target held data of its own that the restore replaced (allowed by force) */
  replacedData: boolean;
  /**
   * files of the replaced platform that the archive does not hold and that could not be removed from the
   * object store after the rows committed (left as files no row names); 0 on disk
   */
  leftBehind: number;
}

type Query = Database['query'];

interface Column {
  name: string;
  type: string;
  collatable: boolean;
}

interface TableInfo {
  name: string;
  columns: Column[];
  key: Column[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** the platform's tables (the current schema), parents before the tables that refer to them */
async function tablesOf(query: Query): Promise<TableInfo[]> {
  const columns = await query<{ table: string; name: string; type: string; collatable: boolean; key: boolean }>(
    `select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            (t.typcollation <> 0) as collatable,
            exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any(i.indkey)) as key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
      where c.relkind = 'r'
      order by c.relname, a.attnum`,
  );
  const byName = new Map<string, TableInfo>();
  for (const c of columns) {
    if (NOT_COPIED.has(c.table)) continue;
    let table = byName.get(c.table);
    if (!table) byName.set(c.table, (table = { name: c.table, columns: [], key: [] }));
    const column = { name: c.name, type: c.type, collatable: c.collatable };
    table.columns.push(column);
    if (c.key) table.key.push(column);
  }
  const references = await query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  // depth-first: a table after every table it refers to
  const ordered: TableInfo[] = [];
  const seen = new Set<string>();
  const visit = (name: string, trail: Set<string>) => {
    if (seen.has(name) || trail.has(name)) return;
    trail.add(name);
    for (const r of references) if (r.child === name) visit(r.parent, trail);
    seen.add(name);
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name, new Set());
  return ordered;
}

const ordering = (c: Column) => `t.${quoteIdent(c.name)}${c.collatable ? ' collate "C"' : ''}`;

/** the rows of one table as NDJSON lines, in a stable order, a batch at a time */
async function* tableLines(query: Query, table: TableInfo): AsyncGenerator<string[]> {
  const from = `from ${quoteIdent(table.name)} t`;
  if (table.key.length === 0) {
    const rows = await query<{ r: string }>(`select row_to_json(t)::text as r ${from} order by 1 collate "C"`);
    yield rows.map((row) => row.r);
    return;
  }
  const keys = table.key.map((c, i) => `t.${quoteIdent(c.name)}::text as k${i}`).join(', ');
  const order = table.key.map(ordering).join(', ');
  const after = `(${table.key.map(ordering).join(', ')}) > (${table.key
    .map((c, i) => `$${i + 1}::${c.type}${c.collatable ? ' collate "C"' : ''}`)
    .join(', ')})`;
  const batch = table.columns.some((c) => c.type === 'bytea') ? BINARY_BATCH : BATCH;
  let last: string[] | null = null;
  for (;;) {
    const rows: Record<string, string>[] = await query<Record<string, string>>(
      `select row_to_json(t)::text as r, ${keys} ${from} ${last ? `where ${after}` : ''} order by ${order} limit ${batch}`,
      last ?? [],
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.r!);
    if (rows.length < batch) return;
    const end = rows[rows.length - 1]!;
    last = table.key.map((_, i) => end[`k${i}`]!);
  }
}

/** the row count and SHA-256 of a table's data as the archive holds it, from the database */
async function digestTable(query: Query, table: TableInfo, sink?: (chunk: string) => Promise<void>) {
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  for await (const lines of tableLines(query, table)) {
    if (lines.length === 0) continue;
    const chunk = `${lines.join('\n')}\n`;
    hash.update(chunk);
    rows += lines.length;
    bytes += Buffer.byteLength(chunk);
    if (sink) await sink(chunk);
  }
  return { rows, bytes, sha256: hash.digest('hex') };
}

async function migrationsOf(query: Query) {
  const schema = await query<{ tag: string }>('select tag from schema_migration order by tag');
  const data = await query<{ name: string }>('select name from base_data_migration order by name');
  return { schema: schema.map((r) => r.tag), data: data.map((r) => r.name) };
}

const FILES = 'files/';

/** the stored files (keys under files/ of the storage), as paths below it, sorted; anything else aside */
async function listFiles(storage: ObjectStorage): Promise<{ path: string; etag: string }[]> {
  const objects = await storage.list(FILES);
  return objects
    .filter((o) => FILE_ENTRY.test(o.key))
    .map((o) => ({ path: o.key.slice(FILES.length), etag: o.etag }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** a stored file's bytes, only as they were when listed (its etag): a file rewritten or gone since is an error */
async function* fileBytes(storage: ObjectStorage, file: string, etag: string): AsyncGenerator<Buffer> {
  let found;
  try {
    found = await storage.get(`${FILES}${file}`, { ifMatch: etag });
  } catch (err) {
    if (err instanceof PreconditionFailedError)
      throw new Error(`backup: the file ${file} changed during the backup; run it again`);
    throw err;
  }
  if (!found) throw new Error(`backup: the file ${file} was removed during the backup; run it again`);
  for await (const piece of found.body) yield Buffer.from(piece as Uint8Array);
}

async function hashFile(storage: ObjectStorage, file: string, etag: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of fileBytes(storage, file, etag)) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

export interface BackupOptions {
  /** where the stored files are: storageOf(config) */
  storage: ObjectStorage;
  /** the archive to write; must not exist */
  out: string;
  platformVersion: string;
  onProgress?: ProgressListener;
}

/**
 * Writes the whole platform to one archive: the tables read in one snapshot (one transaction), then the
 * files. Files are written once under a new name and never changed, so a file uploaded during the backup is
 * at most an extra file no row names.
 */
export async function createBackup(database: Database, options: BackupOptions): Promise<BackupManifest> {
  const progress = options.onProgress ?? (() => undefined);
  const spool = await fs.mkdtemp(path.join(path.dirname(options.out), '.backup-'));
  try {
    const snapshot = await database.transaction(async (query) => {
      if (database.kind === 'postgres') await query('set transaction isolation level repeatable read, read only');
      const [found] = await query<{ table: string | null }>(`select to_regclass('schema_migration')::text as "table"`);
      if (!found?.table)
        throw new BackupRefusal('noPlatform', 'There is no platform in this database to back up (never migrated)');
      const migrations = await migrationsOf(query);
      const tables = await tablesOf(query);
      const manifests: TableManifest[] = [];
      for (const [i, table] of tables.entries()) {
        progress({ phase: 'tables', done: i, total: tables.length, item: table.name });
        const out = createWriteStream(path.join(spool, `${table.name}.ndjson`));
        const write = (chunk: string) =>
          new Promise<void>((resolve, reject) => out.write(chunk, (err) => (err ? reject(err) : resolve())));
        try {
          const digest = await digestTable(query, table, write);
          manifests.push({ name: table.name, columns: table.columns.map((c) => c.name), ...digest });
        } finally {
          await new Promise<void>((resolve) => out.end(resolve));
        }
      }
      progress({ phase: 'tables', done: tables.length, total: tables.length });
      return { migrations, tables: manifests };
    });

    // each file is read twice, streamed (hashed for the manifest, which comes first, then archived), and only
    // as it was listed: a file rewritten in between would not match its checksum
    const listed = await listFiles(options.storage);
    const files: FileManifest[] = [];
    const etags = new Map<string, string>();
    for (const [i, { path: name, etag }] of listed.entries()) {
      progress({ phase: 'files', done: i, total: listed.length, item: name });
      files.push({ path: name, ...(await hashFile(options.storage, name, etag)) });
      etags.set(name, etag);
    }
    progress({ phase: 'files', done: listed.length, total: listed.length });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      platformVersion: options.platformVersion,
      engine: database.kind,
      createdAt: Date.now(),
      schemaMigrations: snapshot.migrations.schema,
      dataMigrations: snapshot.migrations.data,
      tables: snapshot.tables,
      files,
      totals: {
        tables: snapshot.tables.length,
        rows: snapshot.tables.reduce((n, t) => n + t.rows, 0),
        files: files.length,
        fileBytes: files.reduce((n, f) => n + f.size, 0),
      },
    };
    const total = 1 + files.length + snapshot.tables.length;
    async function* entries(): AsyncGenerator<EntrySource> {
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
      yield { name: 'manifest.json', size: manifestBytes.length, content: manifestBytes };
      let done = 1;
      for (const file of files) {
        progress({ phase: 'archive', done: done++, total, item: file.path });
        const etag = etags.get(file.path)!;
        yield {
          name: `files/${file.path}`,
          size: file.size,
          content: () => fileBytes(options.storage, file.path, etag),
        };
      }
      for (const table of snapshot.tables) {
        progress({ phase: 'archive', done: done++, total, item: table.name });
        const full = path.join(spool, `${table.name}.ndjson`);
        yield { name: `tables/${table.name}.ndjson`, size: table.bytes, content: () => createReadStream(full) };
      }
    }
    const partial = `${options.out}.partial`;
    try {
      await writeArchive(partial, entries());
      await fs.rename(partial, options.out);
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw err;
    }
    progress({ phase: 'archive', done: total, total });
    return manifest;
  } finally {
    await fs.rm(spool, { recursive: true, force: true });
  }
}

function parseManifest(bytes: Buffer): BackupManifest {
  let parsed: Partial<BackupManifest>;
  try {
    parsed = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupRefusal('format', 'The archive is not a platform backup (unreadable manifest)');
  }
  if (parsed.format !== BACKUP_FORMAT)
    throw new BackupRefusal('format', 'The archive is not a platform backup (no manifest of the format)');
  if (parsed.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupRefusal(
      'version',
      `The archive has format version ${String(parsed.formatVersion)}; this platform reads version ${BACKUP_FORMAT_VERSION}`,
      String(parsed.formatVersion),
    );
  const valid =
    Array.isArray(parsed.tables) &&
    Array.isArray(parsed.files) &&
    Array.isArray(parsed.schemaMigrations) &&
    Array.isArray(parsed.dataMigrations) &&
    parsed.tables.every((t) => /^[a-z_][a-z0-9_]{0,62}$/.test(t.name) && Array.isArray(t.columns)) &&
    parsed.files.every((f) => typeof f.path === 'string' && FILE_ENTRY.test(`files/${f.path}`));
  if (!valid) throw new BackupRefusal('format', 'The archive is not a platform backup (bad manifest)');
  return parsed as BackupManifest;
}

const corrupt = (detail: string) =>
  new BackupRefusal('corrupt', `The archive is damaged: ${detail} does not match its checksum`, detail);

/**
 * Reads the whole archive and checks every entry against the manifest (sizes, row counts, SHA-256), without
 * touching any database: answers the manifest, or throws BackupRefusal.
 */
export async function verifyArchive(file: string, onProgress?: ProgressListener): Promise<BackupManifest> {
  let manifest: BackupManifest | null = null;
  const seen = new Set<string>();
  let done = 0;
  try {
    for await (const entry of readArchive(file)) {
      if (!manifest) {
        if (entry.name !== 'manifest.json' || entry.size > 64 * 1024 * 1024)
          throw new BackupRefusal('format', 'The archive is not a platform backup (no manifest first)');
        const pieces: Buffer[] = [];
        for await (const piece of entry.body()) pieces.push(piece);
        manifest = parseManifest(Buffer.concat(pieces));
        continue;
      }
      const expected = expectedEntry(manifest, entry.name);
      if (!expected || seen.has(entry.name)) throw corrupt(entry.name);
      seen.add(entry.name);
      onProgress?.({
        phase: 'verify',
        done: done++,
        total: manifest.files.length + manifest.tables.length,
        item: entry.name,
      });
      const hash = createHash('sha256');
      let size = 0;
      let lines = 0;
      for await (const piece of entry.body()) {
        hash.update(piece);
        size += piece.length;
        if (expected.rows !== undefined) for (const byte of piece) if (byte === 10) lines++;
      }
      if (size !== expected.size || hash.digest('hex') !== expected.sha256) throw corrupt(entry.name);
      if (expected.rows !== undefined && lines !== expected.rows) throw corrupt(entry.name);
    }
  } catch (err) {
    if (err instanceof ArchiveFormatError)
      throw new BackupRefusal('format', `The archive is not a readable platform backup (${err.message})`);
    throw err;
  }
  if (!manifest) throw new BackupRefusal('format', 'The archive is empty');
  for (const name of expectedNames(manifest)) if (!seen.has(name)) throw corrupt(name);
  return manifest;
}

function expectedNames(manifest: BackupManifest): string[] {
  return [...manifest.files.map((f) => `files/${f.path}`), ...manifest.tables.map((t) => `tables/${t.name}.ndjson`)];
}

function expectedEntry(manifest: BackupManifest, name: string) {
  if (name.startsWith('files/')) {
    const file = manifest.files.find((f) => `files/${f.path}` === name);
    return file ? { size: file.size, sha256: file.sha256, rows: undefined } : undefined;
  }
  const table = manifest.tables.find((t) => `tables/${t.name}.ndjson` === name);
  return table ? { size: table.bytes, sha256: table.sha256, rows: table.rows } : undefined;
}

export interface UserData {
  /** rows of records created after the platform was seeded (tables with a creator and a creation time) */
  records: number;
  /** uploaded files */
  files: number;
}

/**
 * What the platform holds beyond its seed: records someone created (rows of the tables with a creator, created
 * after the last data migration ran) and uploaded files. Sessions, sign-in and audit logs do not count: an
 * administrator signing in to restore leaves them.
 */
export async function userDataOf(database: Database, storage: ObjectStorage): Promise<UserData> {
  const query = database.query;
  const seeded = await query<{ at: number | string | null }>('select max(applied_at) as at from base_data_migration');
  const seededAt = Number(seeded[0]?.at ?? 0);
  const tables = await tablesOf(query);
  let records = 0;
  for (const table of tables) {
    const names = new Set(table.columns.map((c) => c.name));
    if (!names.has('creator_time') || !names.has('creator_user_id')) continue;
    const [row] = await query<{ n: number | string }>(
      `select count(*) as n from ${quoteIdent(table.name)} where creator_time > $1`,
      [seededAt],
    );
    records += Number(row?.n ?? 0);
  }
  return { records, files: (await listFiles(storage)).length };
}

export interface RestoreOptions {
  /** where the stored files go: storageOf(config) */
  storage: ObjectStorage;
  /** the archive to read */
  archive: string;
  /** replace a platform that holds data of its own */
  force?: boolean;
  onProgress?: ProgressListener;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

/**
 * Replaces the whole platform (every table, the stored files) with an archive's. The target must be migrated
 * to the same migrations as the archive. Nothing changes unless the whole archive checks out first; the rows
 * load in one transaction that also checks them (counts and checksums read back from the database) before it
 * commits. On disk the files are unpacked aside and swapped in after it; in an object store they are written
 * before the rows load and the replaced platform's other files removed after (restoreToObjects).
 */
export async function restoreBackup(database: Database, options: RestoreOptions): Promise<RestoreResult> {
  const progress = options.onProgress ?? (() => undefined);
  const manifest = await verifyArchive(options.archive, progress);

  const target = await migrationsOf(database.query);
  if (!sameList(target.schema, manifest.schemaMigrations) || !sameList(target.data, manifest.dataMigrations)) {
    const missing = [
      ...manifest.schemaMigrations.filter((m) => !target.schema.includes(m)),
      ...manifest.dataMigrations.filter((m) => !target.data.includes(m)),
    ];
    const extra = [
      ...target.schema.filter((m) => !manifest.schemaMigrations.includes(m)),
      ...target.data.filter((m) => !manifest.dataMigrations.includes(m)),
    ];
    throw new BackupRefusal(
      'migrations',
      `The archive was made by a platform with other migrations (archive only: ${missing.join(', ') || '—'}; ` +
        `this platform only: ${extra.join(', ') || '—'}). Restore it with the platform version that made it ` +
        `(${manifest.platformVersion}), then upgrade.`,
      manifest.platformVersion,
    );
  }
  const tables = await tablesOf(database.query);
  const byName = new Map(tables.map((t) => [t.name, t]));
  for (const t of manifest.tables) {
    const here = byName.get(t.name);
    if (
      !here ||
      !sameList(
        here.columns.map((c) => c.name),
        t.columns,
      )
    )
      throw new BackupRefusal('schema', `The archive's table ${t.name} does not match this platform's`, t.name);
  }
  const archived = new Set(manifest.tables.map((t) => t.name));
  const unknown = tables.find((t) => !archived.has(t.name));
  if (unknown)
    throw new BackupRefusal('schema', `The archive has no table ${unknown.name} of this platform`, unknown.name);

  const own = await userDataOf(database, options.storage);
  const replacedData = own.records > 0 || own.files > 0;
  if (replacedData && !options.force)
    throw new BackupRefusal(
      'notEmpty',
      `This platform is not empty (${own.records} records, ${own.files} files): a restore would replace them. ` +
        'Confirm the replacement (--force) to go on.',
      `${own.records}/${own.files}`,
    );

  const load = { done: 0, total: manifest.files.length + manifest.tables.length };
  const leftBehind =
    options.storage instanceof DiskStorage
      ? await restoreOnDisk(database, options, options.storage, manifest, tables, load)
      : await restoreToObjects(database, options, manifest, tables, load);
  progress({ phase: 'check', done: manifest.tables.length, total: manifest.tables.length });
  return {
    manifest,
    tables: manifest.tables.length,
    rows: manifest.totals.rows,
    files: manifest.files.length,
    replacedData,
    leftBehind,
  };
}

interface LoadCount {
  done: number;
  total: number;
}

/**
 * Empties every table and loads the archive's rows in one transaction, which reads them back (counts and
 * checksums) before it commits. The archive's files go to `onFile` on the way, inside the transaction, or are
 * passed over when there is none.
 */
async function loadRows(
  database: Database,
  options: RestoreOptions,
  manifest: BackupManifest,
  tables: TableInfo[],
  load: LoadCount,
  onFile?: (entry: ArchiveEntry) => Promise<void>,
): Promise<void> {
  const progress = options.onProgress ?? (() => undefined);
  const byName = new Map(tables.map((t) => [t.name, t]));
  await database.transaction(async (query) => {
    // children before parents on the way out
    for (const table of [...tables].reverse()) await query(`delete from ${quoteIdent(table.name)}`);
    for await (const entry of readArchive(options.archive)) {
      if (entry.name === 'manifest.json') continue;
      if (entry.name.startsWith(FILES)) {
        if (!onFile) continue;
        progress({ phase: 'load', done: load.done++, total: load.total, item: entry.name });
        await onFile(entry);
        continue;
      }
      progress({ phase: 'load', done: load.done++, total: load.total, item: entry.name });
      const name = entry.name.replace(/^tables\//, '').replace(/\.ndjson$/, '');
      await loadTable(query, byName.get(name)!, entry.body());
    }
    await resetSequences(query, tables);
    // what the database now holds, read back the way the backup read it
    for (const [i, t] of manifest.tables.entries()) {
      progress({ phase: 'check', done: i, total: manifest.tables.length, item: t.name });
      const digest = await digestTable(query, byName.get(t.name)!);
      if (digest.rows !== t.rows || digest.sha256 !== t.sha256)
        throw new Error(`restore: table ${t.name} reads back differently (${digest.rows} rows of ${t.rows})`);
    }
  });
}

/** an archive entry's bytes on their way, hashed: the digest is checked once they are all through */
function hashing(entry: ArchiveEntry) {
  const hash = createHash('sha256');
  return {
    async *body(): AsyncGenerator<Buffer> {
      for await (const piece of entry.body()) {
        hash.update(piece);
        yield piece;
      }
    },
    digest: () => hash.digest('hex'),
  };
}

/**
 * On disk: the files are unpacked into a folder beside DATA_DIR/files while the rows load, and that folder is
 * swapped in for DATA_DIR/files once the rows committed.
 */
async function restoreOnDisk(
  database: Database,
  options: RestoreOptions,
  storage: DiskStorage,
  manifest: BackupManifest,
  tables: TableInfo[],
  load: LoadCount,
): Promise<number> {
  const filesRoot = path.join(storage.root, 'files');
  const staging = `${filesRoot}.restoring-${process.pid}-${Date.now()}`;
  try {
    await fs.mkdir(staging, { recursive: true });
    await loadRows(database, options, manifest, tables, load, async (entry) => {
      const full = path.join(staging, entry.name.slice(FILES.length));
      await fs.mkdir(path.dirname(full), { recursive: true });
      const bytes = hashing(entry);
      await pipeline(bytes.body(), createWriteStream(full, { flags: 'wx' }));
      if (bytes.digest() !== expectedEntry(manifest, entry.name)!.sha256) throw corrupt(entry.name);
    });
    // the rows are in: the files folder is swapped for the archive's
    const previous = `${filesRoot}.previous-${process.pid}-${Date.now()}`;
    const had = await fs.stat(filesRoot).then(
      () => true,
      () => false,
    );
    if (had) await fs.rename(filesRoot, previous);
    await fs.rename(staging, filesRoot);
    if (had) await fs.rm(previous, { recursive: true, force: true });
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  return 0;
}

/**
 * In an object store, which has no folder to swap: the archive's files are written first (the archive was
 * verified whole before), beside the replaced platform's, which its rows still name; then the rows load. If
 * either fails, the files written that were not there before are removed again and the platform is as it was.
 * Only once the rows committed are the files the archive does not hold removed; answers how many of those
 * could not be.
 */
async function restoreToObjects(
  database: Database,
  options: RestoreOptions,
  manifest: BackupManifest,
  tables: TableInfo[],
  load: LoadCount,
): Promise<number> {
  const { storage } = options;
  const progress = options.onProgress ?? (() => undefined);
  const before = new Set((await storage.list(FILES)).map((o) => o.key));
  const added: string[] = [];
  try {
    for await (const entry of readArchive(options.archive)) {
      if (entry.name === 'manifest.json') continue;
      // the files come before the tables
      if (!entry.name.startsWith(FILES)) break;
      progress({ phase: 'load', done: load.done++, total: load.total, item: entry.name });
      if (!before.has(entry.name)) added.push(entry.name);
      const bytes = hashing(entry);
      await storage.put(entry.name, bytes.body(), entry.size);
      if (bytes.digest() !== expectedEntry(manifest, entry.name)!.sha256) throw corrupt(entry.name);
    }
    await loadRows(database, options, manifest, tables, load);
  } catch (err) {
    for (const key of added) await storage.delete(key).catch(() => undefined);
    throw err;
  }
  const archived = new Set(manifest.files.map((f) => `${FILES}${f.path}`));
  let leftBehind = 0;
  for (const key of before) {
    if (archived.has(key)) continue;
    await storage.delete(key).catch(() => {
      leftBehind++;
    });
  }
  return leftBehind;
}

/** inserts a table's NDJSON lines, a batch at a time, letting the database read each value from its JSON */
async function loadTable(query: Query, table: TableInfo, body: AsyncIterable<Buffer>): Promise<void> {
  const target = quoteIdent(table.name);
  const columns = table.columns.map((c) => quoteIdent(c.name)).join(', ');
  const insert = `insert into ${target} (${columns}) select ${columns} from json_populate_recordset(null::${target}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  // a character may be cut between two pieces: the decoder keeps its first bytes for the next
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const piece of body) {
    const text = rest + decoder.write(piece);
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      bytes += line.length;
      if (batch.length >= BATCH || bytes >= LOAD_BATCH_BYTES) await flush();
    }
  }
  rest += decoder.end();
  if (rest) batch.push(rest);
  await flush();
}

/** serial and identity columns continue after the restored rows */
async function resetSequences(query: Query, tables: TableInfo[]): Promise<void> {
  const owned = await query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_class c on c.oid = d.refobjid
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
      where d.deptype in ('a', 'i')`,
  );
  const known = new Set(tables.map((t) => t.name));
  for (const { table, column } of owned) {
    if (!known.has(table)) continue;
    await query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdent(column)}), 0) + 1, false) from ${quoteIdent(table)}`,
      [quoteIdent(table), column],
    );
  }
}
