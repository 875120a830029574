// Number handling shared by the amount, calculate and number-range widgets: reading a value as a number,
// decimal-exact rounding and thousands separators.

const NUMERIC_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** The value as a finite number: numbers and numeric text count, anything else (blank, words, NaN) is null. */
export function toNumeric(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!NUMERIC_TEXT.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Plain decimal digits of a non-negative finite number, without exponent notation. */
function plainDigits(abs: number): string {
  const text = String(abs);
  if (!/e/i.test(text)) return text;
  // toFixed writes plain digits below 1e21; above that the number has no fraction anyway
  return abs < 1e21 ? abs.toFixed(20).replace(/\.?0+$/, '') : text;
}

/** Clamps a decimal-places setting to a whole number in 0..15; anything unreadable gives `fallback`. */
export function normalizePrecision(precision: unknown, fallback = 0): number {
  const n = toNumeric(precision);
  if (n === null) return fallback;
  return Math.min(15, Math.max(0, Math.trunc(n)));
}

/**
 * Rounds half away from zero on the decimal digits as written (1.005 → 1.01, -2.5 → -3), which is what
 * people expect of money and what toFixed gets wrong for numbers binary floating point cannot hold exactly.
 */
export function roundTo(value: number, precision: number): number {
  if (!Number.isFinite(value)) return value;
  const places = normalizePrecision(precision);
  const digits = plainDigits(Math.abs(value));
  if (/e/i.test(digits)) return value;
  const [whole = '0', fraction = ''] = digits.split('.');
  if (fraction.length <= places) return value;
  let scaled = BigInt(whole + fraction.slice(0, places));
  if ((fraction.charCodeAt(places) ?? 48) >= 53) scaled += 1n; // next digit ≥ '5'
  const text = scaled.toString().padStart(places + 1, '0');
  const rounded = Number(places ? `${text.slice(0, -places)}.${text.slice(-places)}` : text);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** How many decimal places the number has as written (1.25 → 2, 1e-7 → 7). */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const digits = plainDigits(Math.abs(value));
  const dot = digits.indexOf('.');
  return dot < 0 ? 0 : digits.length - dot - 1;
}

/** Inserts a comma every three digits of the whole part of plain number text ("-1234.5" → "-1,234.5"). */
export function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export interface NumberTextOptions {
  /** decimal places: the value is rounded to them and padded with zeros */
  precision?: number;
  /** separate thousands with commas */
  thousands?: boolean;
}

/** The value as display text; '' when it is not a number. */
export function formatNumberText(value: unknown, options: NumberTextOptions = {}): string {
  const n = toNumeric(value);
  if (n === null) return '';
  let text: string;
  if (options.precision === undefined) text = plainDigits(Math.abs(n));
  else {
    const places = normalizePrecision(options.precision);
    const rounded = roundTo(n, places);
    text = Math.abs(rounded) < 1e21 ? Math.abs(rounded).toFixed(places) : String(Math.abs(rounded));
  }
  const negative = n < 0 && Number(text) !== 0;
  if (options.thousands) text = groupThousands(text);
  return negative ? `-${text}` : text;
}

/** Reads text typed with or without thousands separators ("1,234.50" → 1234.5); null when not a number. */
export function parseThousands(text: unknown): number | null {
  if (typeof text === 'number') return toNumeric(text);
  if (typeof text !== 'string') return null;
  return toNumeric(text.replace(/[,\s]/g, ''));
}
