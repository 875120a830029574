// The raw value forms of online-development records (the contract's "value forms") and the conversions the
// widgets make at their edge: dates travel as epoch ms, times as "HH:mm:ss", switches as their active or
// inactive value, checkboxes and multiple selects as string arrays.
import { isMultiValueField, type FieldConfig } from '@jnpf/core';
import dayjs, { type Dayjs, type OpUnitType } from 'dayjs';

/** A record's values keyed by each field's __vModel__. */
export type RecordValues = Record<string, unknown>;

/** The time picker's value form, whatever format it shows. */
export const TIME_VALUE_FORMAT = 'HH:mm:ss';
/** a time picker's bounds when the design gives none: the whole day */
export const TIME_DAY_START = '00:00:00';
export const TIME_DAY_END = '23:59:59';

// a date field's display format and a switch's two values: the same rules as the server's display (core)
export { dateFormatOf, switchValues } from '@jnpf/core';

/** The finest unit a date format shows: a picked date is cut to it, so equal displays mean equal values. */
export function dateUnitOf(format: string): OpUnitType {
  if (format.includes('s')) return 'second';
  if (format.includes('m')) return 'minute';
  if (format.includes('H') || format.includes('h')) return 'hour';
  if (format.includes('D')) return 'day';
  if (format.includes('M')) return 'month';
  return 'year';
}

/** A picked date as the stored epoch ms, cut to what the format shows. */
export function toDateValue(date: Dayjs | null | undefined, format: string): number | null {
  return date ? date.startOf(dateUnitOf(format)).valueOf() : null;
}

/** A stored date (epoch ms, or a numeric string) as a dayjs, or null. */
export function fromDateValue(value: unknown): Dayjs | null {
  const ms = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof ms === 'number' && Number.isFinite(ms) ? dayjs(ms) : null;
}

/** A stored time ("HH:mm:ss") as a dayjs, or null. */
export function fromTimeValue(value: unknown): Dayjs | null {
  const parts = typeof value === 'string' ? /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim()) : null;
  if (!parts) return null;
  return dayjs()
    .startOf('day')
    .hour(Number(parts[1]))
    .minute(Number(parts[2]))
    .second(Number(parts[3] ?? 0));
}

/**
 * A time as stored ("HH:mm:ss"); with the field's format, what it does not show (the seconds of "HH:mm") is 0,
 * as the server takes it.
 */
export function toTimeValue(time: Dayjs | null | undefined, format?: string | null): string | null {
  if (!time) return null;
  const shown = format || TIME_VALUE_FORMAT;
  const minutes = shown.includes('m') ? time : time.minute(0);
  return (shown.includes('s') ? minutes : minutes.second(0)).format(TIME_VALUE_FORMAT);
}

/** what the colour picker gives (antd's colour) that its value is made of */
interface PickedColor {
  toRgb(): { r: number; g: number; b: number };
  toRgbString(): string;
  toHexString(): string;
}
/** a colour as stored: rgb() or hex text, without transparency unless the design shows the alpha slider */
export function colorText(color: PickedColor, rgb: boolean, alpha: boolean): string {
  if (alpha) return rgb ? color.toRgbString() : color.toHexString();
  const { r, g, b } = color.toRgb();
  return rgb ? `rgb(${r},${g},${b})` : color.toHexString().slice(0, 7);
}

/** Checkboxes and multiple selects hold string arrays. */
export function isMultiValued(field: FieldConfig): boolean {
  return isMultiValueField(field);
}

/** Whether a value counts as given (the required rule's notion of empty). */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A choice control's value: the list of values (multiple), else the one value or nothing. */
export function choiceValue(value: unknown, multiple: boolean): string | string[] | undefined {
  if (multiple) return Array.isArray(value) ? value.map(String) : [];
  return value === undefined || value === null || value === '' ? undefined : String(value);
}

/** A value as one line of text (display values of lists and details). */
export function displayText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(displayText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
