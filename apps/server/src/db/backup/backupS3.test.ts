// Backup and restore with the stored files in an S3-compatible object store (the test kit's server): a platform
// whose files are in one bucket is backed up by the command, restored into a fresh platform on another bucket
// (under a prefix), where the same rows and files read back with the same checksums and the file downloads
// through the API. A forced restore over it replaces its files: those the archive does not hold go, only after
// the rows committed; a refused or damaged restore leaves the bucket as it was, and so does one that fails while
// the rows load. The same archive also restores onto the local disk.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXIT, runBackupCommand } from '../../backupCommand.js';
import type { Config, S3Settings } from '../../config.js';
import { startPlatform } from '../../server.js';
import { testConfig } from '../../../test/config.js';
import { signIn, client, type TestServer } from '../../../test/harness.js';
import { expectRecords, makeRecords, type Made } from '../../../test/kit/backup.js';
import { startS3Server, type S3TestServer } from '../../../test/kit/s3Server.js';
import { readArchive, writeArchive, type EntrySource } from './archive.js';
import { openDatabase, type Database } from '../client.js';
import { S3Storage } from '../../platform/storage.js';
import { restoreBackup, verifyArchive, type BackupManifest } from './engine.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-backup-s3-'));
const dir = (name: string) => path.join(root, name);
const archive = dir('platform.tar.gz');
const PREFIX = 'restored/';

let source: S3TestServer;
let target: S3TestServer;

const s3Env = (s3: S3Settings, prefix = ''): Record<string, string> => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint!,
  S3_REGION: s3.region,
  S3_ACCESS_KEY_ID: s3.accessKeyId!,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey!,
  ...(prefix ? { S3_PREFIX: prefix } : {}),
});
const sourceEnv = () => ({ DATA_DIR: dir('source'), ...s3Env(source.settings) });
const targetEnv = () => ({ DATA_DIR: dir('copy'), ...s3Env(target.settings, PREFIX) });

async function command(argv: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runBackupCommand(
    argv,
    { LOG_LEVEL: 'silent', ADMIN_PASSWORD: '123456', ...env },
    { log: (line) => lines.push(line), error: (line) => lines.push(line) },
  );
  return { code, output: lines.join('\n') };
}

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
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** the bucket's objects under files/ (below the prefix) as path → SHA-256 */
const filesIn = (s3: S3TestServer, prefix = '') =>
  Object.fromEntries(
    [...s3.objects.entries()]
      .filter(([key]) => key.startsWith(`${prefix}files/`))
      .map(([key, o]) => [key.slice(`${prefix}files/`.length), sha256(o.body)]),
  );
const filesOf = (manifest: BackupManifest) => Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]));
const snapshot = (s3: S3TestServer) => new Map([...s3.objects].map(([k, o]) => [k, o.etag]));

let made: Made;
let manifest: BackupManifest;

beforeAll(async () => {
  [source, target] = await Promise.all([startS3Server({ pageSize: 2 }), startS3Server({ pageSize: 2 })]);
  const server = await startServer({ dataDir: dir('source'), s3: source.settings }, true);
  try {
    const token = await signIn(server);
    made = await makeRecords(server, client(server, token), token);
  } finally {
    await server.close();
  }
  const done = await command(['backup', '--out', archive, '--quiet'], sourceEnv());
  expect(done.code, done.output).toBe(EXIT.done);
  expect(done.output).toMatch(/with the files in the bucket test-.* \d+ tables, \d+ rows, 1 files/);
  manifest = await verifyArchive(archive);
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore with the files in an object store', () => {
  it('the backup holds the files of the bucket, none of DATA_DIR', () => {
    expect(fs.existsSync(path.join(dir('source'), 'files'))).toBe(false);
    expect(Object.keys(filesIn(source))).toHaveLength(1);
    expect(filesOf(manifest)).toEqual(filesIn(source));
    expect(manifest.files[0]!.size).toBe(made.file.bytes.length);
    expect(manifest.files[0]!.sha256).toBe(sha256(made.file.bytes));
    expect(source.refused).toBe(0);
  });

  it('restores into a fresh platform on another bucket: same rows, files and checksums, the file downloads', async () => {
    const restored = await command(['restore', '--in', archive], targetEnv());
    expect(restored.code, restored.output).toBe(EXIT.done);
    expect(restored.output).toContain(`with the files in the bucket ${target.settings.bucket} (${PREFIX})`);
    expect(filesIn(target, PREFIX)).toEqual(filesOf(manifest));
    expect([...target.objects.keys()].every((k) => k.startsWith(PREFIX))).toBe(true);
    expect(fs.existsSync(path.join(dir('copy'), 'files'))).toBe(false);
    // read back by a backup of the copy: the same rows to the byte, the same files
    const again = await command(['backup', '--out', dir('copy.tar.gz'), '--quiet'], targetEnv());
    expect(again.code, again.output).toBe(EXIT.done);
    const copy = await verifyArchive(dir('copy.tar.gz'));
    expect(tablesOf(copy)).toEqual(tablesOf(manifest));
    expect(copy.files).toEqual(manifest.files);
    const server = await startServer({ dataDir: dir('copy'), s3: { ...target.settings, prefix: PREFIX } });
    try {
      await expectRecords(server, made);
    } finally {
      await server.close();
    }
    expect(target.refused).toBe(0);
  }, 120_000);

  it('the same archive restores onto the local disk: the files land in DATA_DIR/files', async () => {
    const restored = await command(['restore', '--in', archive, '--quiet'], { DATA_DIR: dir('disk') });
    expect(restored.code, restored.output).toBe(EXIT.done);
    const files = Object.fromEntries(
      manifest.files.map((f) => [f.path, sha256(fs.readFileSync(path.join(dir('disk'), 'files', f.path)))]),
    );
    expect(files).toEqual(filesOf(manifest));
    const again = await command(['backup', '--out', dir('disk.tar.gz'), '--quiet'], { DATA_DIR: dir('disk') });
    expect(again.code, again.output).toBe(EXIT.done);
    const copy = await verifyArchive(dir('disk.tar.gz'));
    expect(tablesOf(copy)).toEqual(tablesOf(manifest));
    expect(copy.files).toEqual(manifest.files);
  }, 120_000);

  it('a forced restore replaces the files: the bucket holds the archive’s files only, after the rows', async () => {
    // a file of the platform being replaced, that the archive does not hold
    const stray = `${PREFIX}files/annex/20260101_${randomBytes(16).toString('hex')}.pdf`;
    target.objects.set(stray, { body: Buffer.from('%PDF-1.7 stray'), etag: '"stray"', modified: new Date() });
    const before = snapshot(target);
    const refused = await command(['restore', '--in', archive], targetEnv());
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.output).toMatch(/Refused: This platform is not empty \(\d+ records, 2 files\)/);
    expect(snapshot(target)).toEqual(before);
    const requests = target.requests.length;
    const forced = await command(['restore', '--in', archive, '--force', '--quiet'], targetEnv());
    expect(forced.code, forced.output).toBe(EXIT.done);
    expect(target.objects.has(stray)).toBe(false);
    expect(filesIn(target, PREFIX)).toEqual(filesOf(manifest));
    // the archive's file written before the old one removed, which came last
    const calls = target.requests.slice(requests);
    const put = calls.findIndex((r) => r.startsWith(`PUT /${target.settings.bucket}/${PREFIX}files/`));
    const removed = calls.findIndex((r) => r.startsWith('DELETE '));
    expect(put).toBeGreaterThanOrEqual(0);
    expect(removed).toBeGreaterThan(put);
    expect(calls.slice(removed).every((r) => r.startsWith('DELETE '))).toBe(true);
  }, 120_000);

  it('refuses a damaged archive and leaves the bucket as it was', async () => {
    const damaged = dir('damaged.tar.gz');
    async function* entries(): AsyncGenerator<EntrySource> {
      for await (const entry of readArchive(archive)) {
        const pieces: Buffer[] = [];
        for await (const piece of entry.body()) pieces.push(piece);
        const content = Buffer.concat(pieces);
        if (entry.name.startsWith('files/')) content[content.length - 1] = content.at(-1)! ^ 0xff;
        yield { name: entry.name, size: content.length, content };
      }
    }
    await writeArchive(damaged, entries());
    const before = snapshot(target);
    const refused = await command(['restore', '--in', damaged, '--force'], targetEnv());
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.output).toContain('Refused: The archive is damaged: files/');
    expect(snapshot(target)).toEqual(before);
  }, 120_000);

  it('a restore that fails while the rows load takes back the files it wrote and keeps the old ones', async () => {
    // another prefix of the target bucket: a platform whose only file is not in the archive
    const storage = new S3Storage({ ...target.settings, prefix: 'failing/' });
    const old = `failing/files/annex/20260101_${randomBytes(16).toString('hex')}.pdf`;
    target.objects.set(old, { body: Buffer.from('%PDF-1.7 old'), etag: '"old"', modified: new Date() });
    const database = await openDatabase({ dataDir: dir('copy') });
    try {
      const roles = async () => (await database.query('select count(*)::int as n from base_role'))[0]!.n;
      const rolesBefore = await roles();
      // the database fails in the middle of the load
      const failing: Database = {
        ...database,
        transaction: (fn) =>
          database.transaction((query) =>
            fn(async (text, params) => {
              if (text.startsWith('insert into "base_user"')) throw new Error('the database went away');
              return query(text, params);
            }),
          ),
      };
      const before = snapshot(target);
      await expect(restoreBackup(failing, { storage, archive, force: true })).rejects.toThrow('the database went away');
      // the archive's file had been written under failing/ before the rows: it is gone again, the old one stays
      expect(target.requests.some((r) => r.startsWith(`PUT /${target.settings.bucket}/failing/files/`))).toBe(true);
      expect(snapshot(target)).toEqual(before);
      expect(await roles()).toBe(rolesBefore);
    } finally {
      await database.close();
      storage.destroy();
    }
  }, 120_000);
});
