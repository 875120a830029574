// How a number is made from a rule (protocol-entities §3.3): prefix + [formatted date] + running number
// zero-padded to `digit` + suffix for type 1; prefix + random characters + suffix for type 2; prefix + UUID +
// suffix for type 3. The running number is startNumber + the counter of the current period, the period being
// the formatted date, so a YYYYMM rule starts again every month and a "no" rule never does.
import { randomInt, randomUUID } from 'node:crypto';

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

/** the Java patterns the 3.6 backend and its Vue 2 screen use, mapped to the same output */
const JAVA_FORMATS: Record<string, DateFormat> = {
  yyyy: 'YYYY',
  yyyyMM: 'YYYYMM',
  yyyyMMdd: 'YYYYMMDD',
  yyyyMMddHH: 'YYYYMMDDHH',
  yyyyMMddHHmm: 'YYYYMMDDHHmm',
  yyyyMMddHHmmss: 'YYYYMMDDHHmmss',
  yyyyMMddHHmmssSSS: 'YYYYMMDDHHmmssSSS',
};

export const ACCEPTED_DATE_FORMATS: readonly string[] = [...DATE_FORMATS, ...Object.keys(JAVA_FORMATS)];

export function canonicalFormat(format: string | null | undefined): DateFormat | null {
  if (!format) return null;
  if ((DATE_FORMATS as readonly string[]).includes(format)) return format as DateFormat;
  return JAVA_FORMATS[format] ?? null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** the date part of a number in server local time; "" for "no" */
export function formatDate(d: Date, format: DateFormat): string {
  if (format === 'no') return '';
  const parts = [
    pad(d.getFullYear(), 4),
    pad(d.getMonth() + 1, 2),
    pad(d.getDate(), 2),
    pad(d.getHours(), 2),
    pad(d.getMinutes(), 2),
    pad(d.getSeconds(), 2),
    pad(d.getMilliseconds(), 3),
  ];
  const count = {
    YYYY: 1,
    YYYYMM: 2,
    YYYYMMDD: 3,
    YYYYMMDDHH: 4,
    YYYYMMDDHHmm: 5,
    YYYYMMDDHHmmss: 6,
    YYYYMMDDHHmmssSSS: 7,
  }[format];
  return parts.slice(0, count).join('');
}

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
export const periodOf = (shape: NumberShape, now: Date) => formatDate(now, canonicalFormat(shape.dateFormat) ?? 'no');

/** a sequence rule's number for counter value `value` (0 = first of the period) */
export function sequenceNumber(shape: NumberShape, now: Date, value: number): string {
  const digit = shape.digit ?? 1;
  const running = Number(shape.startNumber ?? '1') + value;
  if (running > 10 ** digit - 1) throw new NumbersExhausted(digit);
  return `${shape.prefix}${periodOf(shape, now)}${pad(running, digit)}${shape.suffix}`;
}

const DIGITS = '0123456789';
const LETTERS_AND_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomPart(randomType: number | null, length: number | null): string {
  const alphabet = randomType === 2 ? LETTERS_AND_DIGITS : DIGITS;
  let out = '';
  for (let i = 0; i < (length ?? 16); i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** a number of a random or UUID rule; these need no counter */
export function freeNumber(shape: NumberShape): string {
  const body =
    shape.type === RULE_TYPE.uuid ? randomUUID().toUpperCase() : randomPart(shape.randomType, shape.randomDigit);
  return `${shape.prefix}${body}${shape.suffix}`;
}

/** what the rule's numbers look like: the first number of the current period, or a fresh random/UUID one */
export function exampleOf(shape: NumberShape, now: Date): string {
  if (shape.type === RULE_TYPE.sequence) {
    try {
      return sequenceNumber(shape, now, 0);
    } catch {
      return '';
    }
  }
  return freeNumber(shape);
}
