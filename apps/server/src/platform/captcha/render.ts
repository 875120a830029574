// Self-contained captcha image renderer: an embedded bitmap font, per-character random
// transforms and colours, noise curves/lines/dots, encoded as an RGB PNG by hand. Only node:zlib
// and node:crypto are used, so the sign-in page needs no outside service or image library.
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Upper-case digits and letters that are hard to confuse (no 0/O, 1/I/L). */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const MIN_LENGTH = 3;
const MAX_LENGTH = 8;

export function randomCaptchaText(length: number): string {
  // `|| MIN_LENGTH` maps NaN (and 0) to the minimum; Infinity clamps to the maximum.
  const n = Math.min(MAX_LENGTH, Math.max(MIN_LENGTH, Math.trunc(length) || MIN_LENGTH));
  let text = '';
  for (let i = 0; i < n; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

// ---------------------------------------------------------------------------------------------
// Font: 5x7 cells, '#' = ink. Glyphs are not blitted as squares: the ink cells are joined into a
// stroke skeleton (see buildGlyph) and drawn as anti-aliased strokes, so diagonals stay smooth
// after scaling and rotation.

const CELL_W = 5;
const CELL_H = 7;

/** The embedded font, exported so tests can check every alphabet character has a glyph. */
export const CAPTCHA_FONT: Readonly<Record<string, readonly string[]>> = {
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  A: ['..#..', '.#.#.', '#...#', '#...#', '#####', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['###..', '#..#.', '#...#', '#...#', '#...#', '#..#.', '###..'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.###.'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
};

// Each glyph is precomputed once as a distance field (distance in cells to the nearest stroke
// centre line), sampled DF_RES times per cell over the cell box plus a margin of DF_PAD cells.
// Rendering then only needs a bilinear lookup per pixel, at any scale or rotation.
const DF_RES = 4;
const DF_PAD = 1;
const DF_W = (CELL_W + 2 * DF_PAD) * DF_RES + 1;
const DF_H = (CELL_H + 2 * DF_PAD) * DF_RES + 1;

const glyphCache = new Map<string, Float32Array>();

function buildGlyph(rows: readonly string[]): Float32Array {
  const ink = (c: number, r: number): boolean => rows[r]?.[c] === '#';
  const segs: number[] = []; // x1, y1, x2, y2 in cell units (cell centres at +0.5)
  const add = (c1: number, r1: number, c2: number, r2: number): void => {
    segs.push(c1 + 0.5, r1 + 0.5, c2 + 0.5, r2 + 0.5);
  };
  for (let r = 0; r < CELL_H; r++) {
    for (let c = 0; c < CELL_W; c++) {
      if (!ink(c, r)) continue;
      const right = ink(c + 1, r);
      const down = ink(c, r + 1);
      if (right) add(c, r, c + 1, r);
      if (down) add(c, r, c, r + 1);
      // Join diagonal neighbours only where no orthogonal path exists, so corners stay crisp.
      if (!right && !down && ink(c + 1, r + 1)) add(c, r, c + 1, r + 1);
      if (!ink(c - 1, r) && !down && ink(c - 1, r + 1)) add(c, r, c - 1, r + 1);
      let neighbours = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) if ((dr || dc) && ink(c + dc, r + dr)) neighbours++;
      }
      if (neighbours === 0) add(c, r, c, r); // lone cell: a dot
    }
  }
  const field = new Float32Array(DF_W * DF_H);
  for (let j = 0; j < DF_H; j++) {
    const y = j / DF_RES - DF_PAD;
    for (let i = 0; i < DF_W; i++) {
      const x = i / DF_RES - DF_PAD;
      let best = Infinity;
      for (let s = 0; s < segs.length; s += 4) {
        const ax = segs[s]!;
        const ay = segs[s + 1]!;
        const dx = segs[s + 2]! - ax;
        const dy = segs[s + 3]! - ay;
        const len2 = dx * dx + dy * dy;
        // Closest point on the segment: clamp the projection parameter to [0, 1].
        const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
        best = Math.min(best, (x - ax - t * dx) ** 2 + (y - ay - t * dy) ** 2);
      }
      field[j * DF_W + i] = Math.sqrt(best);
    }
  }
  return field;
}

function glyphField(ch: string): Float32Array {
  let field = glyphCache.get(ch);
  if (!field) {
    const rows = CAPTCHA_FONT[ch];
    if (!rows) throw new RangeError(`captcha: no glyph for character ${JSON.stringify(ch)}`);
    field = buildGlyph(rows);
    glyphCache.set(ch, field);
  }
  return field;
}

/** Bilinear lookup of the distance field at cell coordinates (x, y); far away outside the box. */
function sampleField(field: Float32Array, x: number, y: number): number {
  const fx = (x + DF_PAD) * DF_RES;
  const fy = (y + DF_PAD) * DF_RES;
  if (fx < 0 || fy < 0 || fx >= DF_W - 1 || fy >= DF_H - 1) return 99;
  const ix = fx | 0;
  const iy = fy | 0;
  const tx = fx - ix;
  const ty = fy - iy;
  const k = iy * DF_W + ix;
  const top = field[k]! + (field[k + 1]! - field[k]!) * tx;
  const bottom = field[k + DF_W]! + (field[k + DF_W + 1]! - field[k + DF_W]!) * tx;
  return top + (bottom - top) * ty;
}

// ---------------------------------------------------------------------------------------------
// Drawing on an RGB canvas.

type Rgb = readonly [number, number, number];

interface Canvas {
  readonly width: number;
  readonly height: number;
  readonly px: Uint8ClampedArray; // RGB, row-major; clamped array rounds blends for us
}

const RAND_STEPS = 1 << 24;
/** Uniform float in [min, max) from the CSPRNG. */
function rand(min: number, max: number): number {
  return min + (max - min) * (randomInt(RAND_STEPS) / RAND_STEPS);
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

/** A saturated dark colour; bright hues (yellow, cyan) are darkened to keep the contrast. */
function inkColour(): Rgb {
  const c = hsl(rand(0, 360), rand(0.55, 0.9), rand(0.25, 0.4));
  const k = Math.min(1, rand(70, 105) / (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]));
  return [c[0] * k, c[1] * k, c[2] * k];
}

function blend(cv: Canvas, x: number, y: number, c: Rgb, alpha: number): void {
  const i = (y * cv.width + x) * 3;
  const p = cv.px;
  p[i] = p[i]! + (c[0] - p[i]!) * alpha;
  p[i + 1] = p[i + 1]! + (c[1] - p[i + 1]!) * alpha;
  p[i + 2] = p[i + 2]! + (c[2] - p[i + 2]!) * alpha;
}

/** Light background: a horizontal gradient between two random pastel tints. */
function fillBackground(cv: Canvas): void {
  const from = hsl(rand(0, 360), rand(0.3, 0.6), rand(0.9, 0.95));
  const to = hsl(rand(0, 360), rand(0.3, 0.6), rand(0.9, 0.95));
  const row = cv.width * 3;
  for (let x = 0; x < cv.width; x++) {
    const t = cv.width > 1 ? x / (cv.width - 1) : 0;
    for (let k = 0; k < 3; k++) cv.px[x * 3 + k] = from[k]! + (to[k]! - from[k]!) * t;
  }
  for (let y = 1; y < cv.height; y++) cv.px.copyWithin(y * row, 0, row);
}

/**
 * Draws one character centred at (cx, cy): scale `s` pixels per cell, rotation `angle`, horizontal
 * `shear`, stroke half-width `half` in cells. Inverse-maps each pixel of the bounding box back
 * into glyph space, so the cost is one field lookup per covered pixel.
 */
function drawGlyph(
  cv: Canvas,
  field: Float32Array,
  cx: number,
  cy: number,
  s: number,
  angle: number,
  shear: number,
  half: number,
  colour: Rgb,
): void {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // Forward map (glyph cells, centred) -> pixels: s * Rotate * Shear; then its inverse.
  const [m00, m01, m10, m11] = [s * cos, s * (cos * shear - sin), s * sin, s * (sin * shear + cos)];
  const det = m00 * m11 - m01 * m10;
  const [i00, i01, i10, i11] = [m11 / det, -m01 / det, -m10 / det, m00 / det];

  // Pixel bounding box: the padded glyph box's half-extents after transformation.
  const hw = CELL_W / 2 + 1;
  const hh = CELL_H / 2 + 1;
  const ex = Math.abs(m00) * hw + Math.abs(m01) * hh;
  const ey = Math.abs(m10) * hw + Math.abs(m11) * hh;
  const xa = Math.max(0, Math.floor(cx - ex));
  const xb = Math.min(cv.width - 1, Math.ceil(cx + ex));
  const ya = Math.max(0, Math.floor(cy - ey));
  const yb = Math.min(cv.height - 1, Math.ceil(cy + ey));

  for (let y = ya; y <= yb; y++) {
    const dy = y + 0.5 - cy;
    for (let x = xa; x <= xb; x++) {
      const dx = x + 0.5 - cx;
      const gx = i00 * dx + i01 * dy + CELL_W / 2;
      const gy = i10 * dx + i11 * dy + CELL_H / 2;
      // Signed distance to the stroke edge in pixels gives a one-pixel anti-aliased ramp.
      const cover = (half - sampleField(field, gx, gy)) * s + 0.5;
      if (cover > 0) blend(cv, x, y, colour, Math.min(1, cover));
    }
  }
}

/**
 * Draws a cubic Bezier of the given width. Discs are stamped into a coverage layer with max(),
 * then composited once, so overlapping stamps do not darken the line.
 */
function drawCurve(cv: Canvas, layer: Float32Array, pts: readonly number[], width: number, colour: Rgb): void {
  const [ax = 0, ay = 0, bx = 0, by = 0, cx = 0, cy = 0, dx = 0, dy = 0] = pts;
  const r = width / 2;
  const approxLen = Math.hypot(bx - ax, by - ay) + Math.hypot(cx - bx, cy - by) + Math.hypot(dx - cx, dy - cy);
  const steps = Math.max(2, Math.ceil(approxLen * 2));
  // Bounding box of everything stamped, to composite and clear only that part of the layer.
  let [xa, xb, ya, yb] = [cv.width, -1, cv.height, -1];
  for (let n = 0; n <= steps; n++) {
    const t = n / steps;
    const u = 1 - t;
    const px = u * u * u * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t * t * t * dx;
    const py = u * u * u * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t * t * t * dy;
    const sx = Math.max(0, Math.floor(px - r - 1));
    const ex = Math.min(cv.width - 1, Math.ceil(px + r));
    const sy = Math.max(0, Math.floor(py - r - 1));
    const ey = Math.min(cv.height - 1, Math.ceil(py + r));
    for (let y = sy; y <= ey; y++) {
      for (let x = sx; x <= ex; x++) {
        const cover = r + 0.5 - Math.sqrt((x + 0.5 - px) ** 2 + (y + 0.5 - py) ** 2);
        if (cover <= 0) continue;
        const k = y * cv.width + x;
        layer[k] = Math.max(layer[k]!, Math.min(1, cover));
      }
    }
    xa = Math.min(xa, sx);
    xb = Math.max(xb, ex);
    ya = Math.min(ya, sy);
    yb = Math.max(yb, ey);
  }
  for (let y = ya; y <= yb; y++) {
    for (let x = xa; x <= xb; x++) {
      const k = y * cv.width + x;
      const a = layer[k]!;
      if (a > 0) {
        blend(cv, x, y, colour, a);
        layer[k] = 0; // leave the layer clean for the next curve
      }
    }
  }
}

/** Control points of a random left-to-right cubic Bezier with ends in [yMin, yMax). */
function randomCurve(width: number, height: number, yMin: number, yMax: number): number[] {
  return [
    rand(-5, width * 0.15),
    rand(yMin, yMax),
    rand(width * 0.2, width * 0.45),
    rand(-height * 0.3, height * 1.3),
    rand(width * 0.55, width * 0.8),
    rand(-height * 0.3, height * 1.3),
    rand(width * 0.85, width + 5),
    rand(yMin, yMax),
  ];
}

// ---------------------------------------------------------------------------------------------
// PNG encoding (RGB, 8 bits per channel, filter type 0 on every row).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  // The CRC covers the chunk type and data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function encodePng(cv: Canvas): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(cv.width, 0);
  ihdr.writeUInt32BE(cv.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour RGB
  // compression, filter and interlace methods stay 0
  const stride = cv.width * 3;
  const raw = Buffer.alloc(cv.height * (stride + 1)); // each row: filter byte 0, then pixels
  for (let y = 0; y < cv.height; y++) {
    raw.set(cv.px.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------

const clampInt = (v: number | undefined, min: number, max: number, fallback: number): number =>
  v === undefined || !Number.isFinite(v) ? fallback : Math.min(max, Math.max(min, Math.round(v)));

/**
 * Renders `text` (characters from CAPTCHA_ALPHABET; lower case is accepted) as a PNG, default
 * 120x40. Throws RangeError for an empty text, more than 16 characters, or a character without a
 * glyph. Width and height are clamped to 40..600 and 20..200.
 */
export function renderCaptchaPng(text: string, options: { width?: number; height?: number } = {}): Buffer {
  const chars = [...text.toUpperCase()];
  if (chars.length === 0 || chars.length > 16) {
    throw new RangeError('captcha: text must have 1..16 characters');
  }
  const fields = chars.map(glyphField);
  const width = clampInt(options.width, 40, 600, 120);
  const height = clampInt(options.height, 20, 200, 40);
  const cv: Canvas = { width, height, px: new Uint8ClampedArray(width * height * 3) };
  const layer = new Float32Array(width * height);
  fillBackground(cv);

  // Faint background curves first, behind the text.
  for (let n = 0; n < 2; n++) {
    const colour = hsl(rand(0, 360), rand(0.3, 0.6), rand(0.7, 0.82));
    drawCurve(cv, layer, randomCurve(width, height, 0, height), rand(1, 2), colour);
  }

  // Text layout: equal advance per character, glyph size limited by both height and advance.
  const margin = width * 0.06;
  const advance = (width - 2 * margin) / chars.length;
  const scale = Math.min((height * 0.66) / CELL_H, advance / (CELL_W + 0.6));
  const half = rand(0.42, 0.52); // stroke weight varies a little per image
  fields.forEach((field, i) => {
    const s = scale * rand(0.92, 1.06);
    const angle = rand(-0.3, 0.3);
    const shear = rand(-0.25, 0.25);
    // Vertical jitter only as far as the rotated, sheared glyph still fits inside the image, and
    // never so much that the line of text stops reading as a line.
    const reach =
      (CELL_H / 2 + half) * s * Math.abs(Math.sin(angle) * shear + Math.cos(angle)) +
      (CELL_W / 2 + half) * s * Math.abs(Math.sin(angle));
    const yJitter = Math.max(0, Math.min(height * 0.12, height / 2 - reach - 1));
    const cx = margin + advance * (i + 0.5) + rand(-0.1, 0.1) * advance;
    const cy = height / 2 + rand(-yJitter, yJitter);
    drawGlyph(cv, field, cx, cy, s, angle, shear, half, inkColour());
  });

  // Thin curves across the text: thinner than the glyph strokes, so people can look past them
  // while they still break up connected-component segmentation.
  for (let n = 0; n < 2; n++) {
    drawCurve(cv, layer, randomCurve(width, height, height * 0.25, height * 0.75), rand(0.9, 1.4), inkColour());
  }
  // Short straight scratches.
  for (let n = 0; n < 3; n++) {
    const x = rand(0, width);
    const y = rand(0, height);
    const ex = x + rand(-width / 3, width / 3);
    const ey = y + rand(-height / 2, height / 2);
    const colour = hsl(rand(0, 360), rand(0.4, 0.8), rand(0.35, 0.6));
    drawCurve(cv, layer, [x, y, x, y, ex, ey, ex, ey], rand(0.7, 1.1), colour);
  }
  // Speckles of single pixels.
  const dots = Math.round((width * height) / 40);
  for (let n = 0; n < dots; n++) {
    const colour = hsl(rand(0, 360), rand(0.4, 0.9), rand(0.3, 0.7));
    blend(cv, randomInt(width), randomInt(height), colour, rand(0.5, 1));
  }

  return encodePng(cv);
}
