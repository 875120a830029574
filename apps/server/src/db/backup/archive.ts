// A gzip-compressed tar (ustar) archive, written and read with Node streams, entry by entry, without holding an
// entry in memory: what a backup of the platform is stored as. Only regular files with names of at most 100
// bytes (the archive's own names: manifest.json, tables/<table>.ndjson, files/<category>/<name>).
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

export class ArchiveFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveFormatError';
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** the entry's bytes, in pieces; the next entry is read only after this one is drained */
  body(): AsyncIterable<Buffer>;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new ArchiveFormatError(`archive: entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.fill(' ', 148, 156);
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** what the archive writer is given: a name, the exact size, and its bytes */
export interface EntrySource {
  name: string;
  size: number;
  content: Buffer | (() => AsyncIterable<Uint8Array>);
}

/** writes the entries the source yields to `file` as a .tar.gz */
export async function writeArchive(file: string, entries: AsyncIterable<EntrySource>): Promise<void> {
  async function* bytes(): AsyncGenerator<Buffer> {
    const now = Date.now();
    for await (const entry of entries) {
      yield header(entry.name, entry.size, now);
      let written = 0;
      if (Buffer.isBuffer(entry.content)) {
        written = entry.content.length;
        yield entry.content;
      } else
        for await (const piece of entry.content()) {
          written += piece.length;
          yield Buffer.from(piece.buffer, piece.byteOffset, piece.length);
        }
      if (written !== entry.size)
        throw new ArchiveFormatError(`archive: ${entry.name} changed while being written (${written} ≠ ${entry.size})`);
      yield padding(entry.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(bytes()), createGzip(), createWriteStream(file, { flags: 'wx' }));
}

/** reads exact byte counts from a stream of pieces */
class ByteReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  private done = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    this.pending.push(next.value);
    this.buffered += next.value.length;
    return true;
  }

  /** exactly n bytes, or null at a clean end of the stream before any of them */
  async exact(n: number): Promise<Buffer | null> {
    while (this.buffered < n) if (!(await this.fill())) break;
    if (this.buffered === 0) return null;
    if (this.buffered < n) throw new ArchiveFormatError('archive: unexpected end of the archive');
    return this.take(n);
  }

  private take(n: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.pending = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** the next n bytes, in pieces */
  async *pieces(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.fill()))
        throw new ArchiveFormatError('archive: unexpected end of the archive');
      const piece = this.take(Math.min(left, this.buffered));
      left -= piece.length;
      yield piece;
    }
  }

  async skip(n: number): Promise<void> {
    for await (const piece of this.pieces(n)) void piece;
  }
}

function parseOctal(block: Buffer, start: number, length: number): number {
  const text = block
    .toString('ascii', start, start + length)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveFormatError('archive: not a backup archive (bad entry header)');
  return parseInt(text, 8);
}

/** the entries of a .tar.gz file, in order */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const stream = createReadStream(file).pipe(createGunzip());
  const reader = new ByteReader(stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    for (;;) {
      const block = await reader.exact(BLOCK);
      if (!block || block.every((b) => b === 0)) return;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (parseOctal(block, 148, 8) !== sum)
        throw new ArchiveFormatError('archive: not a backup archive (bad checksum)');
      const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = parseOctal(block, 124, 12);
      const type = String.fromCharCode(block[156]!);
      let consumed = 0;
      const entry: ArchiveEntry = {
        name,
        size,
        async *body() {
          for await (const piece of reader.pieces(size - consumed)) {
            consumed += piece.length;
            yield piece;
          }
        },
      };
      if (type === '0' || type === '\0') yield entry;
      // whatever the caller left of the entry
      await reader.skip(size - consumed);
      await reader.skip((BLOCK - (size % BLOCK)) % BLOCK);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'Z_DATA_ERROR' || (err as { code?: string }).code === 'Z_BUF_ERROR')
      throw new ArchiveFormatError('archive: not a gzip-compressed backup archive');
    throw err;
  } finally {
    stream.destroy();
  }
}
