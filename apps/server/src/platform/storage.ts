// Where stored bytes live: keys like files/<category>/<name> in one flat namespace, on the local disk under
// DATA_DIR (the default, one machine or a shared volume) or in an S3-compatible object store (S3_BUCKET set),
// which every process behind a load balancer shares. Callers name keys; this layer only moves bytes.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../config.js';

/** one stored object as a listing or a stat shows it */
export interface ObjectInfo {
  key: string;
  size: number;
  /** last written, ms since the epoch */
  modified: number;
  /** changes whenever the object is written again */
  etag: string;
}

export interface ObjectBody {
  body: Readable;
  size: number;
}

export interface GetOptions {
  /** only this version of the object (its etag): otherwise PreconditionFailedError */
  ifMatch?: string;
  /** the first `bytes` bytes only */
  bytes?: number;
}

/** the object was written again since its etag was taken */
export class PreconditionFailedError extends Error {
  constructor(key: string) {
    super(`storage: ${key} changed`);
  }
}

export interface ObjectStorage {
  readonly kind: 'disk' | 's3';
  /** writes the object whole (readers never see half of it); a stream needs its size */
  put(key: string, body: Buffer | AsyncIterable<Uint8Array>, size?: number): Promise<void>;
  /** the object's bytes as a stream, or null when there is none */
  get(key: string, options?: GetOptions): Promise<ObjectBody | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** removes the object; no error when it is not there */
  delete(key: string): Promise<void>;
  /** every object whose key starts with the prefix */
  list(prefix: string): Promise<ObjectInfo[]>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** keys are made by this program, never taken from a request unchecked: refuse anything else */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..') || key.length > 900)
    throw new Error(`storage: bad key ${key}`);
  return key;
}

/** reads a whole object into memory (small objects: metadata, first bytes) */
export async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of body) parts.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(parts);
}

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as { code?: string }).code ?? '');

/** DATA_DIR on the local disk: today's layout, DATA_DIR/<key> */
export class DiskStorage implements ObjectStorage {
  readonly kind = 'disk';
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, body: Buffer | AsyncIterable<Uint8Array>): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // written aside and renamed: a reader never sees half a file, a rewrite replaces it whole
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(temp, body, { flag: 'wx' });
      else await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string, options: GetOptions = {}): Promise<ObjectBody | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      if (options.ifMatch !== undefined && options.ifMatch !== diskEtag(stat)) throw new PreconditionFailedError(key);
      const size = options.bytes !== undefined ? Math.min(options.bytes, stat.size) : stat.size;
      // the stream reads through the handle that was checked, and closes it when done
      const body =
        size === 0 ? Readable.from([]) : handle.createReadStream({ start: 0, end: size - 1, autoClose: true });
      if (size === 0) await handle.close();
      return { body, size };
    } catch (err) {
      await handle.close().catch(() => undefined);
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const stat = await fs.stat(this.pathOf(key)).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    return stat?.isFile() ? { key, size: stat.size, modified: stat.mtimeMs, etag: diskEtag(stat) } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    // the folder holding the prefix's last whole segment, read recursively
    const slash = prefix.lastIndexOf('/');
    const folder = slash < 0 ? '' : prefix.slice(0, slash);
    const start = folder ? path.join(this.root, ...checkKey(folder).split('/')) : this.root;
    const names = await fs.readdir(start, { recursive: true }).catch((err: unknown) => {
      if (isMissing(err)) return [] as string[];
      throw err;
    });
    const found: ObjectInfo[] = [];
    for (const name of names) {
      const key = [folder, ...name.split(path.sep)].filter(Boolean).join('/');
      if (!key.startsWith(prefix) || key.endsWith('.tmp')) continue;
      const info = await this.stat(key).catch(() => null);
      if (info) found.push(info);
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : 1));
  }
}

const diskEtag = (stat: { size: number; mtimeMs: number; ino: number }) => `${stat.ino}-${stat.size}-${stat.mtimeMs}`;

const s3Status = (err: unknown) =>
  err instanceof S3ServiceException
    ? err.$metadata.httpStatusCode
    : (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …) through the AWS SDK */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // the newer default checksums (CRC32 trailers) are not understood by every S3-compatible server
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string) {
    return this.prefix + checkKey(key);
  }

  async put(key: string, body: Buffer | AsyncIterable<Uint8Array>, size?: number): Promise<void> {
    if (!Buffer.isBuffer(body) && size === undefined) throw new Error('storage: a stream needs its size');
    const length = Buffer.isBuffer(body) ? body.length : size!;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Body: Buffer.isBuffer(body) ? body : Readable.from(body),
        ContentLength: length,
      }),
    );
  }

  async get(key: string, options: GetOptions = {}): Promise<ObjectBody | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          ...(options.ifMatch !== undefined ? { IfMatch: options.ifMatch } : {}),
          ...(options.bytes !== undefined ? { Range: `bytes=0-${Math.max(0, options.bytes - 1)}` } : {}),
        }),
      );
      const body = res.Body instanceof Readable ? res.Body : Readable.from([]);
      return { body, size: res.ContentLength ?? 0 };
    } catch (err) {
      const status = s3Status(err);
      if (status === 404) return null;
      if (status === 412) throw new PreconditionFailedError(key);
      // a range past the end of an empty object
      if (status === 416) return { body: Readable.from([]), size: 0 };
      throw err;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return {
        key,
        size: res.ContentLength ?? 0,
        modified: res.LastModified?.getTime() ?? 0,
        etag: res.ETag ?? '',
      };
    } catch (err) {
      if (s3Status(err) === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    const found: ObjectInfo[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of res.Contents ?? []) {
        if (!o.Key) continue;
        found.push({
          key: o.Key.slice(this.prefix.length),
          size: o.Size ?? 0,
          modified: o.LastModified?.getTime() ?? 0,
          etag: o.ETag ?? '',
        });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  destroy() {
    this.client.destroy();
  }
}

const storages = new WeakMap<Config, ObjectStorage>();

/** the configured storage: one per configuration, shared by every module */
export function storageOf(config: Config): ObjectStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.dataDir);
    storages.set(config, storage);
  }
  return storage;
}
