// The general chunk upload that form upload fields use (server side: apps/server/src/modules/file/chunks.ts): the file
// goes up in 5 MiB chunks (test call first, stored chunks skipped, each chunk retried), then one merge call stores it
// on the server. Headers as the request layer's: jnpf-origin pc, jnpf-language, the token verbatim. Nothing is shown to
// the user here except an ended session (600–602, as every call): a failure rejects with a RequestError whose message
// is the server's msg (or 上传失败 when the server could not be reached), for the field to show.
import type { ApiResult } from '@jnpf/core';
import { API_BASE, REQUEST_ERROR_TOAST_SECONDS } from './config';
import { feedback } from './feedback';
import { currentLanguage } from './i18n';
import { currentAppPath, loginPathFor, navigateTo } from './navigation';
import { buildUrl, RequestError } from './request';
import { getToken, resetSession } from './session';
import { defineViewTexts } from './viewText';

/** the reference's chunk size, the largest the server takes */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** attempts after the first one for a chunk the network lost (the reference's maxChunkRetries) */
export const MAX_CHUNK_RETRIES = 5;
/** chunks in flight at once (simple-uploader's simultaneousUploads) */
const SIMULTANEOUS_CHUNKS = 3;
/** one chunk on a slow line (5 MiB at 50 kB/s) */
const CHUNK_TIMEOUT_MS = 120_000;
const SESSION_ENDED = new Set([600, 601, 602]);

const texts = defineViewTexts({
  zh: { failed: '上传失败' },
  zhtw: { failed: '上傳失敗' },
  en: { failed: 'Upload failed' },
});

/** the stores of the server (the merge's `type`): any allowed file, or pictures only */
export type UploadType = 'annex' | 'annexpic';

/** a stored file as an upload field keeps it in its value (the merge call's answer) */
export interface UploadedFile {
  /** the file's own name, for display */
  name: string;
  /** the stored name the server gave it (its key) */
  fileId: string;
  fileSize: number;
  fileExtension: string;
  /** server-relative address, e.g. /api/file/Image/annex/20250101_….pdf (needs the token) */
  url: string;
  fileVersionId?: string;
}

export interface UploadOptions {
  /** annex (default) or annexpic: the server then takes pictures only, stored under their real type */
  type?: UploadType;
  /** whole percent, 0–100; 100 once the file is stored */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** wait before retrying a chunk, times the attempt number (tests use 0) */
  retryDelayMs?: number;
  /**
   * the upload's identifier: the file's content hash (fileHash.ts) lets an upload paused, failed or cut off by a
   * page reload go on where it stopped (the test call answers the chunks the server holds, which are not sent
   * again); without one the upload starts afresh under a random identifier
   */
  identifier?: string;
  /** the field's storage options, sent on the merge as the reference does (this server keeps one place) */
  storage?: { pathType: string; isAccount: string; folder: string };
}

interface ChunkAnswer {
  chunkNumbers?: number[];
  merge?: boolean;
}

interface MergeAnswer {
  name: string;
  url: string;
  fileSize: number;
  fileExtension: string;
  fileVersionId?: string;
}

const aborted = () => new RequestError('aborted', null, undefined, true);
/** the upload was cancelled through its signal (a pause or a remove), not refused */
export const wasCancelled = (error: unknown) =>
  error instanceof RequestError && error.notified && error.code === null && error.message === 'aborted';
/** the network or the server's unexpected error: worth trying again later (the other refusals never pass) */
export const mayRetry = (error: unknown) =>
  error instanceof RequestError && !error.notified && (error.code === null || error.code === 500);

/** a failure worth another attempt: the network, or the server's unexpected error */
const retryable = (error: unknown) => error instanceof RequestError && (error.code === null || error.code === 500);

function randomIdentifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** a refusal by the server; 600–602 end the session like every other call */
function refusal(body: ApiResult, token: string | null): RequestError {
  const message = body.msg || texts.text('failed');
  if (SESSION_ENDED.has(body.code) && token && getToken() === token) {
    feedback.error(message, REQUEST_ERROR_TOAST_SECONDS);
    resetSession();
    const here = currentAppPath();
    if (!here.startsWith('/login')) navigateTo(loginPathFor(here), { replace: true });
    return new RequestError(message, body.code, body, true);
  }
  return new RequestError(message, body.code, body, false);
}

/** one call; answers the envelope's data or throws a RequestError (code null: the network failed) */
async function send<T>(
  url: string,
  init: { method: 'GET' | 'POST'; body?: BodyInit; headers?: Record<string, string> },
  signal: AbortSignal,
  timeoutMs: number,
): Promise<T> {
  const headers: Record<string, string> = {
    ...init.headers,
    'jnpf-origin': 'pc',
    'jnpf-language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  let payload: unknown;
  try {
    const response = await fetch(url, {
      method: init.method,
      headers,
      body: init.body,
      signal: AbortSignal.any([signal, timeout.signal]),
    });
    payload = await response.json();
  } catch (cause) {
    if (signal.aborted) throw aborted();
    const error = new RequestError(texts.text('failed'), null, undefined, false);
    error.cause = cause;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = payload as ApiResult<T> | null;
  if (!body || typeof body.code !== 'number') throw new RequestError(texts.text('failed'), null, undefined, false);
  if (body.code !== 200) throw refusal(body, token);
  return body.data as T;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(aborted());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(aborted());
      },
      { once: true },
    );
  });

/**
 * Uploads a file in chunks and stores it; resolves with the value an upload field keeps. Rejects with a
 * RequestError: its message is what to show (wasNotified() tells whether it was shown already); a cancelled
 * upload rejects with the message "aborted".
 */
export async function uploadFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const { type = 'annex', onProgress, retryDelayMs = 500 } = options;
  // one controller for the whole upload: the caller's cancel, or the first chunk that fails for good
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (options.signal?.aborted) throw aborted();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const totalChunks = Math.max(1, Math.ceil(file.size / CHUNK_SIZE));
    const lengthOf = (n: number) => Math.min(CHUNK_SIZE, file.size - (n - 1) * CHUNK_SIZE);
    // chunks are kept per user and never shared: a hash gives no instant upload, only the resume of one's own
    const identifier = options.identifier ?? randomIdentifier();
    const extension = extensionOf(file.name);
    const common = {
      chunkSize: CHUNK_SIZE,
      totalSize: file.size,
      identifier,
      filename: file.name,
      relativePath: file.name,
      totalChunks,
      fileType: file.type,
      extension,
    };
    let sent = 0;
    let lastPercent = -1;
    const progress = (percent: number) => {
      if (percent === lastPercent) return;
      lastPercent = percent;
      onProgress?.(percent);
    };
    // 100 belongs to the stored file, not to the last chunk
    const report = () => progress(file.size ? Math.min(99, Math.floor((sent / file.size) * 100)) : 0);

    const query = new URLSearchParams(
      Object.entries({ ...common, chunkNumber: 1, currentChunkSize: lengthOf(1) }).map(([k, v]) => [k, String(v)]),
    );
    const tested = await send<ChunkAnswer>(
      `${API_BASE}/api/file/chunk?${query.toString()}`,
      { method: 'GET' },
      controller.signal,
      CHUNK_TIMEOUT_MS,
    );
    const stored = new Set((tested?.chunkNumbers ?? []).filter((n) => n >= 1 && n <= totalChunks));
    for (const n of stored) sent += lengthOf(n);
    report();

    const postChunk = async (n: number) => {
      for (let attempt = 0; ; attempt++) {
        if (controller.signal.aborted) throw aborted();
        const form = new FormData();
        for (const [key, value] of Object.entries({ ...common, chunkNumber: n, currentChunkSize: lengthOf(n) }))
          form.append(key, String(value));
        const start = (n - 1) * CHUNK_SIZE;
        form.append('file', file.slice(start, start + lengthOf(n)), file.name);
        try {
          await send<ChunkAnswer>(
            `${API_BASE}/api/file/chunk`,
            { method: 'POST', body: form },
            controller.signal,
            CHUNK_TIMEOUT_MS,
          );
          return;
        } catch (error) {
          if (controller.signal.aborted || !retryable(error) || attempt >= MAX_CHUNK_RETRIES) throw error;
          await wait(retryDelayMs * (attempt + 1), controller.signal);
        }
      }
    };

    const pending = Array.from({ length: totalChunks }, (_, i) => i + 1).filter((n) => !stored.has(n));
    let next = 0;
    let failure: unknown = null;
    const worker = async () => {
      while (next < pending.length && failure === null) {
        const n = pending[next++]!;
        try {
          await postChunk(n);
        } catch (error) {
          // the first failure is the answer; the chunks still in flight are cancelled
          if (failure === null) failure = error;
          controller.abort();
          return;
        }
        sent += lengthOf(n);
        report();
      }
    };
    await Promise.all(Array.from({ length: Math.min(SIMULTANEOUS_CHUNKS, pending.length) }, worker));
    if (failure !== null) throw options.signal?.aborted ? aborted() : failure;

    const merged = await send<MergeAnswer>(
      buildUrl('/api/file/merge', undefined),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: new URLSearchParams({
          identifier,
          // the merge names the stored file without '#', which would cut its address short
          fileName: file.name.replaceAll('#', ''),
          fileSize: String(file.size),
          fileType: file.type,
          extension,
          type,
          ...options.storage,
        }).toString(),
      },
      controller.signal,
      CHUNK_TIMEOUT_MS,
    );
    progress(100);
    return {
      name: file.name,
      fileId: merged.name,
      fileSize: merged.fileSize,
      fileExtension: merged.fileExtension,
      url: merged.url,
      ...(merged.fileVersionId ? { fileVersionId: merged.fileVersionId } : {}),
    };
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * The browser address of a stored file (an upload field's value or its url), with the name a download should
 * get. The server wants the token, so an <img> or a plain link cannot use it: fetch it with the token
 * (components/attachments/files.ts: fetchAttachment, useAttachmentImage, downloadAttachment take value.url).
 * Absolute addresses are returned as they are.
 */
export function fileUrl(value: { url: string } | string, downloadName?: string): string {
  const url = typeof value === 'string' ? value : value.url;
  if (/^(https?:|data:|blob:)/i.test(url)) return url;
  const named = downloadName ? `${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(downloadName)}` : url;
  return `${API_BASE}${named}`;
}
