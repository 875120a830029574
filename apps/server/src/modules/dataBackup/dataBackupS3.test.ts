// The backup screen on a server whose stored files are in an S3-compatible object store (the test kit's
// server): the backup task archives the bucket's files, and a forced restore puts the archive's files back in
// the bucket and removes the ones it does not hold; the file downloads through the API afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../../db/backup/engine.js';
import { client, signIn, startTestServer, type Client, type TestServer } from '../../../test/harness.js';
import { expectRecords, finished, makeRecords } from '../../../test/kit/backup.js';
import { startS3Server, type S3TestServer } from '../../../test/kit/s3Server.js';
import { backupDir } from './service.js';

const BASE = '/api/systemData/DataBackup';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jnpf-backup-s3-http-'));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: S3TestServer;
let server: TestServer;
let api: Client;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer({ dataDir, s3: { ...s3.settings, prefix: 'jnpf/' } });
  api = client(server, await signIn(server));
});

afterAll(async () => {
  await server?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stored = () =>
  Object.fromEntries(
    [...s3.objects.entries()]
      .filter(([key]) => key.startsWith('jnpf/files/'))
      .map(([key, o]) => [key.slice('jnpf/files/'.length), sha256(o.body)]),
  );

describe('backup screen with the files in an object store', () => {
  it('backs up the files of the bucket and restores them there', async () => {
    const token = await signIn(server);
    const made = await makeRecords(server, client(server, token), token);
    const started = await api.post<{ jobId: string; name: string }>(BASE);
    expect(started.code, started.msg).toBe(200);
    const backup = await finished(api, started.data!.jobId);
    expect(backup).toMatchObject({ state: 'done', error: null, result: { files: 1 } });
    const manifest = await verifyArchive(path.join(backupDir(server.platform.context), backup.name));
    expect(Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]))).toEqual(stored());
    expect(manifest.files[0]!.sha256).toBe(sha256(made.file.bytes));
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    // a file uploaded after the backup: not in the archive, gone once it is restored
    const stray = `jnpf/files/annex/20260101_${randomBytes(16).toString('hex')}.pdf`;
    s3.objects.set(stray, { body: Buffer.from('%PDF-1.7 later'), etag: '"later"', modified: new Date() });
    const restored = await api.post<{ jobId: string }>(`${BASE}/${backup.name}/Actions/Restore`, {
      confirm: true,
      force: true,
    });
    expect(restored.code, restored.msg).toBe(200);
    const job = await finished(api, restored.data!.jobId);
    expect(job).toMatchObject({ state: 'done', kind: 'restore', error: null, result: { files: 1 } });
    expect(s3.objects.has(stray)).toBe(false);
    expect(stored()).toEqual(Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256])));
    await expectRecords(server, made);
    expect(s3.refused).toBe(0);
  }, 120_000);
});
