// The content hash of a chosen file (MD5, 32 lowercase hex, as the reference's SparkMD5): the chunked upload's
// identifier, so that the same file chosen again — after a pause, or after the page was reloaded — finds the
// chunks the server holds already. The file is read slice by slice and hashed piece by piece, giving the page
// back between pieces, so a large file never freezes it.
import { md5Stream } from '@jnpf/core';

/** the reference's hash slice (10240000 bytes), read at once */
export const HASH_SLICE = 10_240_000;
/** hashed between two yields: a few milliseconds of work */
const HASH_STEP = 1024 * 1024;

/** an error reading the file (not a cancel): the widget names the file in its message */
export class FileReadError extends Error {}

/**
 * gives the page its turn: a message round trip, not setTimeout, whose nested calls browsers hold back 4 ms each
 * (a thousand pieces of a 1 GB file would wait four seconds for nothing)
 */
const yieldToPage = () =>
  new Promise<void>((resolve) => {
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** FileReader where a Blob has no arrayBuffer() (older engines, jsdom) */
const readAsBuffer = (blob: Blob) =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer()
    : new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error ?? new Error('read failed'));
        reader.readAsArrayBuffer(blob);
      });

async function readSlice(blob: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readAsBuffer(blob));
  } catch (cause) {
    const error = new FileReadError('read failed');
    error.cause = cause;
    throw error;
  }
}

/**
 * The file's MD5 in hex. Rejects with a FileReadError when the file cannot be read, and with an AbortError once
 * `signal` is aborted (checked between pieces).
 */
export async function hashFile(
  file: Blob,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<string> {
  const hash = md5Stream();
  for (let start = 0; start < file.size; start += HASH_SLICE) {
    const slice = await readSlice(file.slice(start, Math.min(file.size, start + HASH_SLICE)));
    for (let offset = 0; offset < slice.length; offset += HASH_STEP) {
      options.signal?.throwIfAborted();
      hash.update(slice.subarray(offset, offset + HASH_STEP));
      await yieldToPage();
    }
    options.onProgress?.(Math.min(1, (start + slice.length) / file.size));
  }
  options.signal?.throwIfAborted();
  return hash.hex();
}
