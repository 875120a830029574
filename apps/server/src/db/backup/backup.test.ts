// The backup and restore commands against real databases: an embedded platform with records and a file is
// backed up by the command (refused while its server holds the data directory), restored into a fresh data
// directory and into a fresh PostgreSQL database (the move from the embedded database to a server), where the
// same rows read back with the same checksums, the administrator signs in and the file downloads. A platform
// with data of its own is refused unless forced; a damaged archive is refused and changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXIT, runBackupCommand } from '../../backupCommand.js';
import type { Config } from '../../config.js';
import { startPlatform } from '../../server.js';
import { testConfig } from '../../../test/config.js';
import { withDatabase } from '../../../test/globalSetup.js';
import { client, signIn, type TestServer } from '../../../test/harness.js';
import { dropDatabase } from '../../../test/pg.js';
import { expectRecords, makeRecords, type Made } from '../../../test/kit/backup.js';
import { readArchive, writeArchive, type EntrySource } from './archive.js';
import { verifyArchive, type BackupManifest } from './engine.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-backup-'));
const dir = (name: string) => path.join(root, name);
const archive = dir('platform.tar.gz');
const pgUrl = process.env.TEST_DATABASE_URL;

/** runs the command as `npm run backup|restore` would, with this environment; answers its code and output */
async function command(argv: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runBackupCommand(
    argv,
    { LOG_LEVEL: 'silent', ADMIN_PASSWORD: '123456', ...env },
    {
      log: (line) => lines.push(line),
      error: (line) => lines.push(line),
    },
  );
  return { code, output: lines.join('\n') };
}

/** a server on an on-disk embedded data directory (holding its lock), or on PostgreSQL */
async function startServer(overrides: Partial<Config>, fresh = false): Promise<TestServer> {
  const config = testConfig(overrides);
  const image = fresh ? new Blob([fs.readFileSync(inject('pgliteImage'))]) : undefined;
  const platform = await startPlatform(config, { logger: false, ...(image ? { loadDataDir: image } : {}) });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    platform,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    clientIp: `10.9.${randomBytes(2).join('.')}`,
    close: () => platform.close(),
  };
}

const tablesOf = (manifest: BackupManifest) =>
  Object.fromEntries(manifest.tables.map((t) => [t.name, { rows: t.rows, sha256: t.sha256 }]));

let made: Made;
let manifest: BackupManifest;

beforeAll(async () => {
  const source = await startServer({ dataDir: dir('source') }, true);
  try {
    const token = await signIn(source);
    made = await makeRecords(source, client(source, token), token);
    // while the server holds the embedded data directory, the command refuses and says where to go instead
    const refused = await command(['backup', '--out', archive], { DATA_DIR: dir('source') });
    expect(refused.code).toBe(EXIT.locked);
    expect(refused.output).toContain('is in use by process');
    expect(refused.output).toContain('数据备份');
    expect(fs.existsSync(archive)).toBe(false);
  } finally {
    await source.close();
  }
  const done = await command(['backup', '--out', archive, '--quiet'], { DATA_DIR: dir('source') });
  expect(done.code, done.output).toBe(EXIT.done);
  expect(done.output).toMatch(/Backup of the embedded database .* \d+ tables, \d+ rows, 1 files/);
  manifest = await verifyArchive(archive);
}, 120_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore commands', () => {
  it('the archive holds every table with its count and checksum, and the uploaded file', () => {
    expect(manifest).toMatchObject({ format: 'jnpf-platform-backup', formatVersion: 1, engine: 'pglite' });
    const tables = tablesOf(manifest);
    expect(tables.base_user!.rows).toBeGreaterThanOrEqual(2);
    expect(tables.base_role!.rows).toBeGreaterThanOrEqual(1);
    expect(manifest.schemaMigrations.length).toBeGreaterThan(0);
    expect(manifest.tables.find((t) => t.name === 'schema_migration')).toBeUndefined();
    expect(manifest.files).toHaveLength(1);
    expect(manifest.files[0]!.size).toBe(made.file.bytes.length);
  });

  it('restores into a fresh embedded data directory: same rows and checksums, sign-in, the file', async () => {
    const restored = await command(['restore', '--in', archive], { DATA_DIR: dir('copy') });
    expect(restored.code, restored.output).toBe(EXIT.done);
    expect(restored.output).toContain('counts and checksums verified');
    // read back by a backup of the copy: table for table the same rows, to the byte
    const again = await command(['backup', '--out', dir('copy.tar.gz'), '--quiet'], { DATA_DIR: dir('copy') });
    expect(again.code, again.output).toBe(EXIT.done);
    const copy = await verifyArchive(dir('copy.tar.gz'));
    expect(tablesOf(copy)).toEqual(tablesOf(manifest));
    expect(copy.files).toEqual(manifest.files);
    const server = await startServer({ dataDir: dir('copy') });
    try {
      await expectRecords(server, made);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('refuses to restore over a platform with data of its own unless forced', async () => {
    const refused = await command(['restore', '--in', archive], { DATA_DIR: dir('copy') });
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.output).toMatch(/Refused: This platform is not empty \(\d+ records, 1 files\).*--force/);
    const forced = await command(['restore', '--in', archive, '--force', '--quiet'], { DATA_DIR: dir('copy') });
    expect(forced.code, forced.output).toBe(EXIT.done);
  }, 120_000);

  it('refuses a damaged archive and leaves the platform as it was', async () => {
    // the same manifest, one row changed: the table's checksum no longer matches
    const damaged = dir('damaged.tar.gz');
    async function* entries(): AsyncGenerator<EntrySource> {
      for await (const entry of readArchive(archive)) {
        const pieces: Buffer[] = [];
        for await (const piece of entry.body()) pieces.push(piece);
        let content = Buffer.concat(pieces);
        if (entry.name === 'tables/base_role.ndjson')
          content = Buffer.from(content.toString('utf8').replace('备份角色', '篡改角色'));
        yield { name: entry.name, size: content.length, content };
      }
    }
    await writeArchive(damaged, entries());
    const before = await command(['backup', '--out', dir('before.tar.gz'), '--quiet'], { DATA_DIR: dir('copy') });
    expect(before.code).toBe(EXIT.done);
    const refused = await command(['restore', '--in', damaged, '--force'], { DATA_DIR: dir('copy') });
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.output).toContain('Refused: The archive is damaged: tables/base_role.ndjson');
    // not gzip at all
    fs.writeFileSync(dir('garbage.tar.gz'), randomBytes(4000));
    const garbage = await command(['restore', '--in', dir('garbage.tar.gz'), '--force'], { DATA_DIR: dir('copy') });
    expect(garbage.code).toBe(EXIT.failed);
    expect(garbage.output).toContain('Refused: The archive is not a readable platform backup');
    const after = await command(['backup', '--out', dir('after.tar.gz'), '--quiet'], { DATA_DIR: dir('copy') });
    expect(after.code).toBe(EXIT.done);
    const [a, b] = [await verifyArchive(dir('before.tar.gz')), await verifyArchive(dir('after.tar.gz'))];
    expect(tablesOf(b)).toEqual(tablesOf(a));
    expect(b.files).toEqual(a.files);
  }, 120_000);

  it('says how it is used', async () => {
    expect((await command(['backup'], { DATA_DIR: dir('x') })).code).toBe(EXIT.usage);
    expect((await command(['restore', '--in', dir('none.tar.gz')], { DATA_DIR: dir('x') })).output).toContain(
      'does not exist',
    );
    expect((await command(['backup', '--out', archive], { DATA_DIR: dir('x') })).output).toContain('exists already');
    expect((await command(['dump'], {})).output).toContain('usage: npm run backup');
    const nothing = await command(['backup', '--out', dir('nothing.tar.gz')], { DATA_DIR: dir('nothing') });
    expect(nothing.output).toContain('There is no embedded database in');
    expect(fs.existsSync(dir('nothing'))).toBe(false);
  });

  it.skipIf(!pgUrl)(
    'moves the embedded platform to a fresh PostgreSQL database: same rows and checksums, sign-in, the file',
    async () => {
      const { default: pg } = await import('pg');
      const name = `jnpf_backup_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = withDatabase(pgUrl!, name);
      try {
        const env = { DATABASE_URL: url, DATA_DIR: dir('pg') };
        const restored = await command(['restore', '--in', archive, '--quiet'], env);
        expect(restored.code, restored.output).toBe(EXIT.done);
        expect(restored.output).toContain('into PostgreSQL (DATABASE_URL)');
        const again = await command(['backup', '--out', dir('pg.tar.gz'), '--quiet'], env);
        expect(again.code, again.output).toBe(EXIT.done);
        const copy = await verifyArchive(dir('pg.tar.gz'));
        expect(copy.engine).toBe('postgres');
        expect(tablesOf(copy)).toEqual(tablesOf(manifest));
        expect(copy.files).toEqual(manifest.files);
        const server = await startServer({ databaseUrl: url, databasePoolSize: 3, dataDir: dir('pg') });
        try {
          await expectRecords(server, made);
        } finally {
          await server.close();
        }
      } finally {
        await dropDatabase(pgUrl!, name);
      }
    },
    120_000,
  );
});
