// The number range widget: its value is [min, max]; empty when both ends are empty, and 0 is a real end.
import { decimalPlaces, formatNumberText, toNumeric } from './numbers.js';
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

export type NumberRangeEnd = number | null;
/** [] when empty; otherwise both ends, either of which may be left open (null). */
export type NumberRangeValue = [] | [NumberRangeEnd, NumberRangeEnd];

const isBlank = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * Reads a stored or typed range: null, '' and [] are empty; a pair of numbers, numeric text or blanks is a
 * range (both blank is empty). Anything else (a non-numeric end, three items, an object) is null: not a range.
 */
export function normalizeNumberRange(value: unknown): NumberRangeValue | null {
  if (isBlank(value)) return [];
  let pair = value;
  if (typeof value === 'string') {
    try {
      pair = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(pair)) return null;
  if (pair.length === 0) return [];
  if (pair.length !== 2) return null;
  const ends: NumberRangeEnd[] = [];
  for (const end of pair) {
    if (isBlank(end)) ends.push(null);
    else {
      const n = toNumeric(end);
      if (n === null) return null;
      ends.push(n);
    }
  }
  const [min = null, max = null] = ends;
  return min === null && max === null ? [] : [min, max];
}

export function isNumberRangeEmpty(value: unknown): boolean {
  const range = normalizeNumberRange(value);
  return range !== null && range.length === 0;
}

export interface NumberRangeRules {
  /** most decimal places either end may have */
  precision?: number | null;
  /** lowest allowed value of either end */
  min?: number | null;
  /** highest allowed value of either end */
  max?: number | null;
}

/** Checks a range: its shape, min ≤ max, decimal places and bounds. Empty passes (required is checked apart). */
export function checkNumberRange(value: unknown, rules: NumberRangeRules = {}): WidgetCheck {
  const range = normalizeNumberRange(value);
  if (range === null) return widgetFailure('numberRangeShape');
  if (range.length === 0) return WIDGET_OK;
  const [low, high] = range;
  if (low !== null && high !== null && low > high) return widgetFailure('numberRangeOrder');
  for (const end of [low, high]) {
    if (end === null) continue;
    if (rules.precision != null && rules.precision >= 0 && decimalPlaces(end) > rules.precision)
      return widgetFailure('numberPrecision', { precision: rules.precision });
    if (rules.min != null && end < rules.min) return widgetFailure('numberBelowMin', { min: rules.min });
    if (rules.max != null && end > rules.max) return widgetFailure('numberAboveMax', { max: rules.max });
  }
  return WIDGET_OK;
}

/** Display text "min - max" (an open end shows as nothing); '' when empty or not a range. */
export function formatNumberRange(value: unknown, options: { precision?: number; thousands?: boolean } = {}): string {
  const range = normalizeNumberRange(value);
  if (!range || range.length === 0) return '';
  const [low, high] = range;
  return `${formatNumberText(low, options)} - ${formatNumberText(high, options)}`.trim();
}
