// The content hash of a chosen file: MD5 as the reference's SparkMD5 gives it, over slices and pieces alike.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_SLICE, hashFile } from './fileHash';

describe('hashFile', () => {
  it('answers the MD5 of the whole file in hex, across slices, and of an empty file', async () => {
    const bytes = new Uint8Array(HASH_SLICE + 12345).map((_, i) => (i * 7) % 256);
    const progress: number[] = [];
    const hash = await hashFile(new File([bytes], 'a.bin'), { onProgress: (f) => progress.push(f) });
    expect(hash).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(progress.at(-1)).toBe(1);
    expect(await hashFile(new File([], 'empty.txt'))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(hashFile(new File([new Uint8Array(10)], 'a.bin'), { signal: controller.signal })).rejects.toThrow();
  });
});
