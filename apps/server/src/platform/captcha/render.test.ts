import { inflateSync } from 'node:zlib';
import { describe, it, expect } from 'vitest';
import { CAPTCHA_ALPHABET, CAPTCHA_FONT, randomCaptchaText, renderCaptchaPng } from './render.js';

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  crcInput: Buffer;
}

// Independent bitwise CRC-32 (no table) so the test does not reuse the renderer's code.
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let off = 8;
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    chunks.push({
      type: png.toString('latin1', off + 4, off + 8),
      data: png.subarray(off + 8, off + 8 + len),
      crc: png.readUInt32BE(off + 8 + len),
      crcInput: png.subarray(off + 4, off + 8 + len),
    });
    off += 12 + len;
  }
  expect(off).toBe(png.length);
  return chunks;
}

/** Decodes the image to RGB(A) pixels; the renderer only uses filter type 0. */
function decode(png: Buffer): { width: number; height: number; channels: number; px: Buffer } {
  const chunks = readChunks(png);
  const ihdr = chunks[0]!.data;
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const channels = ihdr[9] === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * channels;
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(0);
    raw.copy(px, y * stride, y * (stride + 1) + 1, (y + 1) * (stride + 1));
  }
  return { width, height, channels, px };
}

describe('renderCaptchaPng', () => {
  it('starts with the PNG signature', () => {
    const png = renderCaptchaPng('AB34');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('writes an IHDR with the default and the requested size, 8-bit RGB(A)', () => {
    for (const [opts, w, h] of [
      [undefined, 120, 40],
      [{ width: 160, height: 50 }, 160, 50],
    ] as const) {
      const chunks = readChunks(renderCaptchaPng('XY7Z', opts));
      expect(chunks[0]!.type).toBe('IHDR');
      expect(chunks[0]!.data.length).toBe(13);
      expect(chunks[0]!.data.readUInt32BE(0)).toBe(w);
      expect(chunks[0]!.data.readUInt32BE(4)).toBe(h);
      expect(chunks[0]!.data[8]).toBe(8);
      expect([2, 6]).toContain(chunks[0]!.data[9]);
      expect(chunks.at(-1)!.type).toBe('IEND');
    }
  });

  it('has a valid CRC32 on every chunk', () => {
    const chunks = readChunks(renderCaptchaPng('QRST'));
    expect(chunks.map((c) => c.type)).toContain('IDAT');
    for (const c of chunks) expect(c.crc, c.type).toBe(crc32(c.crcInput));
  });

  it('inflates IDAT to height * (1 + width * channels) bytes', () => {
    const png = renderCaptchaPng('K9M2', { width: 130, height: 44 });
    const chunks = readChunks(png);
    const channels = chunks[0]!.data[9] === 6 ? 4 : 3;
    const idat = Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data));
    expect(inflateSync(idat).length).toBe(44 * (1 + 130 * channels));
  });

  it('is random: two renders of the same text differ', () => {
    expect(renderCaptchaPng('ABCD').equals(renderCaptchaPng('ABCD'))).toBe(false);
  });

  it('is not blank: light background with a good share of dark ink', () => {
    const { width, height, channels, px } = decode(renderCaptchaPng('W8HX'));
    let light = 0;
    let dark = 0;
    for (let i = 0; i < px.length; i += channels) {
      const lum = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
      if (lum > 200) light++;
      else if (lum < 120) dark++;
    }
    const total = width * height;
    expect(light / total).toBeGreaterThan(0.4); // mostly background
    expect(dark / total).toBeGreaterThan(0.1); // glyph strokes: >= 0.15 seen over 3000 renders
  });

  it('accepts lower case and rejects characters without a glyph or a bad length', () => {
    expect(() => renderCaptchaPng('abcd')).not.toThrow();
    expect(() => renderCaptchaPng('AB0D')).toThrow(RangeError);
    expect(() => renderCaptchaPng('A!')).toThrow(RangeError);
    expect(() => renderCaptchaPng('')).toThrow(RangeError);
    expect(() => renderCaptchaPng('A'.repeat(17))).toThrow(RangeError);
  });

  it('completes 200 renders of 4 characters', () => {
    let bytes = 0;
    for (let i = 0; i < 200; i++) bytes += renderCaptchaPng(randomCaptchaText(4)).length;
    expect(bytes).toBeGreaterThan(0);
  });
});

describe('font', () => {
  it('defines a non-blank 5x7 glyph for every alphabet character', () => {
    for (const ch of CAPTCHA_ALPHABET) {
      const rows = CAPTCHA_FONT[ch];
      expect(rows, ch).toBeDefined();
      expect(rows!.length, ch).toBe(7);
      for (const row of rows!) expect(row, ch).toMatch(/^[#.]{5}$/);
      expect(rows!.join('').includes('#'), ch).toBe(true);
    }
  });

  it('has no two identical glyphs', () => {
    const shapes = [...CAPTCHA_ALPHABET].map((ch) => CAPTCHA_FONT[ch]!.join('/'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });
});

describe('randomCaptchaText', () => {
  it('uses only the unambiguous alphabet', () => {
    expect(CAPTCHA_ALPHABET).toBe('23456789ABCDEFGHJKMNPQRSTUVWXYZ');
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01ILO]/);
    const text = Array.from({ length: 50 }, () => randomCaptchaText(8)).join('');
    for (const ch of text) expect(CAPTCHA_ALPHABET).toContain(ch);
    expect(new Set(text).size).toBeGreaterThan(10); // not stuck on a few characters
  });

  it('clamps the length to 3..8', () => {
    expect(randomCaptchaText(4)).toHaveLength(4);
    expect(randomCaptchaText(6)).toHaveLength(6);
    expect(randomCaptchaText(1)).toHaveLength(3);
    expect(randomCaptchaText(-5)).toHaveLength(3);
    expect(randomCaptchaText(0)).toHaveLength(3);
    expect(randomCaptchaText(Number.NaN)).toHaveLength(3);
    expect(randomCaptchaText(20)).toHaveLength(8);
    expect(randomCaptchaText(Infinity)).toHaveLength(8);
    expect(randomCaptchaText(5.7)).toHaveLength(5);
  });
});
