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
