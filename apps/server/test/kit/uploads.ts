// Multipart uploads as the web client sends them, and a small picture to send.
import type { ApiResult } from '@jnpf/core';
import type { TestServer } from '../harness.js';

/** a 1×1 PNG picture */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface UploadFile {
  name: string;
  content: string | Uint8Array;
}

/** posts the files (each as `file`) after these form fields; answers the JSON envelope */
export async function upload<T = unknown>(
  server: TestServer,
  path: string,
  files: UploadFile[],
  options: { token?: string | null; fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
  for (const file of files)
    form.append(
      'file',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)]),
      file.name,
    );
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'jnpf-origin': 'pc',
      'x-forwarded-for': server.clientIp,
      ...(options.token ? { authorization: options.token } : {}),
      ...options.headers,
    },
    body: form,
  });
  return (await res.json()) as ApiResult<T>;
}

/** what the merge answers */
export interface Merged {
  name: string;
  url: string;
  fileSize: number;
  fileExtension: string;
}

/**
 * A small file (under 64 KiB) sent as the web client's chunked upload does, in one chunk, then merged into the
 * store `type` (annex, or annexpic for pictures); answers the merge's envelope
 */
export async function chunkedUpload(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  fileName: string,
  type: 'annex' | 'annexpic' = 'annex',
  lang = 'zh',
): Promise<ApiResult<Merged>> {
  const identifier = `t${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  const headers = { 'jnpf-language': lang };
  const chunk = await upload(server, '/api/file/chunk', [{ name: fileName, content: bytes }], {
    token,
    headers,
    fields: {
      chunkNumber: '1',
      chunkSize: String(64 * 1024),
      currentChunkSize: String(bytes.length),
      totalSize: String(bytes.length),
      identifier,
      filename: fileName,
      relativePath: fileName,
      totalChunks: '1',
      extension,
    },
  });
  if (chunk.code !== 200) return chunk as ApiResult<Merged>;
  const res = await fetch(`${server.baseUrl}/api/file/merge`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'jnpf-origin': 'pc',
      'x-forwarded-for': server.clientIp,
      authorization: token,
      ...headers,
    },
    body: JSON.stringify({ identifier, fileName, fileSize: bytes.length, extension, type }),
  });
  return (await res.json()) as ApiResult<Merged>;
}
