// A file sent through the general chunk upload as simple-uploader sends it (chunks, then the merge), the
// chunks spread over several servers as a round-robin load balancer would.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ApiResult } from '@jnpf/core';
import { call, type TestServer } from '../harness.js';
import { upload } from './uploads.js';

export interface Uploaded {
  name: string;
  url: string;
  fileSize: number;
  fileExtension: string;
}

/** the smallest chunk size the server takes */
export const SMALL_CHUNK = 64 * 1024;

/** random content that can never look like a picture (its first bytes are fixed) */
export const pdfBytes = (length: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(length - 9)]);

export const newIdentifier = () => `${Date.now()}-${randomBytes(6).toString('hex')}`;

/** the simple-uploader fields of chunk n */
export function chunkFields(identifier: string, bytes: Buffer, n: number, fileName: string, chunkSize: number) {
  const totalChunks = Math.max(1, Math.floor(bytes.length / chunkSize));
  const start = (n - 1) * chunkSize;
  // without forceChunkSize the rest joins the last chunk
  const piece = bytes.subarray(start, n === totalChunks ? bytes.length : start + chunkSize);
  const fields: Record<string, string> = {
    chunkNumber: String(n),
    chunkSize: String(chunkSize),
    currentChunkSize: String(piece.length),
    totalSize: String(bytes.length),
    identifier,
    filename: fileName,
    relativePath: fileName,
    totalChunks: String(totalChunks),
    fileType: 'application/octet-stream',
    extension: path.extname(fileName).slice(1),
  };
  return { fields, piece, totalChunks };
}

/**
 * Uploads the bytes in chunks, chunk n to servers[n % servers.length], and merges through `mergeOn`; answers
 * the merge's envelope
 */
export async function chunkedUpload(
  servers: TestServer[],
  token: string,
  bytes: Buffer,
  options: { fileName?: string; chunkSize?: number; mergeOn?: TestServer; type?: string } = {},
): Promise<ApiResult<Uploaded>> {
  const fileName = options.fileName ?? 'report.pdf';
  const chunkSize = options.chunkSize ?? SMALL_CHUNK;
  const identifier = newIdentifier();
  const { totalChunks } = chunkFields(identifier, bytes, 1, fileName, chunkSize);
  for (let n = 1; n <= totalChunks; n++) {
    const { fields, piece } = chunkFields(identifier, bytes, n, fileName, chunkSize);
    const res = await upload<{ chunkNumbers: number[]; merge: boolean }>(
      servers[n % servers.length]!,
      '/api/file/chunk',
      [{ name: fileName, content: piece }],
      { token, fields },
    );
    if (res.code !== 200) throw new Error(`chunk ${n}: ${res.code} ${res.msg}`);
  }
  return call<Uploaded>(options.mergeOn ?? servers[0]!, 'POST', '/api/file/merge', {
    token,
    form: {
      identifier,
      fileName,
      fileSize: String(bytes.length),
      fileType: 'application/octet-stream',
      extension: path.extname(fileName).slice(1),
      ...(options.type ? { type: options.type } : {}),
    },
  });
}

/** GETs a stored file's bytes with the token, failing unless 200 */
export async function downloadBytes(server: TestServer, token: string, url: string): Promise<Buffer> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    headers: { authorization: token, 'x-forwarded-for': server.clientIp },
  });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}
