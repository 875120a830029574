// The amount input: fixed decimal places and thousands on blur, and the Chinese capital amount text.
import { decimalPlaces, formatNumberText, parseThousands, roundTo, toNumeric, normalizePrecision } from './numbers.js';
import { WIDGET_OK, widgetFailure, type WidgetCheck, type WidgetError } from './messages.js';

/** Chinese capital amounts stop at 15 whole digits (below 1,000 万亿), as the reference's does. */
export const AMOUNT_MAX_WHOLE_DIGITS = 15;

/** What the amount input holds after blur: the typed text read (commas allowed) and rounded, or null if blank or not a number. */
export function amountOnBlur(text: unknown, precision?: number): number | null {
  const n = parseThousands(text);
  if (n === null) return null;
  return precision === undefined ? n : roundTo(n, normalizePrecision(precision));
}

/** The amount's display text: fixed decimals when a precision is set, commas when thousands is on. */
export function formatAmount(value: unknown, options: { precision?: number; thousands?: boolean } = {}): string {
  return formatNumberText(value, options);
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const PLACE_UNITS = ['', '拾', '佰', '仟'];
// 兆 for 10^12, as the reference writes it
const GROUP_UNITS = ['', '万', '亿', '兆'];

export type ChineseAmountResult = { ok: true; text: string } | { ok: false; error: WidgetError };

/**
 * The Chinese capital amount of a value, to the fen (分), rounding half up: 1234.5 → 壹仟贰佰叁拾肆元伍角,
 * 100 → 壹佰元整, -3 → 负叁元整, 1.05 → 壹元零伍分. Text is '' for a blank or non-numeric value (the text
 * applies only to numbers); more than 15 whole digits is the overflow error.
 */
export function chineseAmount(value: unknown): ChineseAmountResult {
  const n = typeof value === 'string' ? parseThousands(value) : toNumeric(value);
  if (n === null) return { ok: true, text: '' };
  const rounded = Math.abs(roundTo(n, 2));
  if (rounded >= 10 ** AMOUNT_MAX_WHOLE_DIGITS) return { ok: false, error: { key: 'amountOverflow' } };
  const [whole = '0', fraction = '00'] = rounded.toFixed(2).split('.');
  const jiao = Number(fraction[0]);
  const fen = Number(fraction[1]);
  if (whole === '0' && jiao === 0 && fen === 0) return { ok: true, text: '零元整' };

  let text = '';
  if (whole !== '0') {
    let pendingZero = false;
    let groupHasDigit = false;
    for (let i = 0; i < whole.length; i++) {
      const digit = Number(whole[i]);
      const position = whole.length - 1 - i;
      if (digit === 0) pendingZero = text !== '';
      else {
        if (pendingZero) text += DIGITS[0];
        pendingZero = false;
        groupHasDigit = true;
        text += DIGITS[digit]! + PLACE_UNITS[position % 4]!;
      }
      if (position % 4 === 0) {
        if (groupHasDigit) text += GROUP_UNITS[position / 4]!;
        groupHasDigit = false;
      }
    }
    text += '元';
  }
  if (jiao === 0 && fen === 0) text += '整';
  else {
    if (jiao) text += `${DIGITS[jiao]!}角`;
    // a zero jiao between yuan and fen is read out: 壹元零伍分
    else if (whole !== '0') text += DIGITS[0];
    if (fen) text += `${DIGITS[fen]!}分`;
  }
  return { ok: true, text: n < 0 ? `负${text}` : text };
}

export interface AmountRules {
  /** most decimal places the value may have (the input rounds to them on blur) */
  precision?: number | null;
  min?: number | null;
  max?: number | null;
}

/**
 * The server's check of a stored amount: blank, or a number the input could have produced — no more decimal
 * places than its precision, within its bounds. Numeric text counts (stored forms may hold text).
 */
export function checkAmountValue(value: unknown, rules: AmountRules = {}): WidgetCheck {
  if (value === undefined || value === null || value === '') return WIDGET_OK;
  const n = toNumeric(value);
  if (n === null) return widgetFailure('amountNotNumber');
  if (rules.precision != null && rules.precision >= 0 && decimalPlaces(n) > rules.precision)
    return widgetFailure('numberPrecision', { precision: rules.precision });
  if (rules.min != null && n < rules.min) return widgetFailure('numberBelowMin', { min: rules.min });
  if (rules.max != null && n > rules.max) return widgetFailure('numberAboveMax', { max: rules.max });
  return WIDGET_OK;
}
