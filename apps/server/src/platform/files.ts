// Uploaded files under the key files/<category>/<name> of the configured storage (storage.ts): DATA_DIR on disk
// by default, or an S3-compatible object store that several processes share. Names are ours (date, id,
// extension), so a name read back from a request is checked against that shape and can never leave its folder.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_EXTENSIONS } from '@jnpf/core';
import type { Config } from '../config.js';
import { readAll, storageOf, type ObjectBody, type ObjectStorage } from './storage.js';

const CATEGORY = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;
/** what save() produces, e.g. 20250101_0f3a…(32 hex).png */
export const STORED_NAME = /^[0-9]{8}_[0-9A-Za-z]{1,40}\.[a-z0-9]{1,10}$/;

/** every stored name in a text (a record's attachment list, a message), each once */
export function storedNamesIn(text: string | null | undefined): string[] {
  if (!text) return [];
  const found = text.match(/[0-9]{8}_[0-9A-Za-z]{1,40}\.[a-z0-9]{1,10}/g) ?? [];
  return [...new Set(found.filter((n) => STORED_NAME.test(n)))];
}

/** extensions whose files must be pictures (checked by content) */
/** the picture types, shared with the online forms' file fields */
export { IMAGE_EXTENSIONS };
/**
 * What a general upload (record attachments, form upload fields) accepts: the file categories of
 * the reference's picture, video, audio and document types plus archives; nothing a browser would run
 * (no html, svg, js)
 */
export const UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set([
  ...IMAGE_EXTENSIONS,
  ...['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  ...['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  ...['doc', 'txt', 'docx', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
  ...['zip', 'rar', '7z'],
]);

export interface ImageKind {
  extension: 'png' | 'jpg' | 'gif' | 'webp' | 'bmp';
  contentType: string;
}

/** the image type the bytes themselves say, or null: the file name and the client's type are not trusted */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { extension: 'png', contentType: 'image/png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { extension: 'jpg', contentType: 'image/jpeg' };
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return { extension: 'gif', contentType: 'image/gif' };
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return { extension: 'webp', contentType: 'image/webp' };
  if (bytes.length > 26 && head.startsWith('BM')) return { extension: 'bmp', contentType: 'image/bmp' };
  return null;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  amr: 'audio/amr',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

export class FileStore {
  constructor(readonly storage: ObjectStorage) {}

  /** stores the bytes under a new name; returns the name */
  async save(category: string, extension: string, bytes: Buffer): Promise<string> {
    return this.write(category, extension, (key) => this.storage.put(key, bytes));
  }

  /** stores what the source yields (large files, joined parts), `size` bytes in all, under a new name */
  async saveStream(
    category: string,
    extension: string,
    source: AsyncIterable<Uint8Array>,
    size: number,
  ): Promise<string> {
    return this.write(category, extension, (key) => this.storage.put(key, source, size));
  }

  private async write(category: string, extension: string, fill: (key: string) => Promise<void>) {
    const ext = extension.toLowerCase();
    if (!/^[a-z0-9]{1,10}$/.test(ext)) throw new Error(`files: bad extension ${extension}`);
    const now = new Date();
    const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
    // random, not sequential: a name is the only key to a file any signed-in user may fetch
    const name = `${day}_${randomBytes(16).toString('hex')}.${ext}`;
    const key = this.keyOf(category, name);
    if (!key) throw new Error(`files: bad category ${category}`);
    await fill(key);
    return name;
  }

  /** the file's storage key (files/<category>/<name>), or null when the category or name is not one we could have made */
  keyOf(category: string, name: string): string | null {
    if (!CATEGORY.test(category) || !STORED_NAME.test(name)) return null;
    return `files/${category}/${name}`;
  }

  async exists(category: string, name: string): Promise<boolean> {
    return (await this.size(category, name)) !== null;
  }

  /** the stored file's size in bytes, or null when there is no such file */
  async size(category: string, name: string): Promise<number | null> {
    const key = this.keyOf(category, name);
    if (!key) return null;
    return (await this.storage.stat(key))?.size ?? null;
  }

  async read(category: string, name: string): Promise<Buffer | null> {
    const found = await this.open(category, name);
    return found ? readAll(found.body) : null;
  }

  /** the file's bytes as a stream with its size, or null when there is no such file */
  async open(category: string, name: string): Promise<ObjectBody | null> {
    const key = this.keyOf(category, name);
    if (!key) return null;
    return this.storage.get(key);
  }

  async remove(category: string, name: string): Promise<void> {
    const key = this.keyOf(category, name);
    if (key) await this.storage.delete(key);
  }
}

/** the stored files of this configuration: DATA_DIR/files on disk, or files/ in the object store */
export function fileStore(config: Config): FileStore {
  return new FileStore(storageOf(config));
}

export interface SendOptions {
  /** attachment: the browser saves the file instead of showing it */
  disposition?: 'inline' | 'attachment';
  /** the name the browser saves it under (sanitised; the stored name when not given) */
  downloadName?: string;
}

/**
 * Answers with a stored file, streamed: its type from its content for images (else from its extension), never
 * sniffed by the browser, cacheable only privately. Returns false when there is no such file.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  category: string,
  name: string,
  options: SendOptions = {},
): Promise<boolean> {
  const found = await store.open(category, name);
  if (!found) return false;
  // the first bytes tell a picture's type; they are sent first, then the rest of the stream
  const { head, stream } = await peek(found.body, 64);
  const type = sniffImage(head)?.contentType ?? contentTypeOf(name);
  await reply
    .header('Content-Type', type)
    .header('Content-Length', found.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
    .header('Cache-Control', 'private, max-age=86400')
    .header('Content-Disposition', contentDisposition(options.disposition ?? 'inline', options.downloadName ?? name))
    .send(stream);
  return true;
}

/** the first `count` bytes of a stream (fewer when it is shorter) and a stream of all of it */
async function peek(body: Readable, count: number): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const taken: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < count) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const piece = Buffer.from(next.value);
    taken.push(piece);
    length += piece.length;
  }
  async function* all() {
    yield* taken;
    if (done) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield Buffer.from(next.value);
  }
  const stream = Readable.from(all(), { objectMode: false });
  // a client that goes away ends the source too (an open file, an object store's connection)
  stream.on('close', () => {
    if (!stream.readableEnded) body.destroy();
  });
  return { head: Buffer.concat(taken).subarray(0, count), stream };
}

/** a Content-Disposition value: an ASCII fallback name and the real one (RFC 6266) */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const clean =
    fileName
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
      .trim()
      .slice(0, 150) || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

export type ImageUploadRefusal = 'fileRequired' | 'tooLarge' | 'oneFile' | 'uploadFailed' | 'imageOnly';

/** an upload that is not one acceptable image: which rule it broke */
export class ImageUploadError extends Error {
  constructor(readonly reason: ImageUploadRefusal) {
    super(reason);
  }
}

/**
 * Reads the one image of a multipart request (field "file"), smaller than maxBytes, recognised by its content
 * (png, jpg, gif, webp, bmp). Throws ImageUploadError saying which rule was broken.
 */
export async function readOneImage(req: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; kind: ImageKind }> {
  if (!req.isMultipart()) throw new ImageUploadError('fileRequired');
  let bytes: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes - 1, files: 1 } })) {
      if (part.type === 'file') bytes = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ImageUploadError('tooLarge');
    if (code === 'FST_FILES_LIMIT') throw new ImageUploadError('oneFile');
    throw new ImageUploadError('uploadFailed');
  }
  if (!bytes?.length) throw new ImageUploadError('fileRequired');
  if (bytes.length >= maxBytes) throw new ImageUploadError('tooLarge');
  const kind = sniffImage(bytes);
  if (!kind) throw new ImageUploadError('imageOnly');
  return { bytes, kind };
}
