// The example number of a rule, made the way the server makes it (server billRule/numbering.ts):
// type 1: prefix + date in the chosen format + start value zero-padded to the digits + suffix;
// type 2: prefix + 16 or 32 random characters (digits, or A–Z and digits) + suffix;
// type 3: prefix + an upper-case UUID + suffix.

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

/** the Java patterns older rules carry, shown as their dayjs-style twin */
const JAVA_FORMATS: Record<string, string> = {
  yyyy: 'YYYY',
  yyyyMM: 'YYYYMM',
  yyyyMMdd: 'YYYYMMDD',
  yyyyMMddHH: 'YYYYMMDDHH',
  yyyyMMddHHmm: 'YYYYMMDDHHmm',
  yyyyMMddHHmmss: 'YYYYMMDDHHmmss',
  yyyyMMddHHmmssSSS: 'YYYYMMDDHHmmssSSS',
};

export function canonicalFormat(format: string | null | undefined): string | null {
  if (!format) return null;
  if ((DATE_FORMATS as readonly string[]).includes(format)) return format;
  return JAVA_FORMATS[format] ?? null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** the date part in local time; '' for 'no' */
export function formatDate(d: Date, format: string): string {
  const count: Record<string, number> = {
    YYYY: 1,
    YYYYMM: 2,
    YYYYMMDD: 3,
    YYYYMMDDHH: 4,
    YYYYMMDDHHmm: 5,
    YYYYMMDDHHmmss: 6,
    YYYYMMDDHHmmssSSS: 7,
  };
  const parts = [
    pad(d.getFullYear(), 4),
    pad(d.getMonth() + 1, 2),
    pad(d.getDate(), 2),
    pad(d.getHours(), 2),
    pad(d.getMinutes(), 2),
    pad(d.getSeconds(), 2),
    pad(d.getMilliseconds(), 3),
  ];
  return parts.slice(0, count[format] ?? 0).join('');
}

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

const DIGITS = '0123456789';
const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomPart(randomType: number | null | undefined, length: number, random: () => number): string {
  const alphabet = randomType === 2 ? LETTERS_AND_DIGITS : DIGITS;
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function uuid(random: () => number): string {
  if (random === Math.random && typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/**
 * What the rule's numbers look like; '' while a time-format rule is incomplete or its start value does
 * not fit the digits.
 */
export function exampleOf(shape: ExampleShape, now: Date = new Date(), random: () => number = Math.random): string {
  const prefix = shape.prefix ?? '';
  const suffix = shape.suffix ?? '';
  const type = Number(shape.type ?? 1);
  if (type === 1) {
    const format = canonicalFormat(shape.dateFormat);
    const digit = Number(shape.digit);
    const start = String(shape.startNumber ?? '');
    if (!format || !Number.isInteger(digit) || digit < 1 || !/^\d+$/.test(start)) return '';
    const significant = start.replace(/^0+/, '');
    if (!significant || significant.length > digit) return '';
    return `${prefix}${formatDate(now, format)}${pad(Number(significant), digit)}${suffix}`;
  }
  if (type === 2)
    return `${prefix}${randomPart(shape.randomType, shape.randomDigit === 32 ? 32 : 16, random)}${suffix}`;
  return `${prefix}${uuid(random).toUpperCase()}${suffix}`;
}
