// The two storages behave alike: the local disk under DATA_DIR, and an S3-compatible object store (the test
// kit's signing-checking server) through the AWS SDK.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/kit/s3Server.js';
import { loadConfig } from '../config.js';
import { DiskStorage, PreconditionFailedError, readAll, S3Storage, storageOf, type ObjectStorage } from './storage.js';

let s3: S3TestServer;
let dir: string;
const storages: Record<string, () => ObjectStorage> = {};

beforeAll(async () => {
  // a small page, so that listing follows continuation tokens
  s3 = await startS3Server({ pageSize: 3 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jnpf-storage-'));
  const disk = new DiskStorage(dir);
  const bucket = new S3Storage(s3.settings);
  storages.disk = () => disk;
  storages.s3 = () => bucket;
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function* pieces(...texts: string[]) {
  for (const t of texts) yield Buffer.from(t);
}

describe.each(['disk', 's3'])('%s storage', (kind) => {
  const storage = () => storages[kind]!();

  it('keeps bytes by key: put, stat, get, first bytes, delete', async () => {
    const key = `files/annex/${kind}-one.txt`;
    expect(await storage().get(key)).toBeNull();
    expect(await storage().stat(key)).toBeNull();
    await storage().put(key, Buffer.from('hello world'));
    const info = await storage().stat(key);
    expect(info).toMatchObject({ key, size: 11 });
    expect(Date.now() - info!.modified).toBeLessThan(60_000);
    const got = await storage().get(key);
    expect(got?.size).toBe(11);
    expect((await readAll(got!.body)).toString()).toBe('hello world');
    const head = await storage().get(key, { bytes: 5 });
    expect((await readAll(head!.body)).toString()).toBe('hello');
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    // deleting what is not there is no error
    await storage().delete(key);
  });

  it('stores a stream of known size whole', async () => {
    const key = `files/annex/${kind}-stream.txt`;
    await storage().put(key, pieces('ab', 'cd', 'ef'), 6);
    expect((await readAll((await storage().get(key))!.body)).toString()).toBe('abcdef');
  });

  it('reads a version by its etag, and refuses it once the object is written again', async () => {
    const key = `chunks/u1/${kind}/1.part`;
    await storage().put(key, Buffer.from('first'));
    const { etag } = (await storage().stat(key))!;
    expect((await readAll((await storage().get(key, { ifMatch: etag }))!.body)).toString()).toBe('first');
    // a disk time stamp may not move within the same millisecond: the rewrite also changes the size
    await storage().put(key, Buffer.from('second!'));
    await expect(storage().get(key, { ifMatch: etag })).rejects.toBeInstanceOf(PreconditionFailedError);
  });

  it('lists every object under a prefix, over several pages', async () => {
    const prefix = `chunks/lister-${kind}/`;
    for (let i = 1; i <= 7; i++) await storage().put(`${prefix}up/${i}.part`, Buffer.from(String(i)));
    await storage().put(`chunks/lister-${kind}x/other.part`, Buffer.from('x'));
    const listed = await storage().list(prefix);
    expect(listed.map((o) => o.key).sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `${prefix}up/${i}.part`).sort());
    expect(listed.every((o) => o.size === 1 && o.etag)).toBe(true);
    expect(await storage().list('chunks/nobody/')).toEqual([]);
  });

  it('refuses keys it could not have made', async () => {
    for (const key of ['../etc/passwd', 'files/../../x', '/abs', 'files//x', ''])
      await expect(storage().put(key, Buffer.from('x'))).rejects.toThrow(/bad key/);
  });
});

describe('the test S3 server', () => {
  it('refuses requests signed with another key or secret', async () => {
    const before = s3.refused;
    const wrongSecret = new S3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('files/x/a.txt', Buffer.from('x'))).rejects.toThrow(/Signature/);
    const wrongKey = new S3Storage({ ...s3.settings, accessKeyId: 'AKNOBODY' });
    await expect(wrongKey.list('files/')).rejects.toThrow(/InvalidAccessKeyId|AccessKey/);
    expect(s3.refused).toBe(before + 2);
    wrongSecret.destroy();
    wrongKey.destroy();
  });
});

describe('the storage configuration', () => {
  it('is the disk under DATA_DIR unless S3_BUCKET is set, then the bucket with path-style addressing', () => {
    const disk = loadConfig({ DATA_DIR: dir });
    expect(disk.s3).toBeUndefined();
    expect(storageOf(disk).kind).toBe('disk');
    const bucket = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'jnpf',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'SK',
    });
    expect(bucket.s3).toEqual({
      bucket: 'jnpf',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: true,
      prefix: '',
    });
    expect(storageOf(bucket).kind).toBe('s3');
    expect(loadConfig({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: 'jnpf/prod/' }).s3).toMatchObject({
      forcePathStyle: false,
      prefix: 'jnpf/prod/',
      accessKeyId: undefined,
    });
  });

  it('refuses a key without its secret, a prefix that is not folders, and an endpoint that is not a URL', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AK' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio' })).toThrow(/S3_ENDPOINT/);
  });
});
