// The raw value forms of online-development records (the contract's "value forms") and the conversions the
// widgets make at their edge: dates travel as epoch ms, times as "HH:mm:ss", switches as their active or
// inactive value, checkboxes and multiple selects as string arrays.
import { dataFields, isMultiValueField, isSystemKey, toDayjsFormat, type FieldConfig } from '@jnpf/core';
import dayjs, { type Dayjs, type OpUnitType } from 'dayjs';

/** A record's values keyed by each field's __vModel__. */
export type RecordValues = Record<string, unknown>;

/** The time picker's value form, whatever format it shows. */
export const TIME_VALUE_FORMAT = 'HH:mm:ss';

const DATE_FALLBACK = 'YYYY-MM-DD';
const DATE_TIME_FALLBACK = 'YYYY-MM-DD HH:mm:ss';

/** The dayjs display format of a date field (its `format`, else by its `type`). */
export function dateFormatOf(field: Pick<FieldConfig, 'format' | 'type'>): string {
  return toDayjsFormat(field.format, field.type === 'datetime' ? DATE_TIME_FALLBACK : DATE_FALLBACK);
}

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

export function toTimeValue(time: Dayjs | null | undefined): string | null {
  return time ? time.format(TIME_VALUE_FORMAT) : null;
}

/** A switch's two values (default 1 and 0). */
export function switchValues(field: Pick<FieldConfig, 'activeValue' | 'inactiveValue'>) {
  return { active: field.activeValue ?? 1, inactive: field.inactiveValue ?? 0 };
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

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** The value a new record starts with for one field, in its value form; undefined when it starts empty. */
export function defaultValueOf(field: FieldConfig, now: number = Date.now()): unknown {
  const config = field.__config__;
  const given = config.defaultValue;
  switch (config.jnpfKey) {
    case 'switch': {
      const { active, inactive } = switchValues(field);
      if (given === true || (given !== undefined && given !== null && String(given) === String(active))) return active;
      return inactive;
    }
    case 'checkbox':
    case 'select':
    case 'treeSelect':
      if (!isMultiValued(field)) return isEmptyValue(given) ? undefined : String(given);
      if (Array.isArray(given)) return given.map(String);
      return isEmptyValue(given) ? undefined : [String(given)];
    case 'inputNumber':
    case 'rate':
    case 'slider':
      return toNumber(given);
    case 'datePicker':
      if (config.defaultCurrent) return toDateValue(dayjs(now), dateFormatOf(field));
      return toNumber(given);
    case 'timePicker':
      if (config.defaultCurrent) return toTimeValue(dayjs(now));
      return isEmptyValue(given) ? undefined : String(given);
    // numbers come from their rule; rich text and files start empty (a design's default is not trusted as either)
    case 'billRule':
    case 'editor':
    case 'uploadFile':
    case 'uploadImg':
      return undefined;
    default:
      return isEmptyValue(given) || typeof given === 'object' ? undefined : String(given);
  }
}

/** The starting values of a new record: each input field's default (system fields are the server's). */
export function defaultValuesOf(fields: readonly FieldConfig[], now: number = Date.now()): RecordValues {
  const values: RecordValues = {};
  for (const field of dataFields(fields)) {
    if (isSystemKey(field.__config__.jnpfKey)) continue;
    const value = defaultValueOf(field, now);
    if (value !== undefined) values[field.__vModel__] = value;
  }
  return values;
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
