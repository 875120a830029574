// Files in transit, for every module: an uploaded file kept for its uploader (import preview, then import),
// and a generated file offered for download. The reference answers an export with {name, url} and the
// browser opens the url without its token, so the url carries an unguessable ticket (stored hashed) that is
// valid for ten minutes. Everything is in the database, so any process serves it.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { transferFile } from '../db/schema/index.js';
import type { AppContext } from './context.js';
import { refuse, type MessageParams } from './errors.js';

const UPLOAD_TTL_MS = 60 * 60_000;
const DOWNLOAD_TTL_MS = 10 * 60_000;
export const DOWNLOAD_BASE = '/api/file/Download';
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface DownloadVO {
  name: string;
  url: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** a file name without characters that file systems or headers refuse */
export const safeFileName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_')
    .trim()
    .slice(0, 120) || 'export';

async function sweep(app: AppContext) {
  await app.db.delete(transferFile).where(lt(transferFile.expiresAt, Date.now()));
}

/** keeps an uploaded file for its uploader; returns the name the client quotes back */
export async function storeUpload(
  app: AppContext,
  userId: string,
  extension: string,
  content: Buffer,
): Promise<string> {
  await sweep(app);
  const name = `${randomBytes(16).toString('hex')}.${extension.replace(/[^A-Za-z0-9]/g, '').slice(0, 10)}`;
  const now = Date.now();
  await app.db.insert(transferFile).values({
    id: name,
    userId,
    kind: 'upload',
    fileName: name,
    content,
    creatorTime: now,
    expiresAt: now + UPLOAD_TTL_MS,
  });
  return name;
}

/** an uploaded file, only for the user who uploaded it */
export async function loadUpload(app: AppContext, userId: string, name: string): Promise<Buffer | null> {
  const [row] = await app.db
    .select({ content: transferFile.content })
    .from(transferFile)
    .where(
      and(
        eq(transferFile.id, name),
        eq(transferFile.kind, 'upload'),
        eq(transferFile.userId, userId),
        gt(transferFile.expiresAt, Date.now()),
      ),
    )
    .limit(1);
  return row ? Buffer.from(row.content) : null;
}

/** what a ticket opens: a generated file, or the list of stored files a pack download zips when fetched */
export type TicketKind = 'download' | 'pack';

/** keeps `content` behind a new unguessable ticket for ten minutes; returns the ticket */
export async function storeTicket(
  app: AppContext,
  userId: string,
  kind: TicketKind,
  fileName: string,
  content: Buffer | string,
): Promise<string> {
  await sweep(app);
  const ticket = randomBytes(32).toString('base64url');
  const now = Date.now();
  await app.db.insert(transferFile).values({
    id: sha256(ticket),
    userId,
    kind,
    fileName,
    // as base64 text decoded by the database: PGlite copies a bytea parameter through the JS heap several times
    // (a 3.6 MB export grew the process by about 75 MB), text once
    content: sql`decode(${(typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString('base64')}, 'base64')`,
    creatorTime: now,
    expiresAt: now + DOWNLOAD_TTL_MS,
  });
  return ticket;
}

/** offers a generated file; answers the reference's DownloadVO */
export async function offerDownload(
  app: AppContext,
  userId: string,
  fileName: string,
  content: Buffer | string,
): Promise<DownloadVO> {
  const name = safeFileName(fileName);
  const ticket = await storeTicket(app, userId, 'download', name, content);
  return { name, url: `${DOWNLOAD_BASE}/${ticket}/${encodeURIComponent(name)}` };
}

export async function findDownload(app: AppContext, ticket: string, kind: TicketKind = 'download') {
  const [row] = await app.db
    .select({ fileName: transferFile.fileName, content: transferFile.content })
    .from(transferFile)
    .where(
      and(eq(transferFile.id, sha256(ticket)), eq(transferFile.kind, kind), gt(transferFile.expiresAt, Date.now())),
    )
    .limit(1);
  return row ? { fileName: row.fileName, content: Buffer.from(row.content) } : null;
}

export interface Upload {
  file: { name: string; bytes: Buffer } | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: the first file and the plain fields. A file over maxBytes is refused with the
 * caller's message (its params, e.g. the size, are passed along).
 */
export async function readUpload(
  req: FastifyRequest,
  maxBytes: number,
  tooLarge: { key: string; params?: MessageParams },
): Promise<Upload> {
  const out: Upload = { file: null, fields: {} };
  if (!req.isMultipart()) return out;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        out.file ??= { name: part.filename, bytes };
      } else if (typeof part.value === 'string') out.fields[part.fieldname] = part.value.slice(0, 200);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(tooLarge.key, tooLarge.params);
    throw err;
  }
  return out;
}
