// The general chunked upload that form upload fields use:
//   GET  /api/file/chunk   test: which chunks of this upload are stored already
//   POST /api/file/chunk   one chunk (multipart, blob in "file") with the simple-uploader parameters
//   POST /api/file/merge   joins the chunks into the stored file files/<type>/<name>, registers the caller as its
//                          uploader (base_file_upload) and answers the UploaderVO
//   GET  /api/file/Image/<type>/<name>   the stored file, to those who may read it (holders.ts): its uploader,
//                          administrators, and the users who may read the online-form record holding it
// Chunks wait under chunks/<user>/<identifier>/ ("upload.json" with the sizes, "<n>.part" each chunk): per user,
// so nobody sees, overwrites or merges another user's chunks, and there is no instant upload by a known hash.
// They are where the stored files are (storage.ts): on disk under DATA_DIR, or in the object store that every
// process behind a load balancer shares, so any process answers any call of an upload.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { refuse } from '../../platform/errors.js';
import {
  fileStore,
  IMAGE_EXTENSIONS,
  sendStoredFile,
  sniffImage,
  STORED_NAME,
  UPLOAD_EXTENSIONS,
} from '../../platform/files.js';
import { defineMessages } from '../../platform/i18n.js';
import { ok } from '../../platform/result.js';
import { route } from '../../platform/route.js';
import type { JobHandler } from '../../platform/scheduler.js';
import type { KeyValueStore } from '../../platform/kv.js';
import { PreconditionFailedError, readAll, storageOf, type ObjectStorage } from '../../platform/storage.js';
import { readUpload } from '../../platform/transfers.js';
import { validate } from '../../platform/validation.js';
import { checkPending, checkQuota, mayReadFile, registerStoredFile, sweepStoredFiles } from './holders.js';

/** the reference's chunk size (5 MiB): the largest chunkSize parameter taken */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** below this, a file of the largest size would be thousands of chunk files */
export const MIN_CHUNK_SIZE = 64 * 1024;
/** the stores a merge may fill (the merge's `type`): documents and pictures of form fields */
export const UPLOAD_TYPES = ['annex', 'annexpic'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;
/** chunks of an upload that has not moved for this long are removed */
export const STALE_MS = 24 * 3600_000;
export const SWEEP_KIND = 'file.chunkSweep';
export const SWEEP_EVERY_MS = 3600_000;
/** uploads one user may have open at once (each up to the upload limit) */
export const MAX_OPEN_UPLOADS = 20;

const META = 'upload.json';
const PART = /^([1-9][0-9]{0,8})\.part$/;

export const m = defineMessages('fileChunks', {
  fileTypeRefused: {
    zh: '上传失败，文件格式不允许上传',
    zhtw: '上傳失敗，文件格式不允許上傳',
    en: 'Upload failed: files of this type are not allowed',
  },
  badIdentifier: {
    zh: '上传失败，文件标识无效',
    zhtw: '上傳失敗，文件標識無效',
    en: 'Upload failed: the file identifier is not valid',
  },
  fileTooLarge: {
    zh: '文件大小不能超过{size}MB',
    zhtw: '文件大小不能超過{size}MB',
    en: 'The file cannot be larger than {size} MB',
  },
  emptyFile: { zh: '上传失败，文件内容为空', zhtw: '上傳失敗，文件內容為空', en: 'Upload failed: the file is empty' },
  badChunk: {
    zh: '上传失败，文件分片无效',
    zhtw: '上傳失敗，文件分片無效',
    en: 'Upload failed: the file chunk is not valid',
  },
  fileRequired: { zh: '请选择文件', zhtw: '請選擇文件', en: 'Choose a file' },
  chunkChanged: {
    zh: '上传失败，文件分片与已上传的部分不一致，请重新上传',
    zhtw: '上傳失敗，文件分片與已上傳的部分不一致，請重新上傳',
    en: 'Upload failed: the chunk does not match the parts already uploaded; upload the file again',
  },
  uploadGone: {
    zh: '上传已结束或已过期，请重新上传',
    zhtw: '上傳已結束或已過期，請重新上傳',
    en: 'This upload has ended or expired; upload the file again',
  },
  tooManyOpen: {
    zh: '未完成的上传过多，请稍后再试',
    zhtw: '未完成的上傳過多，請稍後再試',
    en: 'Too many unfinished uploads; try again later',
  },
  chunksMissing: {
    zh: '上传失败，文件分片不完整，请重新上传',
    zhtw: '上傳失敗，文件分片不完整，請重新上傳',
    en: 'Upload failed: some chunks of the file are missing; upload it again',
  },
  sizeMismatch: {
    zh: '上传失败，文件大小与已上传的分片不一致',
    zhtw: '上傳失敗，文件大小與已上傳的分片不一致',
    en: 'Upload failed: the file size does not match the uploaded chunks',
  },
  typeRefused: {
    zh: '上传失败，不支持的文件类别',
    zhtw: '上傳失敗，不支持的文件類別',
    en: 'Upload failed: unknown file category',
  },
  imageOnly: { zh: '请上传图片', zhtw: '請上傳圖片', en: 'Please upload an image' },
});

/** how an upload is cut: fixed when its first chunk arrives, every later chunk must agree */
interface Plan {
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
}

interface Meta extends Plan {
  fileName: string;
  extension: string;
  createdAt: number;
}

const count = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => z.string().max(max).optional().default('');

/** the simple-uploader parameters, on the test call's query and the chunk call's form */
const chunkParams = z.object({
  identifier: z.string().max(200),
  filename: text(255),
  extension: text(20),
  fileType: text(200),
  relativePath: text(1000),
  chunkNumber: count.optional(),
  chunkSize: count.optional(),
  currentChunkSize: count.optional(),
  totalSize: count.optional(),
  totalChunks: count.optional(),
});
type ChunkParams = z.infer<typeof chunkParams>;

const mergeParams = z.object({
  identifier: z.string().max(200),
  fileName: text(255),
  /** 3.6 web clients send fileSize, the Java DTO reads filesize: either is taken */
  fileSize: count.optional(),
  filesize: count.optional(),
  fileType: text(200),
  extension: text(20),
  type: text(40),
  // the reference's storage options: one place here, so they are read and ignored
  pathType: text(40),
  isAccount: text(10),
  folder: text(200),
});

export const sizeInMb = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

function checkIdentifier(identifier: string): string {
  if (!IDENTIFIER.test(identifier)) throw refuse(m.badIdentifier);
  return identifier;
}

/** the extension the client states, when the allow-list has it; the name's own extension must agree */
export function statedExtension(extension: string, fileName: string): string {
  const fromName = path.extname(fileName).slice(1).toLowerCase();
  const stated = (extension.replace(/^\./, '') || fromName).toLowerCase();
  if (!UPLOAD_EXTENSIONS.has(stated) || (fromName && fromName !== stated)) throw refuse(m.fileTypeRefused);
  return stated;
}

export function checkTotal(totalSize: number, maxBytes: number) {
  if (totalSize < 1) throw refuse(m.emptyFile);
  if (totalSize > maxBytes) throw refuse(m.fileTooLarge, { size: sizeInMb(maxBytes) });
}

/**
 * The cut must be one simple-uploader makes: chunks of chunkSize and a last one of the rest. Without
 * forceChunkSize (the reference's setting) the rest joins the last chunk, which then holds up to twice
 * chunkSize, so the last chunk is 1 byte to 2 × chunkSize − 1. This also bounds totalChunks by
 * ceil(maxBytes / chunkSize).
 */
function checkPlan(p: Plan, maxBytes: number): Plan {
  checkTotal(p.totalSize, maxBytes);
  if (p.chunkSize < MIN_CHUNK_SIZE || p.chunkSize > CHUNK_SIZE || p.totalChunks < 1) throw refuse(m.badChunk);
  const last = p.totalSize - (p.totalChunks - 1) * p.chunkSize;
  if (last < 1 || last >= 2 * p.chunkSize) throw refuse(m.badChunk);
  return { totalSize: p.totalSize, chunkSize: p.chunkSize, totalChunks: p.totalChunks };
}

const samePlan = (a: Plan, b: Plan) =>
  a.totalSize === b.totalSize && a.chunkSize === b.chunkSize && a.totalChunks === b.totalChunks;

const chunkLength = (p: Plan, n: number) => (n < p.totalChunks ? p.chunkSize : p.totalSize - (n - 1) * p.chunkSize);

const isMissing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';

/**
 * Where the chunks of open uploads wait. An upload is addressed by an opaque handle (uploadDir); claim() takes it
 * for one merge, answering the handle the merge reads from, so that later chunks cannot change what is joined.
 */
export interface UploadChunks {
  uploadDir(userId: string, identifier: string): string;
  readMeta(dir: string): Promise<Meta | null>;
  /** the numbers of the stored chunks, ascending */
  stored(dir: string, totalChunks: number): Promise<number[]>;
  /** the upload's meta, written when this is its first chunk (several first chunks may race) */
  open(userId: string, identifier: string, meta: Meta): Promise<{ dir: string; meta: Meta }>;
  writeChunk(dir: string, n: number, bytes: Buffer): Promise<void>;
  /** every chunk 1..totalChunks is there with its length */
  complete(dir: string, meta: Meta): Promise<boolean>;
  /** the first bytes of the file, enough to recognise a picture */
  head(dir: string): Promise<Buffer>;
  claim(dir: string): Promise<string | null>;
  /** the claimed parts joined in order, read one at a time */
  join(claimed: string, totalChunks: number): AsyncIterable<Buffer>;
  remove(dir: string): Promise<void>;
  /** removes the user's uploads that have not moved for staleMs */
  sweepUser(userId: string, now?: number, staleMs?: number): Promise<number>;
  /** removes every user's stale uploads; returns how many */
  sweep(now?: number, staleMs?: number): Promise<number>;
  /** the announced sizes of the user's unfinished uploads, in bytes */
  pendingBytes(userId: string): Promise<number>;
}

/** the user's folder name: the user id when it is a safe name (it always is here), else its digest */
const userKey = (userId: string) =>
  IDENTIFIER.test(userId) ? userId : createHash('sha256').update(userId).digest('hex').slice(0, 40);

/**
 * The chunks on the local disk under DATA_DIR/chunks (the default storage): renames and links make opening and
 * claiming an upload atomic, and any process sharing DATA_DIR answers any call of an upload.
 */
export class ChunkStore implements UploadChunks {
  constructor(readonly root: string) {}

  /** the user's folder: the user id when it is a safe name (it always is here), else its digest */
  userDir(userId: string): string {
    return path.join(this.root, userKey(userId));
  }

  uploadDir(userId: string, identifier: string): string {
    return path.join(this.userDir(userId), checkIdentifier(identifier));
  }

  async readMeta(dir: string): Promise<Meta | null> {
    try {
      const meta = JSON.parse(await fs.readFile(path.join(dir, META), 'utf8')) as Meta;
      return Number.isSafeInteger(meta.totalChunks) ? meta : null;
    } catch {
      return null;
    }
  }

  /** the numbers of the stored chunks, ascending */
  async stored(dir: string, totalChunks: number): Promise<number[]> {
    const names = await fs.readdir(dir).catch((err: unknown) => {
      if (isMissing(err)) return [] as string[];
      throw err;
    });
    return names
      .map((name) => Number(PART.exec(name)?.[1] ?? 0))
      .filter((n) => n >= 1 && n <= totalChunks)
      .sort((a, b) => a - b);
  }

  /**
   * The upload's meta, writing it when this is its first chunk. Several first chunks may race (the reference
   * sends three at once): the meta is linked into place, so exactly one wins and the others read it.
   */
  async open(userId: string, identifier: string, meta: Meta): Promise<{ dir: string; meta: Meta }> {
    const dir = this.uploadDir(userId, identifier);
    const existing = await this.readMeta(dir);
    if (existing) return { dir, meta: existing };
    if ((await this.openCount(userId)) >= MAX_OPEN_UPLOADS) {
      await this.sweepUser(userId);
      if ((await this.openCount(userId)) >= MAX_OPEN_UPLOADS) throw refuse(m.tooManyOpen);
    }
    await fs.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `${META}.${randomBytes(6).toString('hex')}.tmp`);
    await fs.writeFile(temp, JSON.stringify(meta), { flag: 'wx' });
    try {
      await fs.link(temp, path.join(dir, META));
      return { dir, meta };
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      const winner = await this.readMeta(dir);
      if (!winner) throw refuse(m.uploadGone);
      return { dir, meta: winner };
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /** stores one chunk; a retried chunk replaces the earlier copy whole */
  async writeChunk(dir: string, n: number, bytes: Buffer): Promise<void> {
    const temp = path.join(dir, `${n}.part.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temp, bytes, { flag: 'wx' });
      await fs.rename(temp, path.join(dir, `${n}.part`));
    } catch (err) {
      await fs.rm(temp, { force: true });
      // the folder went away under us: merged meanwhile, or swept as stale
      if (isMissing(err)) throw refuse(m.uploadGone);
      throw err;
    }
  }

  /** every chunk 1..totalChunks is there with its length */
  async complete(dir: string, meta: Meta): Promise<boolean> {
    for (let n = 1; n <= meta.totalChunks; n++) {
      const stat = await fs.stat(path.join(dir, `${n}.part`)).catch(() => null);
      if (!stat?.isFile() || stat.size !== chunkLength(meta, n)) return false;
    }
    return true;
  }

  /** the first bytes of the file, enough to recognise a picture */
  async head(dir: string): Promise<Buffer> {
    const handle = await fs.open(path.join(dir, '1.part'), 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /**
   * Takes the upload's folder for one merge by renaming it: a second merge of the same upload (a double
   * click, another process) finds nothing, and chunks that arrive later cannot change what is joined.
   */
  async claim(dir: string): Promise<string | null> {
    const claimed = `${dir}.merging-${randomBytes(6).toString('hex')}`;
    try {
      await fs.rename(dir, claimed);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // a rename keeps the folder's time: mark it fresh so the stale sweep leaves a merge alone
    const now = new Date();
    await fs.utimes(claimed, now, now).catch(() => undefined);
    return claimed;
  }

  join(claimed: string, totalChunks: number): AsyncIterable<Buffer> {
    return joined(claimed, totalChunks);
  }

  async remove(dir: string): Promise<void> {
    await fs.rm(dir, { recursive: true, force: true });
  }

  /** removes the user's uploads that have not moved for staleMs */
  async sweepUser(userId: string, now = Date.now(), staleMs = STALE_MS): Promise<number> {
    return this.sweepDir(this.userDir(userId), now, staleMs);
  }

  /** removes every user's stale uploads; returns how many */
  async sweep(now = Date.now(), staleMs = STALE_MS): Promise<number> {
    const users = await fs.readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const user of users) removed += await this.sweepDir(path.join(this.root, user), now, staleMs);
    return removed;
  }

  /** the announced sizes of the user's unfinished uploads, in bytes */
  async pendingBytes(userId: string): Promise<number> {
    const userDir = this.userDir(userId);
    const entries = await fs.readdir(userDir).catch(() => [] as string[]);
    let total = 0;
    for (const entry of entries.filter((e) => IDENTIFIER.test(e)))
      total += (await this.readMeta(path.join(userDir, entry)))?.totalSize ?? 0;
    return total;
  }

  private async sweepDir(userDir: string, now: number, staleMs: number): Promise<number> {
    const entries = await fs.readdir(userDir).catch(() => [] as string[]);
    let removed = 0;
    for (const entry of entries) {
      const full = path.join(userDir, entry);
      const stat = await fs.stat(full).catch(() => null);
      // a chunk written renames into its folder, which updates the folder's time
      if (stat && now - stat.mtimeMs > staleMs) {
        await this.remove(full);
        removed++;
      }
    }
    return removed;
  }

  private async openCount(userId: string): Promise<number> {
    const entries = await fs.readdir(this.userDir(userId)).catch(() => [] as string[]);
    return entries.filter((e) => IDENTIFIER.test(e)).length;
  }
}

/**
 * The chunks in the object store (S3_BUCKET set), under chunks/<user>/<identifier>/: a round-robin balancer sends
 * the chunks of one upload to different processes, so they wait where every process reads them. An object
 * store has no rename: a merge takes the upload with a lock in the shared store (Redis with several processes),
 * chunks arriving while it is held are refused, and the parts are read by the versions (etags) seen at the claim,
 * so a part written again meanwhile fails the merge instead of slipping in.
 */
export class ObjectChunkStore implements UploadChunks {
  /** the parts' versions at the claim, by claimed handle: the merge runs in the process that claimed */
  private readonly claims = new Map<string, Map<number, { etag: string; size: number }>>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly kv: KeyValueStore,
  ) {}

  uploadDir(userId: string, identifier: string): string {
    return `chunks/${userKey(userId)}/${checkIdentifier(identifier)}`;
  }

  /** the upload's prefix and, for a claimed handle, its claim */
  private split(handle: string): { dir: string; parts: Map<number, { etag: string; size: number }> | undefined } {
    const at = handle.indexOf('@');
    return at < 0 ? { dir: handle, parts: undefined } : { dir: handle.slice(0, at), parts: this.claims.get(handle) };
  }

  private lockKey = (dir: string) => `chunkMerge:${dir}`;

  async readMeta(handle: string): Promise<Meta | null> {
    const found = await this.storage.get(`${this.split(handle).dir}/${META}`);
    if (!found) return null;
    try {
      const meta = JSON.parse((await readAll(found.body)).toString('utf8')) as Meta;
      return Number.isSafeInteger(meta.totalChunks) ? meta : null;
    } catch {
      return null;
    }
  }

  private async parts(dir: string): Promise<Map<number, { etag: string; size: number }>> {
    const parts = new Map<number, { etag: string; size: number }>();
    for (const o of await this.storage.list(`${dir}/`)) {
      const n = Number(PART.exec(o.key.slice(dir.length + 1))?.[1] ?? 0);
      if (n >= 1) parts.set(n, { etag: o.etag, size: o.size });
    }
    return parts;
  }

  async stored(handle: string, totalChunks: number): Promise<number[]> {
    const parts = await this.parts(this.split(handle).dir);
    return [...parts.keys()].filter((n) => n <= totalChunks).sort((a, b) => a - b);
  }

  async open(userId: string, identifier: string, meta: Meta): Promise<{ dir: string; meta: Meta }> {
    const dir = this.uploadDir(userId, identifier);
    const existing = await this.readMeta(dir);
    if (existing) return { dir, meta: existing };
    if ((await this.openCount(userId)) >= MAX_OPEN_UPLOADS) {
      await this.sweepUser(userId);
      if ((await this.openCount(userId)) >= MAX_OPEN_UPLOADS) throw refuse(m.tooManyOpen);
    }
    // racing first chunks each write their meta and read back the one that stayed: all agree on it, and a
    // chunk cut another way is refused by its plan
    await this.storage.put(`${dir}/${META}`, Buffer.from(JSON.stringify(meta)));
    const winner = await this.readMeta(dir);
    if (!winner) throw refuse(m.uploadGone);
    return { dir, meta: winner };
  }

  async writeChunk(dir: string, n: number, bytes: Buffer): Promise<void> {
    if ((await this.kv.get(this.lockKey(dir))) !== null) throw refuse(m.uploadGone);
    await this.storage.put(`${dir}/${n}.part`, bytes);
  }

  async complete(handle: string, meta: Meta): Promise<boolean> {
    const { dir, parts } = this.split(handle);
    const found = parts ?? (await this.parts(dir));
    for (let n = 1; n <= meta.totalChunks; n++) if (found.get(n)?.size !== chunkLength(meta, n)) return false;
    return true;
  }

  async head(handle: string): Promise<Buffer> {
    const { dir, parts } = this.split(handle);
    const first = await this.read(`${dir}/1.part`, parts?.get(1)?.etag, 64);
    return readAll(first);
  }

  private async read(key: string, etag: string | undefined, bytes?: number) {
    try {
      const found = await this.storage.get(key, {
        ...(etag !== undefined ? { ifMatch: etag } : {}),
        ...(bytes !== undefined ? { bytes } : {}),
      });
      if (!found) throw refuse(m.chunksMissing);
      return found.body;
    } catch (err) {
      if (err instanceof PreconditionFailedError) throw refuse(m.chunksMissing);
      throw err;
    }
  }

  async claim(dir: string): Promise<string | null> {
    // the first to count the lock holds it; it lapses by itself should this process die mid-merge
    if ((await this.kv.incr(this.lockKey(dir), MERGE_LOCK_MS)) !== 1) return null;
    const handle = `${dir}@${randomBytes(6).toString('hex')}`;
    this.claims.set(handle, await this.parts(dir));
    return handle;
  }

  async *join(claimed: string, totalChunks: number): AsyncGenerator<Buffer> {
    const { dir, parts } = this.split(claimed);
    for (let n = 1; n <= totalChunks; n++) {
      for await (const piece of await this.read(`${dir}/${n}.part`, parts?.get(n)?.etag)) yield piece as Buffer;
    }
  }

  async remove(handle: string): Promise<void> {
    const { dir } = this.split(handle);
    await this.removeDir(dir);
    if (handle !== dir) {
      this.claims.delete(handle);
      await this.kv.del(this.lockKey(dir));
    }
  }

  private async removeDir(dir: string) {
    const objects = await this.storage.list(`${dir}/`);
    // the meta last: an upload without it is no upload, whatever parts a failure leaves behind
    const meta = `${dir}/${META}`;
    for (const o of objects) if (o.key !== meta) await this.storage.delete(o.key);
    await this.storage.delete(meta);
  }

  async sweepUser(userId: string, now = Date.now(), staleMs = STALE_MS): Promise<number> {
    return this.sweepPrefix(`chunks/${userKey(userId)}/`, now, staleMs);
  }

  async sweep(now = Date.now(), staleMs = STALE_MS): Promise<number> {
    return this.sweepPrefix('chunks/', now, staleMs);
  }

  async pendingBytes(userId: string): Promise<number> {
    let total = 0;
    for (const o of await this.storage.list(`chunks/${userKey(userId)}/`)) {
      if (!o.key.endsWith(`/${META}`)) continue;
      total += (await this.readMeta(o.key.slice(0, -META.length - 1)))?.totalSize ?? 0;
    }
    return total;
  }

  /** removes the uploads under the prefix whose newest object is older than staleMs */
  private async sweepPrefix(prefix: string, now: number, staleMs: number): Promise<number> {
    const newest = new Map<string, number>();
    for (const o of await this.storage.list(prefix)) {
      const dir = o.key.split('/').slice(0, 3).join('/');
      newest.set(dir, Math.max(newest.get(dir) ?? 0, o.modified));
    }
    let removed = 0;
    for (const [dir, modified] of newest) {
      if (now - modified <= staleMs || (await this.kv.get(this.lockKey(dir))) !== null) continue;
      await this.removeDir(dir);
      removed++;
    }
    return removed;
  }

  private async openCount(userId: string): Promise<number> {
    const dirs = new Set<string>();
    for (const o of await this.storage.list(`chunks/${userKey(userId)}/`))
      if (o.key.endsWith(`/${META}`)) dirs.add(o.key);
    return dirs.size;
  }
}

/** how long a merge may hold an upload in the object store before another may take it */
const MERGE_LOCK_MS = 15 * 60_000;

const diskStores = new Map<string, ChunkStore>();
const objectStores = new WeakMap<AppContext, ObjectChunkStore>();

/** the chunk store of this server: on disk under DATA_DIR/chunks, or in the object store when there is one */
export function chunkStore(app: Pick<AppContext, 'config' | 'shared'>): UploadChunks {
  if (app.config.s3) {
    const ctx = app as AppContext;
    let store = objectStores.get(ctx);
    if (!store) objectStores.set(ctx, (store = new ObjectChunkStore(storageOf(app.config), app.shared.kv)));
    return store;
  }
  return diskChunkStore(app.config.dataDir);
}

/** the disk chunk store under this data directory */
export function diskChunkStore(dataDir: string): ChunkStore {
  let store = diskStores.get(dataDir);
  if (!store) diskStores.set(dataDir, (store = new ChunkStore(path.join(dataDir, 'chunks'))));
  return store;
}

/**
 * Removes the chunks of uploads that have not moved for the grace period and the stored uploads nothing holds
 * after it (holders.ts); `now` is the clock the tests move
 */
export async function sweepUploads(
  app: AppContext,
  now = Date.now(),
  db: Db | Tx = app.db,
): Promise<{ chunks: number; files: number }> {
  const chunks = await chunkStore(app).sweep(now, app.config.fileGraceMs);
  const files = await sweepStoredFiles(app, now, db);
  return { chunks, files };
}

/** the periodic job of sweepUploads, for every process sharing the storage and the database (one run per period) */
export const sweepHandler =
  (app: AppContext): JobHandler =>
  async (_payload, { tx }) => {
    const removed = await sweepUploads(app, Date.now(), tx);
    if (removed.chunks || removed.files) app.log.info(removed, 'stale uploads removed');
  };

/** the parts joined in order, read one at a time */
async function* joined(dir: string, totalChunks: number): AsyncGenerator<Buffer> {
  for (let n = 1; n <= totalChunks; n++) {
    for await (const piece of createReadStream(path.join(dir, `${n}.part`))) yield piece as Buffer;
  }
}

/** the fields of a form-encoded, JSON or multipart body, with the query's */
async function mergeInput(req: FastifyRequest): Promise<Record<string, unknown>> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  if (req.isMultipart()) return { ...query, ...(await readUpload(req, 1024, { key: m.badChunk })).fields };
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

const perUser = (req: FastifyRequest) => `${req.ip}|${req.principal?.userId ?? ''}`;

function planOf(p: ChunkParams): Plan | null {
  if (p.chunkSize === undefined || p.totalSize === undefined || p.totalChunks === undefined) return null;
  return { totalSize: p.totalSize, chunkSize: p.chunkSize, totalChunks: p.totalChunks };
}

/** the chunks of an upload stored so far, and whether that is all of them */
async function progress(store: UploadChunks, dir: string, totalChunks: number) {
  const chunkNumbers = await store.stored(dir, totalChunks);
  return { chunkNumbers, merge: chunkNumbers.length === totalChunks };
}

export const chunkRoutes = [
  route({
    method: 'GET',
    url: '/api/file/chunk',
    permission: 'signedIn',
    summary:
      'Chunk upload test (simple-uploader testChunks): the caller\'s stored chunks of this upload, {chunkNumbers, merge}. Never answers "uploaded" (no instant upload by hash)',
    query: chunkParams,
    rateLimit: { max: 300, timeWindowMs: 60_000, key: perUser },
    async handler({ app, query, principal }) {
      checkIdentifier(query.identifier);
      statedExtension(query.extension, query.filename);
      const plan = planOf(query);
      if (plan) checkPlan(plan, app.config.uploadLimit);
      else if (query.totalSize !== undefined) checkTotal(query.totalSize, app.config.uploadLimit);
      const store = chunkStore(app);
      await store.sweepUser(principal.userId, Date.now(), app.config.fileGraceMs);
      const dir = store.uploadDir(principal.userId, query.identifier);
      const meta = await store.readMeta(dir);
      if (!meta) return ok({ chunkNumbers: [], merge: false });
      // the same identifier for another cut of a file: what is there cannot be used, start again
      if (plan && !samePlan(plan, meta)) {
        await store.remove(dir);
        return ok({ chunkNumbers: [], merge: false });
      }
      return ok(await progress(store, dir, meta.totalChunks));
    },
  }),
  route({
    method: 'POST',
    url: '/api/file/chunk',
    permission: 'signedIn',
    summary: `Store one chunk (multipart: the simple-uploader fields, then the blob in "file"; chunkSize ${MIN_CHUNK_SIZE}–${CHUNK_SIZE} bytes, the whole file at most the upload limit): {chunkNumbers, merge} where merge is true once every chunk is stored`,
    rateLimit: { max: 600, timeWindowMs: 60_000, key: perUser },
    async handler({ app, req, lang, principal }) {
      const upload = await readUpload(req, 2 * CHUNK_SIZE, { key: m.badChunk });
      const p = validate(chunkParams, { ...(req.query as object), ...upload.fields }, lang, 'body');
      checkIdentifier(p.identifier);
      const extension = statedExtension(p.extension, p.filename);
      const plan = planOf(p);
      if (!plan || p.chunkNumber === undefined) throw refuse(m.badChunk);
      checkPlan(plan, app.config.uploadLimit);
      const n = p.chunkNumber;
      if (n < 1 || n > plan.totalChunks) throw refuse(m.badChunk);
      if (!upload.file) throw refuse(m.fileRequired);
      const { bytes } = upload.file;
      if (
        bytes.length !== chunkLength(plan, n) ||
        (p.currentChunkSize !== undefined && p.currentChunkSize !== bytes.length)
      )
        throw refuse(m.badChunk);
      const store = chunkStore(app);
      if (!(await store.readMeta(store.uploadDir(principal.userId, p.identifier)))) {
        // a new upload: its announced size must fit beside the user's unfinished and stored uploads
        const pending = await store.pendingBytes(principal.userId);
        await checkQuota(app, principal.userId, plan.totalSize, pending);
        checkPending(app, plan.totalSize, pending);
      }
      const { dir, meta } = await store.open(principal.userId, p.identifier, {
        ...plan,
        fileName: p.filename,
        extension,
        createdAt: Date.now(),
      });
      if (!samePlan(plan, meta)) throw refuse(m.chunkChanged);
      await store.writeChunk(dir, n, bytes);
      // counted, not "is this the last number": chunks arrive in any order and are retried
      return ok(await progress(store, dir, meta.totalChunks));
    },
  }),
  route({
    method: 'POST',
    url: '/api/file/merge',
    permission: 'signedIn',
    summary:
      'Join the caller\'s chunks of an upload into one stored file (form-encoded, JSON or multipart: identifier, fileName, fileSize or filesize, fileType, extension, type "annex" (default) or "annexpic" for pictures): {name, url, fileSize, fileExtension}',
    rateLimit: { max: 60, timeWindowMs: 60_000, key: perUser },
    async handler({ app, req, lang, principal }) {
      const p = validate(mergeParams, await mergeInput(req), lang, 'body');
      const type = (p.type || 'annex') as UploadType;
      if (!UPLOAD_TYPES.includes(type)) throw refuse(m.typeRefused);
      checkIdentifier(p.identifier);
      // the name as the reference's client sends it, without '#'
      const stated = statedExtension(p.extension, p.fileName.replaceAll('#', ''));
      const store = chunkStore(app);
      const dir = store.uploadDir(principal.userId, p.identifier);
      const meta = await store.readMeta(dir);
      if (!meta || !(await store.complete(dir, meta))) throw refuse(m.chunksMissing);
      const fileSize = p.fileSize ?? p.filesize;
      if (fileSize !== undefined && fileSize !== meta.totalSize) throw refuse(m.sizeMismatch);
      const image = sniffImage(await store.head(dir));
      // a picture is stored under the type its bytes say; something calling itself a picture must be one
      if (!image && (type === 'annexpic' || IMAGE_EXTENSIONS.includes(stated))) {
        // these bytes will never pass: the chunks go now rather than wait for the sweep
        await store.remove(dir);
        throw refuse(m.imageOnly);
      }
      const claimed = await store.claim(dir);
      if (!claimed) throw refuse(m.chunksMissing);
      // checked again on the claimed folder: a chunk retried, or the upload restarted, between the checks above
      // and the claim must not slip other bytes or sizes into the stored file
      const settled = await store.readMeta(claimed);
      const settledImage = sniffImage(await store.head(claimed));
      if (
        !settled ||
        !samePlan(settled, meta) ||
        !(await store.complete(claimed, settled)) ||
        settledImage?.extension !== image?.extension
      ) {
        await store.remove(claimed);
        throw refuse(m.chunksMissing);
      }
      const extension = image ? image.extension : stated;
      const files = fileStore(app.config);
      try {
        await checkQuota(app, principal.userId, meta.totalSize);
        const name = await files.saveStream(type, extension, store.join(claimed, meta.totalChunks), meta.totalSize);
        // the registry a form record checks its new files against (only their uploader may attach them), the
        // quota's count and the sweep's list
        await registerStoredFile(app, { name, store: type, userId: principal.userId, size: meta.totalSize });
        return ok({ name, url: `/api/file/Image/${type}/${name}`, fileSize: meta.totalSize, fileExtension: extension });
      } finally {
        await store.remove(claimed);
      }
    },
  }),
  route({
    method: 'GET',
    url: '/api/file/Image/:type/:name',
    permission: 'signedIn',
    summary:
      'A file stored by the chunk upload (type annex or annexpic), by the name its merge answered, to its uploader, administrators and whoever may read the online-form record holding it (else "not found"): pictures inline, other files as a download (named by the optional query "name", else the stored name)',
    params: z.object({ type: z.string().max(40), name: z.string().max(100) }),
    query: z.object({ name: z.string().max(255).optional() }),
    rateLimit: { max: 600, timeWindowMs: 60_000, key: perUser },
    async handler({ app, reply, params, query, principal }) {
      if (!UPLOAD_TYPES.includes(params.type as UploadType) || !STORED_NAME.test(params.name)) throw refuse('notFound');
      // one answer for "not yours to read" and "not there": a name tells nothing about its file
      if (!(await mayReadFile(app, principal, params.type, params.name))) throw refuse('notFound');
      const extension = path.extname(params.name).slice(1);
      const picture = IMAGE_EXTENSIONS.includes(extension);
      // the download keeps the stored extension, whatever name the link asks for
      const asked = query.name?.trim();
      const downloadName = asked
        ? path.extname(asked).slice(1).toLowerCase() === extension
          ? asked
          : `${asked}.${extension}`
        : params.name;
      const sent = await sendStoredFile(reply, fileStore(app.config), params.type, params.name, {
        disposition: picture ? 'inline' : 'attachment',
        downloadName,
      });
      if (!sent) throw refuse('notFound');
    },
  }),
];
