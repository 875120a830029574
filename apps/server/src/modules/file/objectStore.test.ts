// Stored files in an S3-compatible object store (S3_BUCKET set; the test kit's server): the chunk upload keeps
// its chunks there too and merges them into files/annex/…, avatars, chat pictures, notice and schedule
// attachments are written and served through it, nothing lands in DATA_DIR, stale chunks are swept there, and a
// merge holds its upload against late chunks and rewritten parts.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../../../test/harness.js';
import { chunkedUpload, downloadBytes, pdfBytes, SMALL_CHUNK } from '../../../test/kit/chunkUpload.js';
import { startS3Server, type S3TestServer } from '../../../test/kit/s3Server.js';
import { PNG, upload } from '../../../test/kit/uploads.js';
import { storageOf } from '../../platform/storage.js';
import { chunkStore, STALE_MS, type UploadChunks } from './chunks.js';

let s3: S3TestServer;
let server: TestServer;
let dataDir: string;
let token: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jnpf-s3-data-'));
  server = await startTestServer({ s3: s3.settings, dataDir });
  token = await signIn(server);
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const keys = (prefix: string) => [...s3.objects.keys()].filter((k) => k.startsWith(prefix));
const localFiles = async () => fs.readdir(dataDir, { recursive: true }).catch(() => [] as string[]);

describe('stored files in an object store', () => {
  it('the chunk upload keeps chunks in the bucket, merges them there and serves the file from it', async () => {
    expect(storageOf(server.config).kind).toBe('s3');
    const bytes = pdfBytes(3 * SMALL_CHUNK + 1234);
    const merged = await chunkedUpload([server], token, bytes);
    expect(merged.code, merged.msg).toBe(200);
    const { name, url, fileSize } = merged.data!;
    expect(fileSize).toBe(bytes.length);
    expect(s3.objects.get(`files/annex/${name}`)?.body.equals(bytes)).toBe(true);
    // the merge took its chunks away, and DATA_DIR holds nothing of the upload
    expect(keys('chunks/')).toEqual([]);
    expect((await localFiles()).filter((f) => !f.startsWith('pg'))).toEqual([]);
    expect((await downloadBytes(server, token, url)).equals(bytes)).toBe(true);
    // a name that is not there is a 404 from the bucket, answered as "does not exist"
    const missing = await call(server, 'GET', `/api/file/Image/annex/20250101_${'0'.repeat(32)}.pdf`, { token });
    expect(missing).toMatchObject({ code: 400, msg: '数据不存在' });
    expect(s3.refused).toBe(0);
  });

  it('avatars, chat pictures, notice and schedule attachments are written to and read from the bucket', async () => {
    const cases: [uploadPath: string, prefix: string][] = [
      ['/api/file/Uploader/userAvatar', 'files/userAvatar/'],
      ['/api/file/Uploader/IM', 'files/IM/'],
      ['/api/message/Notice/Uploader', 'files/notice/'],
      ['/api/system/Schedule/Uploader', 'files/schedule/'],
    ];
    for (const [uploadPath, prefix] of cases) {
      const res = await upload<{ name: string; url: string }>(server, uploadPath, [{ name: 'a.png', content: PNG }], {
        token,
      });
      expect(res.code, `${uploadPath}: ${res.msg}`).toBe(200);
      expect(s3.objects.get(`${prefix}${res.data!.name}`)?.body.equals(PNG), uploadPath).toBe(true);
      const served = await fetch(`${server.baseUrl}${res.data!.url}`, {
        headers: { authorization: token, 'x-forwarded-for': server.clientIp },
      });
      expect(served.status, res.data!.url).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expect((await localFiles()).filter((f) => !f.startsWith('pg'))).toEqual([]);
  });

  it('the sweep removes stale chunks from the bucket and leaves fresh ones', async () => {
    const store = chunkStore(server.platform.context);
    const bytes = pdfBytes(2 * SMALL_CHUNK);
    // an upload left unfinished: its first chunk only
    const first = await upload<{ chunkNumbers: number[] }>(
      server,
      '/api/file/chunk',
      [{ name: 'left.pdf', content: bytes.subarray(0, SMALL_CHUNK) }],
      {
        token,
        fields: {
          chunkNumber: '1',
          chunkSize: String(SMALL_CHUNK),
          currentChunkSize: String(SMALL_CHUNK),
          totalSize: String(bytes.length),
          identifier: 'left-behind',
          filename: 'left.pdf',
          totalChunks: '2',
          extension: 'pdf',
        },
      },
    );
    expect(first.data!.chunkNumbers).toEqual([1]);
    expect(keys('chunks/').filter((k) => k.includes('/left-behind/'))).toHaveLength(2);
    expect(await store.sweep()).toBe(0);
    expect(await store.sweep(Date.now() + STALE_MS + 60_000)).toBe(1);
    expect(keys('chunks/')).toEqual([]);
  });

  it('a merge holds its upload: chunks arriving meanwhile are refused, and a part written again fails it', async () => {
    const store: UploadChunks = chunkStore(server.platform.context);
    const meta = { totalSize: 20, chunkSize: 10, totalChunks: 2, fileName: 'x.pdf', extension: 'pdf', createdAt: 0 };
    const { dir } = await store.open('user-a', 'held', meta);
    await store.writeChunk(dir, 1, Buffer.alloc(10, 1));
    await store.writeChunk(dir, 2, Buffer.alloc(10, 2));
    const claimed = await store.claim(dir);
    expect(claimed).toBeTruthy();
    // a second merge (another process) does not get it
    expect(await store.claim(dir)).toBeNull();
    await expect(store.writeChunk(dir, 2, Buffer.alloc(10, 3))).rejects.toMatchObject({ key: 'fileChunks.uploadGone' });
    expect(await store.complete(claimed!, meta)).toBe(true);
    // the part changes behind the claim's back (written straight into the bucket)
    await storageOf(server.config).put(`${dir}/2.part`, Buffer.alloc(10, 4));
    const read = async () => {
      for await (const piece of store.join(claimed!, 2)) void piece;
    };
    await expect(read()).rejects.toMatchObject({ key: 'fileChunks.chunksMissing' });
    await store.remove(claimed!);
    expect(keys(`${dir}/`)).toEqual([]);
    // the lock went with it: the same upload can start again
    const again = await store.open('user-a', 'held', meta);
    await store.writeChunk(again.dir, 1, Buffer.alloc(10, 1));
    await store.remove(again.dir);
  });
});
