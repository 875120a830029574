// The bookkeeping of stored uploads over HTTP against a real database: the sweep (run with a moved clock, as the
// periodic job runs it) removes uploads nothing holds once the grace period is over, and unfinished chunk
// uploads that stopped moving, but not before, not the held ones, and not files stored before uploads were
// registered; files a record let go are removed at the next look. The per-user quota on stored uploads and on
// unfinished chunk uploads refuses with a clear message in the caller's language.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload } from '../../db/schema/index.js';
import { fileStore } from '../../platform/files.js';
import { call } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { chunkedUpload, upload } from '../../../test/kit/uploads.js';
import { diskChunkStore, MIN_CHUNK_SIZE, sweepUploads } from './chunks.js';
import { RECHECK_MS } from './holders.js';

const GRACE_MS = 24 * 3600_000;
const QUOTA = 300_000;
const PENDING_QUOTA = 100_000;
const SCHEDULE = '/api/system/Schedule';

// a data directory of its own: the test files of a worker share one by default, and the sweeps here, run with a
// clock a day ahead, would count the unfinished chunk uploads an earlier file left there
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jnpf-holders-'));
// after hooks run last-registered first: this one, registered before the server's, runs once it has closed
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));
useAdminServer({ fileGraceMs: GRACE_MS, uploadQuota: QUOTA, pendingUploadQuota: PENDING_QUOTA, dataDir });

type User = Awaited<ReturnType<typeof signedInUser>>;
let user: User;
beforeAll(async () => {
  user = await signedInUser(server);
});

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 7)]);

const attach = (token: string, bytes: Buffer, name = 'a.pdf', lang = 'zh') =>
  upload<{ name: string; url: string }>(server, `${SCHEDULE}/Uploader`, [{ name, content: bytes }], {
    token,
    headers: { 'jnpf-language': lang },
  });

const rowOf = async (name: string) => (await ctx().db.select().from(fileUpload).where(eq(fileUpload.name, name)))[0];
const onDisk = (store: string, name: string) => fileStore(server.config).exists(store, name);

/** the first chunk of an upload of `totalSize` bytes cut into 64 KiB chunks */
function firstChunk(token: string, identifier: string, totalSize: number, lang = 'zh') {
  const totalChunks = Math.max(1, Math.floor(totalSize / MIN_CHUNK_SIZE));
  const length = totalChunks === 1 ? totalSize : MIN_CHUNK_SIZE;
  return upload<{ chunkNumbers: number[] }>(server, '/api/file/chunk', [{ name: 'big.pdf', content: pdf(length) }], {
    token,
    headers: { 'jnpf-language': lang },
    fields: {
      chunkNumber: '1',
      chunkSize: String(MIN_CHUNK_SIZE),
      currentChunkSize: String(length),
      totalSize: String(totalSize),
      identifier,
      filename: 'big.pdf',
      totalChunks: String(totalChunks),
      extension: 'pdf',
    },
  });
}

describe('the sweep of uploads', () => {
  it('removes an upload nothing holds after the grace period, not before', async () => {
    const merged = await chunkedUpload(server, user.token, pdf(500), 'left.pdf');
    expect(merged.code, merged.msg).toBe(200);
    const { name, url } = merged.data!;
    const row = await rowOf(name);
    expect(row).toMatchObject({ type: 'annex', uploaderUserId: user.id, size: 500 });

    expect(await sweepUploads(ctx(), row!.creatorTime + GRACE_MS - 60_000)).toEqual({ chunks: 0, files: 0 });
    expect(await onDisk('annex', name)).toBe(true);
    expect((await fetch(`${server.baseUrl}${url}`, { headers: { authorization: user.token } })).status).toBe(200);

    const swept = await sweepUploads(ctx(), row!.creatorTime + GRACE_MS + 60_000);
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await onDisk('annex', name)).toBe(false);
    expect(await rowOf(name)).toBeUndefined();
    expect((await call(server, 'GET', url, { token: user.token })).msg).toBe('数据不存在');
  });

  it('keeps what a record holds, and removes it at the next look once the record lets it go', async () => {
    const stored = await attach(user.token, pdf(400), 'kept.pdf');
    expect(stored.code, stored.msg).toBe(200);
    const { name } = stored.data!;
    const start = Date.now() + 86_400_000;
    const created = await call<string>(server, 'POST', SCHEDULE, {
      token: user.token,
      json: {
        category: '1',
        urgent: '1',
        title: '会议',
        allDay: 0,
        startDay: start,
        startTime: '09:00',
        endDay: start,
        endTime: '10:00',
        toUserIds: [],
        reminderTime: -2,
        repetition: '1',
        files: JSON.stringify([{ name: 'kept.pdf', fileId: name, url: stored.data!.url }]),
      },
    });
    expect(created.code, created.msg).toBe(200);
    const later = (await rowOf(name))!.creatorTime + GRACE_MS + 60_000;
    await sweepUploads(ctx(), later);
    expect(await onDisk('schedule', name)).toBe(true);
    expect((await rowOf(name))!.checkedTime).toBe(later);

    // the schedule goes: the file is let go, and goes at the next look (a held file is looked at daily)
    expect((await call(server, 'DELETE', `${SCHEDULE}/${created.data!}/3`, { token: user.token })).code).toBe(200);
    await sweepUploads(ctx(), later + 60_000);
    expect(await onDisk('schedule', name)).toBe(true);
    await sweepUploads(ctx(), later + RECHECK_MS + 60_000);
    expect(await onDisk('schedule', name)).toBe(false);
    expect(await rowOf(name)).toBeUndefined();
  });

  it('leaves files stored before uploads were registered', async () => {
    const name = await fileStore(server.config).save('annex', 'pdf', pdf(100));
    await sweepUploads(ctx(), Date.now() + 10 * GRACE_MS);
    expect(await onDisk('annex', name)).toBe(true);
  });

  it('removes an unfinished chunk upload that stopped moving for the grace period, not before', async () => {
    const identifier = `abandoned${Date.now()}`;
    // sent whole in one chunk, never merged
    const res = await firstChunk(user.token, identifier, 90_000);
    expect(res.code, res.msg).toBe(200);
    const dir = diskChunkStore(server.config.dataDir).uploadDir(user.id, identifier);
    expect((await sweepUploads(ctx(), Date.now() + GRACE_MS - 60_000)).chunks).toBe(0);
    await expect(fs.stat(dir)).resolves.toBeTruthy();
    expect((await sweepUploads(ctx(), Date.now() + GRACE_MS + 60_000)).chunks).toBeGreaterThanOrEqual(1);
    await expect(fs.stat(dir)).rejects.toThrow();
  });
});

describe('the upload quota', () => {
  it('refuses an upload past the stored quota in the caller language, and takes uploads again once room is made', async () => {
    const saver = await signedInUser(server);
    expect((await attach(saver.token, pdf(200_000))).code).toBe(200);
    const refused = await attach(saver.token, pdf(150_000));
    expect(refused).toMatchObject({
      code: 400,
      msg: '文件存储空间不足：您已使用195.3KB，上限为293KB，本次上传需要146.5KB。请删除不再需要的文件后再上传',
    });
    expect((await attach(saver.token, pdf(150_000), 'a.pdf', 'zhtw')).msg).toBe(
      '文件存儲空間不足：您已使用195.3KB，上限為293KB，本次上傳需要146.5KB。請刪除不再需要的文件後再上傳',
    );
    expect((await attach(saver.token, pdf(150_000), 'a.pdf', 'en')).msg).toBe(
      'Not enough file storage: you use 195.3KB of your 293KB and this upload needs 146.5KB. Delete files you no longer need, then upload again',
    );
    // the chunked upload is refused at its first chunk, by the size it announces
    const chunked = await firstChunk(saver.token, `over${Date.now()}`, 150_000);
    expect(chunked.msg).toContain('文件存储空间不足');
    // another user has their own room
    expect((await attach(user.token, pdf(150_000))).code).toBe(200);
    // the unused upload swept, there is room again
    await sweepUploads(ctx(), Date.now() + GRACE_MS + 60_000);
    expect((await attach(saver.token, pdf(150_000))).code).toBe(200);
  });

  it('refuses a new chunk upload past the quota of unfinished ones', async () => {
    const sender = await signedInUser(server);
    expect((await firstChunk(sender.token, `first${Date.now()}`, 90_000)).code).toBe(200);
    // 87.9 KB announced and unfinished: another upload of 19.5 KB would pass 97.7 KB
    expect((await firstChunk(sender.token, `first${Date.now()}x`, 20_000, 'en')).msg).toBe(
      'Too many unfinished uploads: 87.9KB are unfinished, the limit is 97.7KB and this upload needs 19.5KB. Finish the other uploads first, or wait until they expire',
    );
    const zh = await firstChunk(sender.token, `second${Date.now()}`, 20_000);
    expect(zh).toMatchObject({ code: 400 });
    expect(zh.msg).toBe(
      '未完成的上传过多：已有87.9KB未完成，上限为97.7KB，本次上传需要19.5KB。请先完成其他上传，或等待其过期清理',
    );
  });
});
