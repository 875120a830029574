// The general chunk upload over HTTP: chunks in any order and retried, the test call, merge (form-encoded,
// JSON, multipart) into a stored file registered as the caller's upload and served to its uploader, and every
// refusal: file types, pictures that are not, missing chunks, wrong sizes, other users' chunks, strangers,
// oversize files, bad identifiers. Then the periodic sweep of stale chunks.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileUpload, scheduledJob } from '../../db/schema/index.js';
import { Scheduler } from '../../platform/scheduler.js';
import { call, startPeerServer, type TestServer } from '../../../test/harness.js';
import { signedInUser } from '../../../test/kit/access.js';
import { admin as token, ctx, server, useAdminServer } from '../../../test/kit/adminServer.js';
import { adminId as seededAdminId } from '../../../test/kit/directory.js';
import { PNG, upload } from '../../../test/kit/uploads.js';
import { diskChunkStore, MIN_CHUNK_SIZE, STALE_MS, SWEEP_EVERY_MS, SWEEP_KIND, sweepHandler } from './chunks.js';

let otherToken: string;
let otherUserId: string;

const REFUSED_TYPE = '上传失败，文件格式不允许上传';
const CHUNK = MIN_CHUNK_SIZE;

type Envelope<T = unknown> = { code: number; msg: string; data?: T };
type ChunkAnswer = { chunkNumbers: number[]; merge: boolean; uploaded?: boolean };
type Uploaded = { name: string; url: string; fileSize: number; fileExtension: string };

const newIdentifier = () => randomBytes(16).toString('hex');
/** random content that can never look like a picture (its first bytes are fixed) */
const fileBytes = (length: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(length - 9)]);

/** the simple-uploader parameters of chunk n of `bytes` cut into `chunkSize` pieces (the last one the rest) */
function paramsOf(identifier: string, bytes: Buffer, n: number, filename = 'report.pdf', chunkSize = CHUNK) {
  const totalChunks = Math.max(1, Math.ceil(bytes.length / chunkSize));
  const start = (n - 1) * chunkSize;
  const piece = bytes.subarray(start, Math.min(start + chunkSize, bytes.length));
  const extension = path.extname(filename).slice(1);
  return {
    params: {
      chunkNumber: n,
      chunkSize,
      currentChunkSize: piece.length,
      totalSize: bytes.length,
      identifier,
      filename,
      relativePath: filename,
      totalChunks,
      fileType: 'application/octet-stream',
      extension,
    } as Record<string, string | number>,
    piece,
  };
}

const postChunk = (
  auth: string | null,
  params: Record<string, string | number>,
  piece: Buffer,
  lang = 'zh',
  on: TestServer = server,
): Promise<Envelope<ChunkAnswer>> =>
  upload<ChunkAnswer>(on, '/api/file/chunk', [{ name: String(params.filename ?? 'blob'), content: piece }], {
    token: auth,
    fields: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    headers: { 'jnpf-language': lang },
  });

const sendChunk = (auth: string, identifier: string, bytes: Buffer, n: number, filename?: string) => {
  const { params, piece } = paramsOf(identifier, bytes, n, filename);
  return postChunk(auth, params, piece);
};

const testCall = (auth: string, query: Record<string, string | number>, lang = 'zh') =>
  call<ChunkAnswer>(server, 'GET', '/api/file/chunk', { token: auth, query, headers: { 'jnpf-language': lang } });

const merge = (auth: string, fields: Record<string, string>, lang = 'zh') =>
  call<Uploaded>(server, 'POST', '/api/file/merge', { token: auth, form: fields, headers: { 'jnpf-language': lang } });

const mergeFields = (identifier: string, bytes: Buffer, fileName = 'report.pdf', type?: string) => ({
  identifier,
  fileName,
  fileSize: String(bytes.length),
  fileType: 'application/pdf',
  extension: path.extname(fileName).slice(1),
  ...(type ? { type } : {}),
});

async function uploadAll(auth: string, identifier: string, bytes: Buffer, filename = 'report.pdf') {
  const total = Math.max(1, Math.ceil(bytes.length / CHUNK));
  let last: Envelope<ChunkAnswer> | undefined;
  for (let n = 1; n <= total; n++) last = await sendChunk(auth, identifier, bytes, n, filename);
  return last!;
}

const download = (auth: string | null, url: string) =>
  fetch(`${server.baseUrl}${url}`, {
    headers: { ...(auth ? { authorization: auth } : {}), 'x-forwarded-for': server.clientIp },
  });

const chunkDir = (userId: string, identifier: string) =>
  diskChunkStore(server.config.dataDir).uploadDir(userId, identifier);

const adminId = () => seededAdminId(ctx());

useAdminServer();
beforeAll(async () => {
  const other = await signedInUser(server);
  otherUserId = other.id;
  otherToken = other.token;
});

describe('chunk upload', () => {
  it('takes the storage options a file field sends (pathType, isAccount, folder) and stores the file as ever', async () => {
    const bytes = fileBytes(10_000);
    const id = newIdentifier();
    await uploadAll(token, id, bytes);
    const merged = await merge(token, {
      ...mergeFields(id, bytes),
      pathType: 'selfPath',
      isAccount: '1',
      folder: 'contracts/2026',
    });
    expect(merged.code, merged.msg).toBe(200);
    // one place here: the options do not move the file nor let a folder name reach the disk path
    expect(merged.data!.url).toBe(`/api/file/Image/annex/${merged.data!.name}`);
    const res = await download(token, merged.data!.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // an oversized folder name is refused, as the reference's field lengths are
    const other = newIdentifier();
    await uploadAll(token, other, bytes);
    const refused = await merge(token, { ...mergeFields(other, bytes), folder: 'x'.repeat(201) });
    expect(refused.code).not.toBe(200);
  });

  it('takes chunks out of order and retried, lists them on the test call, merges and serves equal bytes', async () => {
    const bytes = fileBytes(2 * CHUNK + 10_000);
    const id = newIdentifier();
    expect((await testCall(token, { identifier: id, filename: 'report.pdf', extension: 'pdf' })).data).toEqual({
      chunkNumbers: [],
      merge: false,
    });
    const third = await sendChunk(token, id, bytes, 3);
    expect(third.code, third.msg).toBe(200);
    expect(third.data).toEqual({ chunkNumbers: [3], merge: false });
    expect((await sendChunk(token, id, bytes, 1)).data).toEqual({ chunkNumbers: [1, 3], merge: false });
    // a retried chunk replaces its copy and counts once
    expect((await sendChunk(token, id, bytes, 1)).data).toEqual({ chunkNumbers: [1, 3], merge: false });
    const listed = await testCall(token, { ...paramsOf(id, bytes, 2).params });
    expect(listed.code, listed.msg).toBe(200);
    expect(listed.data).toEqual({ chunkNumbers: [1, 3], merge: false });
    expect(listed.data).not.toHaveProperty('uploaded');
    expect((await sendChunk(token, id, bytes, 2)).data).toEqual({ chunkNumbers: [1, 2, 3], merge: true });
    expect((await testCall(token, { identifier: id, filename: 'report.pdf' })).data).toEqual({
      chunkNumbers: [1, 2, 3],
      merge: true,
    });

    const merged = await merge(token, mergeFields(id, bytes));
    expect(merged.code, merged.msg).toBe(200);
    const { name, url, fileSize, fileExtension } = merged.data!;
    expect(name).toMatch(/^\d{8}_[0-9a-f]{32}\.pdf$/);
    expect(url).toBe(`/api/file/Image/annex/${name}`);
    expect(fileSize).toBe(bytes.length);
    expect(fileExtension).toBe('pdf');
    // registered as the caller's upload: what a form record checks its new files against
    const registered = await server.platform.context.db.select().from(fileUpload).where(eq(fileUpload.name, name));
    expect(registered).toEqual([
      {
        name,
        type: 'annex',
        uploaderUserId: await adminId(),
        size: bytes.length,
        creatorTime: expect.any(Number),
        checkedTime: null,
      },
    ]);

    const file = await download(token, url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // its uploader reads it under the name the link asks for (its extension kept); another user, whom no record
    // holding it lets read it, does not even learn that it exists
    const named = await download(token, `${url}?name=${encodeURIComponent('季度报告.html')}`);
    expect(named.status).toBe(200);
    expect(((await (await download(otherToken, url)).json()) as Envelope).msg).toBe('数据不存在');
    expect(named.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('季度报告.html.pdf')}`,
    );

    // the chunks are gone: nothing to list, nothing to merge twice
    await expect(fs.stat(chunkDir(await adminId(), id))).rejects.toThrow();
    expect((await testCall(token, { identifier: id, filename: 'report.pdf' })).data).toEqual({
      chunkNumbers: [],
      merge: false,
    });
    expect(await merge(token, mergeFields(id, bytes))).toMatchObject({
      code: 400,
      msg: '上传失败，文件分片不完整，请重新上传',
    });
  });

  it('takes the first chunks in parallel, a single-chunk file, and merges sent as JSON or multipart', async () => {
    const bytes = fileBytes(3 * CHUNK);
    const id = newIdentifier();
    const answers = await Promise.all([1, 2, 3].map((n) => sendChunk(token, id, bytes, n, 'data.zip')));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.data!.merge)).not.toHaveLength(0);
    const json = await call<Uploaded>(server, 'POST', '/api/file/merge', {
      token,
      json: { identifier: id, fileName: 'data.zip', filesize: bytes.length, extension: 'zip', type: 'annex' },
    });
    expect(json.code, json.msg).toBe(200);
    expect(Buffer.from(await (await download(token, json.data!.url)).arrayBuffer()).equals(bytes)).toBe(true);

    // the reference's uploader joins the rest into the last chunk (up to twice the chunk size)
    const single = fileBytes(CHUNK + 5);
    const oneId = newIdentifier();
    const { params } = paramsOf(oneId, single, 1, 'notes.txt');
    const stored = await postChunk(token, { ...params, totalChunks: 1, currentChunkSize: single.length }, single);
    expect(stored.data).toEqual({ chunkNumbers: [1], merge: true });
    const form = new FormData();
    for (const [k, v] of Object.entries(mergeFields(oneId, single, 'notes.txt'))) form.append(k, v);
    const multipart = (await (
      await fetch(`${server.baseUrl}/api/file/merge`, {
        method: 'POST',
        headers: { authorization: token, 'x-forwarded-for': server.clientIp },
        body: form,
      })
    ).json()) as Envelope<Uploaded>;
    expect(multipart.code, multipart.msg).toBe(200);
    expect(multipart.data!.fileSize).toBe(single.length);
    expect(multipart.data!.url).toMatch(/^\/api\/file\/Image\/annex\/\d{8}_[0-9a-f]{32}\.txt$/);
  });

  it('refuses file types outside the allow-list on the test call, the chunk and the merge', async () => {
    const bytes = fileBytes(100);
    const id = newIdentifier();
    for (const [filename, extension] of [
      ['page.html', 'html'],
      ['run.exe', 'exe'],
      ['noext', ''],
      ['evil.html', 'pdf'],
    ] as [string, string][]) {
      const test = await testCall(token, { identifier: id, filename, extension });
      expect(test, filename).toMatchObject({ code: 400, msg: REFUSED_TYPE });
    }
    const { params, piece } = paramsOf(id, bytes, 1, 'image.svg');
    expect(await postChunk(token, params, piece)).toMatchObject({ code: 400, msg: REFUSED_TYPE });
    expect(await postChunk(token, params, piece, 'en')).toMatchObject({
      code: 400,
      msg: 'Upload failed: files of this type are not allowed',
    });
    expect(await testCall(token, { identifier: id, filename: 'a.svg', extension: 'svg' }, 'zhtw')).toMatchObject({
      code: 400,
      msg: '上傳失敗，文件格式不允許上傳',
    });
    await uploadAll(token, id, bytes, 'ok.pdf');
    expect(await merge(token, mergeFields(id, bytes, 'ok.js'))).toMatchObject({ code: 400, msg: REFUSED_TYPE });
    expect(await merge(token, { ...mergeFields(id, bytes), type: 'useravatar' })).toMatchObject({
      code: 400,
      msg: '上传失败，不支持的文件类别',
    });
    // nothing was lost by the refusals: the right merge still works
    expect((await merge(token, mergeFields(id, bytes))).code).toBe(200);
  });

  it('stores pictures (annexpic) under the type their bytes say, and refuses bytes that are not one', async () => {
    const id = newIdentifier();
    await uploadAll(token, id, PNG, 'photo.jpg');
    const res = await merge(token, mergeFields(id, PNG, 'photo.jpg', 'annexpic'));
    expect(res.code, res.msg).toBe(200);
    expect(res.data!.fileExtension).toBe('png');
    const picture = await server.platform.context.db
      .select({ type: fileUpload.type, size: fileUpload.size })
      .from(fileUpload)
      .where(eq(fileUpload.name, res.data!.name));
    expect(picture).toEqual([{ type: 'annexpic', size: PNG.length }]);
    expect(res.data!.url).toMatch(/^\/api\/file\/Image\/annexpic\/\d{8}_[0-9a-f]{32}\.png$/);
    const image = await download(token, res.data!.url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [fileName, type] of [
      ['photo.png', 'annexpic'],
      ['doc.pdf', 'annexpic'],
      ['photo.png', 'annex'],
    ] as const) {
      const fakeId = newIdentifier();
      await uploadAll(token, fakeId, fake, fileName);
      expect(await merge(token, mergeFields(fakeId, fake, fileName, type)), fileName).toMatchObject({
        code: 400,
        msg: '请上传图片',
      });
      // bytes that can never pass are not kept
      await expect(fs.stat(chunkDir(await adminId(), fakeId))).rejects.toThrow();
    }
  });

  it('refuses a merge with a chunk missing or the wrong size, and takes it once the chunk is there', async () => {
    const bytes = fileBytes(2 * CHUNK + 1);
    const id = newIdentifier();
    await sendChunk(token, id, bytes, 1);
    await sendChunk(token, id, bytes, 3);
    expect(await merge(token, mergeFields(id, bytes))).toMatchObject({
      code: 400,
      msg: '上传失败，文件分片不完整，请重新上传',
    });
    expect(await merge(token, mergeFields(newIdentifier(), bytes), 'en')).toMatchObject({
      code: 400,
      msg: 'Upload failed: some chunks of the file are missing; upload it again',
    });
    await sendChunk(token, id, bytes, 2);
    expect(await merge(token, { ...mergeFields(id, bytes), fileSize: String(bytes.length + 1) })).toMatchObject({
      code: 400,
      msg: '上传失败，文件大小与已上传的分片不一致',
    });
    expect((await merge(token, mergeFields(id, bytes))).code).toBe(200);
  });

  it('refuses chunks that do not fit the cut or the upload they belong to', async () => {
    const bytes = fileBytes(2 * CHUNK);
    const id = newIdentifier();
    const { params, piece } = paramsOf(id, bytes, 1);
    const badChunk = { code: 400, msg: '上传失败，文件分片无效' };
    // bytes shorter than stated, a number beyond the total, a chunk size over 5 MiB, a cut that does not add up
    expect(await postChunk(token, params, piece.subarray(1))).toMatchObject(badChunk);
    expect(await postChunk(token, { ...params, chunkNumber: 3 }, piece)).toMatchObject(badChunk);
    expect(await postChunk(token, { ...params, chunkNumber: 0 }, piece)).toMatchObject(badChunk);
    expect(
      await postChunk(token, { ...params, chunkSize: 6 * 1024 * 1024, totalSize: 6 * 1024 * 1024 }, piece),
    ).toMatchObject(badChunk);
    expect(await postChunk(token, { ...params, totalChunks: 5 }, piece)).toMatchObject(badChunk);
    expect(await postChunk(token, { ...params, chunkSize: 1000, totalChunks: 1 }, piece)).toMatchObject(badChunk);
    expect(await postChunk(token, params, Buffer.alloc(0))).toMatchObject({ code: 400 });
    // the first chunk fixed the cut: a chunk of the same identifier with another total is refused
    expect((await postChunk(token, params, piece)).code).toBe(200);
    const changed = paramsOf(id, Buffer.concat([bytes, Buffer.alloc(5)]), 1);
    expect(await postChunk(token, changed.params, changed.piece)).toMatchObject({
      code: 400,
      msg: '上传失败，文件分片与已上传的部分不一致，请重新上传',
    });
  });

  it('keeps chunks per user: another user neither sees nor merges nor overwrites mine', async () => {
    const bytes = fileBytes(CHUNK + 100);
    const id = newIdentifier();
    await uploadAll(token, id, bytes);
    expect((await testCall(otherToken, { identifier: id, filename: 'report.pdf' })).data).toEqual({
      chunkNumbers: [],
      merge: false,
    });
    expect(await merge(otherToken, mergeFields(id, bytes))).toMatchObject({ code: 400 });
    // the same identifier from the other user is the other user's own upload
    const theirs = fileBytes(100);
    expect((await sendChunk(otherToken, id, theirs, 1)).data).toEqual({ chunkNumbers: [1], merge: true });
    await expect(fs.stat(chunkDir(otherUserId, id))).resolves.toBeTruthy();
    const mine = await merge(token, mergeFields(id, bytes));
    expect(mine.code, mine.msg).toBe(200);
    expect(Buffer.from(await (await download(token, mine.data!.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses callers without a valid token', async () => {
    const bytes = fileBytes(100);
    const { params, piece } = paramsOf(newIdentifier(), bytes, 1);
    expect((await call(server, 'GET', '/api/file/chunk', { query: params })).code).toBe(602);
    expect((await postChunk(null, params, piece)).code).toBe(602);
    expect((await postChunk('bearer nonsense', params, piece)).code).toBe(602);
    expect((await call(server, 'POST', '/api/file/merge', { form: mergeFields('abc', bytes) })).code).toBe(602);
    const id = newIdentifier();
    await uploadAll(token, id, bytes);
    const merged = await merge(token, mergeFields(id, bytes));
    const res = await download(null, merged.data!.url);
    expect(((await res.json()) as Envelope).code).toBe(602);
  });

  it('refuses a file over the upload limit and an empty file', async () => {
    const limit = server.config.uploadLimit;
    const chunkSize = 5 * 1024 * 1024;
    const over = {
      identifier: newIdentifier(),
      filename: 'big.zip',
      extension: 'zip',
      chunkNumber: 1,
      chunkSize,
      totalSize: limit + 1,
      totalChunks: Math.ceil((limit + 1) / chunkSize),
    };
    const tooLarge = { code: 400, msg: `文件大小不能超过${limit / (1024 * 1024)}MB` };
    expect(await testCall(token, over)).toMatchObject(tooLarge);
    expect(await postChunk(token, { ...over, currentChunkSize: 100 }, fileBytes(100))).toMatchObject(tooLarge);
    expect(await testCall(token, { ...over, totalSize: 0, totalChunks: 1 })).toMatchObject({
      code: 400,
      msg: '上传失败，文件内容为空',
    });
  });

  it('refuses identifiers that are not plain names', async () => {
    for (const identifier of ['../etc', 'a/b', 'a.b', '', 'x'.repeat(65), '..']) {
      const res = await testCall(token, { identifier, filename: 'a.pdf', extension: 'pdf' });
      expect(res, identifier).toMatchObject({ code: 400, msg: '上传失败，文件标识无效' });
      const { params, piece } = paramsOf(identifier, fileBytes(10), 1);
      expect((await postChunk(token, params, piece)).code, identifier).toBe(400);
      expect((await merge(token, mergeFields(identifier, fileBytes(10)))).code, identifier).toBe(400);
    }
  });

  it('serves only names of its own types, in their folder', async () => {
    for (const url of [
      '/api/file/Image/annex/20260101_00000000000000000000000000000000.pdf',
      '/api/file/Image/annex/..%2F..%2Fconfig.json',
      '/api/file/Image/notice/20260101_00000000000000000000000000000000.pdf',
      '/api/file/Image/annexpic/001.png',
    ]) {
      const res = await download(token, url);
      expect(((await res.json()) as Envelope).code, url).toBe(400);
    }
  });
});

describe('stale chunks', () => {
  it('are removed by the periodic job, which the file module schedules once per period', async () => {
    const pending = await server.platform.context.db
      .select()
      .from(scheduledJob)
      .where(eq(scheduledJob.jobKey, `every:${SWEEP_KIND}`));
    expect(pending.filter((j) => j.doneAt === null)).toHaveLength(1);

    const bytes = fileBytes(100);
    const staleId = newIdentifier();
    const freshId = newIdentifier();
    await uploadAll(token, staleId, bytes);
    await uploadAll(token, freshId, bytes);
    const staleDir = chunkDir(await adminId(), staleId);
    const old = new Date(Date.now() - STALE_MS - 60_000);
    await fs.utimes(staleDir, old, old);

    const scheduler = new Scheduler(server.platform.context.db, server.platform.context.log);
    scheduler.every(SWEEP_KIND, SWEEP_EVERY_MS, sweepHandler(server.platform.context));
    expect(await scheduler.runDue(pending[0]!.dueAt + 1)).toBe(1);
    await expect(fs.stat(staleDir)).rejects.toThrow();
    expect((await testCall(token, { identifier: freshId, filename: 'report.pdf' })).data!.chunkNumbers).toEqual([1]);
    // the run scheduled the next period
    const after = await server.platform.context.db
      .select()
      .from(scheduledJob)
      .where(eq(scheduledJob.jobKey, `every:${SWEEP_KIND}`));
    expect(after.filter((j) => j.doneAt === null).map((j) => j.dueAt)).toEqual([pending[0]!.dueAt + SWEEP_EVERY_MS]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('several processes sharing DATA_DIR', () => {
  it('take the chunks of one upload in any of them and merge in another', async () => {
    const peer = await startPeerServer(server);
    try {
      const bytes = fileBytes(2 * CHUNK + 7);
      const id = newIdentifier();
      const send = (n: number, on: TestServer) => {
        const { params, piece } = paramsOf(id, bytes, n);
        return postChunk(token, params, piece, 'zh', on);
      };
      expect((await send(2, server)).data).toEqual({ chunkNumbers: [2], merge: false });
      expect((await send(3, peer)).data).toEqual({ chunkNumbers: [2, 3], merge: false });
      expect((await send(1, server)).data).toEqual({ chunkNumbers: [1, 2, 3], merge: true });
      const merged = await call<Uploaded>(peer, 'POST', '/api/file/merge', { token, form: mergeFields(id, bytes) });
      expect(merged.code, merged.msg).toBe(200);
      expect(Buffer.from(await (await download(token, merged.data!.url)).arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await peer.close();
    }
  });
});
