// How a bill rule makes its numbers, the same on both sides: the server hands numbers out (keeping the
// running counter in its database), the rule form shows an example as the user types.
// - type 1 (sequence): prefix + the date in the rule's format + the running number zero-padded to `digit` +
//   suffix. The running number is startNumber + the counter of the current period, the period being the
//   formatted date, so a YYYYMM rule starts again every month and a "no" rule never does;
// - type 2 (random): prefix + 16 or 32 random characters (digits, or A–Z and digits) + suffix;
// - type 3 (UUID): prefix + an upper-case UUID + suffix.

export const DATE_FORMATS = [
  'YYYY',
  'YYYYMM',
  'YYYYMMDD',
  'YYYYMMDDHH',
  'YYYYMMDDHHmm',
  'YYYYMMDDHHmmss',
  'YYYYMMDDHHmmssSSS',
  'no',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** the Java patterns older rules carry, mapped to the format that gives the same output */
const JAVA_FORMATS: Record<string, DateFormat> = {
  yyyy: 'YYYY',
  yyyyMM: 'YYYYMM',
  yyyyMMdd: 'YYYYMMDD',
  yyyyMMddHH: 'YYYYMMDDHH',
  yyyyMMddHHmm: 'YYYYMMDDHHmm',
  yyyyMMddHHmmss: 'YYYYMMDDHHmmss',
  yyyyMMddHHmmssSSS: 'YYYYMMDDHHmmssSSS',
};

export const ACCEPTED_DATE_FORMATS: readonly string[] = /* @__PURE__ */ ([] as string[]).concat(
  DATE_FORMATS,
  Object.keys(JAVA_FORMATS),
);

export function canonicalFormat(format: string | null | undefined): DateFormat | null {
  if (!format) return null;
  if ((DATE_FORMATS as readonly string[]).includes(format)) return format as DateFormat;
  return JAVA_FORMATS[format] ?? null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** how many of year, month, day, hour, minute, second, millisecond a format shows */
const DATE_PARTS: Record<DateFormat, number> = {
  YYYY: 1,
  YYYYMM: 2,
  YYYYMMDD: 3,
  YYYYMMDDHH: 4,
  YYYYMMDDHHmm: 5,
  YYYYMMDDHHmmss: 6,
  YYYYMMDDHHmmssSSS: 7,
  no: 0,
};

/** the date part of a number, in local time; '' for 'no' */
export function formatDate(d: Date, format: DateFormat): string {
  const parts = [
    pad(d.getFullYear(), 4),
    pad(d.getMonth() + 1, 2),
    pad(d.getDate(), 2),
    pad(d.getHours(), 2),
    pad(d.getMinutes(), 2),
    pad(d.getSeconds(), 2),
    pad(d.getMilliseconds(), 3),
  ];
  return parts.slice(0, DATE_PARTS[format]).join('');
}

/** a stored rule's shape: the fields its type does not use are null */
export interface NumberShape {
  prefix: string;
  suffix: string;
  type: number;
  dateFormat: string | null;
  digit: number | null;
  startNumber: string | null;
  randomType: number | null;
  randomDigit: number | null;
}

export const RULE_TYPE = { sequence: 1, random: 2, uuid: 3 } as const;

/** the running number would not fit in `digit` digits */
export class NumbersExhausted extends Error {
  constructor(readonly digit: number) {
    super(`running number exceeds ${digit} digits`);
  }
}

/** the counter's period for a sequence rule at this moment */
export const periodOf = (shape: Pick<NumberShape, 'dateFormat'>, now: Date) =>
  formatDate(now, canonicalFormat(shape.dateFormat) ?? 'no');

/** a sequence rule's number for counter value `value` (0 = first of the period) */
export function sequenceNumber(shape: NumberShape, now: Date, value: number): string {
  const digit = shape.digit ?? 1;
  const running = Number(shape.startNumber ?? '1') + value;
  if (running > 10 ** digit - 1) throw new NumbersExhausted(digit);
  return `${shape.prefix}${periodOf(shape, now)}${pad(running, digit)}${shape.suffix}`;
}

const DIGITS = '0123456789';
const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** a uniform random integer below `bound`, from the platform's cryptographic source */
function randomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return word[0]! % bound;
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // a page served over plain http has no randomUUID: a version-4 UUID from random bytes
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `length` random characters: digits (random type 1), or A–Z and digits (random type 2) */
export function randomPart(randomType: number | null | undefined, length: number | null): string {
  const alphabet = randomType === 2 ? LETTERS_AND_DIGITS : DIGITS;
  let out = '';
  for (let i = 0; i < (length ?? 16); i++) out += alphabet[randomBelow(alphabet.length)];
  return out;
}

/** a number of a random or UUID rule; these need no counter */
export function freeNumber(shape: NumberShape): string {
  const body =
    shape.type === RULE_TYPE.uuid ? randomUuid().toUpperCase() : randomPart(shape.randomType, shape.randomDigit);
  return `${shape.prefix}${body}${shape.suffix}`;
}

/** a rule as a form holds it while being typed: any field may be missing, numbers may be text */
export interface ExampleShape {
  type?: number | null;
  prefix?: string | null;
  suffix?: string | null;
  dateFormat?: string | null;
  digit?: number | string | null;
  startNumber?: string | null;
  randomType?: number | null;
  randomDigit?: number | null;
}

/**
 * What the rule's numbers look like: the first number of the current period, or a fresh random / UUID one;
 * '' while a sequence rule is incomplete or its start value is zero or does not fit the digits.
 */
export function exampleOf(shape: ExampleShape, now: Date = new Date()): string {
  const prefix = shape.prefix ?? '';
  const suffix = shape.suffix ?? '';
  const type = Number(shape.type ?? RULE_TYPE.sequence);
  if (type === RULE_TYPE.sequence) {
    const format = canonicalFormat(shape.dateFormat);
    const digit = Number(shape.digit);
    const start = String(shape.startNumber ?? '');
    if (!format || !Number.isInteger(digit) || digit < 1 || !/^\d+$/.test(start)) return '';
    const significant = start.replace(/^0+/, '');
    if (!significant || significant.length > digit) return '';
    const complete = { prefix, suffix, type, dateFormat: format, digit, startNumber: significant };
    return sequenceNumber({ ...complete, randomType: null, randomDigit: null }, now, 0);
  }
  if (type === RULE_TYPE.random)
    return `${prefix}${randomPart(shape.randomType, shape.randomDigit === 32 ? 32 : 16)}${suffix}`;
  return `${prefix}${randomUuid().toUpperCase()}${suffix}`;
}
