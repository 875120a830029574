// The bounds of a date or a time picker as the design gives them, made concrete for one moment and one record.
// A bound is either fixed (startTime / endTime, as designs without rules keep them) or a rule switched on in the
// field's config (startTimeRule): a fixed value, another date/time field of the form, the moment the form is
// filled in, or some years/months/days (hours/minutes/seconds for a time) before or after it. The form disables
// what lies outside and the server refuses it, both with this one reading.
import type { FieldConfig } from '../onlineDev.js';
import { dateFormatOf } from './valueText.js';

/** startTimeType / endTimeType, numbered as the reference stores them */
export const BOUND_TYPES = { fixed: 1, field: 2, now: 3, beforeNow: 4, afterNow: 5 } as const;
export type BoundType = (typeof BOUND_TYPES)[keyof typeof BOUND_TYPES];
/** startTimeTarget / endTimeTarget: 1 year, 2 month, 3 day for a date; 1 hour, 2 minute, 3 second for a time */
export type BoundTarget = 1 | 2 | 3;

/**
 * the slack a check of a value against bounds counted from now allows (earlier starts, later ends): the value was
 * picked a while before it is checked, maybe on a clock a little ahead
 */
export const BOUND_NOW_SLACK_MS = 5 * 60_000;

/** whether a date or time picker has a bound by a rule (else its bounds are the fixed startTime / endTime) */
export const hasBoundRules = (field: FieldConfig): boolean =>
  field.__config__?.startTimeRule === true || field.__config__?.endTimeRule === true;

export const TIME_DAY_START = '00:00:00';
export const TIME_DAY_END = '23:59:59';

export interface BoundContext {
  /** epoch ms of the moment the bounds are for (the browser's clock in the form, the server's on save) */
  now: number;
  /** the main form's values */
  values?: Readonly<Record<string, unknown>>;
  /** for a sub-table cell: the sub-table's key and the cells of its row */
  table?: string;
  row?: Readonly<Record<string, unknown>>;
  /**
   * ms a bound counted from now may be wider by (earlier starts, later ends): a form filled in a while ago, or on a
   * clock a little ahead, still gives values the check takes
   */
  slack?: number;
}

export interface DateBounds {
  start: number | null;
  end: number | null;
}

export interface TimeBounds {
  /** "HH:mm:ss" */
  start: string;
  end: string;
}

type Side = 'start' | 'end';

interface BoundRule {
  on: boolean;
  type: number;
  target: number;
  value: unknown;
  relation: string;
}

function ruleOf(field: FieldConfig, side: Side): BoundRule {
  const config = field.__config__ ?? {};
  const at = (suffix: string) => config[`${side}Time${suffix}`];
  return {
    on: at('Rule') === true,
    type: Number(at('Type') ?? BOUND_TYPES.fixed),
    target: Number(at('Target') ?? 1),
    value: at('Value'),
    relation: typeof config[`${side}RelationField`] === 'string' ? (config[`${side}RelationField`] as string) : '',
  };
}

/** the related field's value: a main field by its key; in a sub-table, "table-column" names a cell of the same row */
export function relatedValue(key: string, context: BoundContext): unknown {
  if (!key) return undefined;
  if (context.table && key.startsWith(`${context.table}-`)) return context.row?.[key.slice(context.table.length + 1)];
  // a column of a sub-table elsewhere has no single value to bound by
  if (key.includes('-')) return undefined;
  return context.values?.[key];
}

/** the fields a picker's bounds follow (startRelationField / endRelationField of the rules switched on) */
export function boundRelations(field: FieldConfig): string[] {
  const out: string[] = [];
  for (const side of ['start', 'end'] as const) {
    const rule = ruleOf(field, side);
    if (rule.on && rule.type === BOUND_TYPES.field && rule.relation) out.push(rule.relation);
  }
  return out;
}

const count = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
};

/** epoch ms (a number or numeric text), or null */
export function epochOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** the moment `amount` units (1 year/hour, 2 month/minute, 3 day/second) from `now`, in local time */
function shifted(now: number, kind: 'date' | 'time', target: number, amount: number): Date {
  const d = new Date(now);
  if (kind === 'date') {
    if (target === 1) d.setFullYear(d.getFullYear() + amount);
    else if (target === 2) d.setMonth(d.getMonth() + amount);
    else d.setDate(d.getDate() + amount);
  } else if (target === 1) d.setHours(d.getHours() + amount);
  else if (target === 2) d.setMinutes(d.getMinutes() + amount);
  else d.setSeconds(d.getSeconds() + amount);
  return d;
}

/** the moment a now-based rule names (type 3, 4 or 5), widened by the slack; null for other types */
function fromNow(rule: BoundRule, side: Side, kind: 'date' | 'time', context: BoundContext): Date | null {
  const slack = Math.max(0, context.slack ?? 0);
  const now = context.now + (side === 'start' ? -slack : slack);
  if (rule.type === BOUND_TYPES.now) return new Date(now);
  const amount = Math.abs(count(rule.value));
  if (rule.type === BOUND_TYPES.beforeNow) return shifted(now, kind, rule.target, -amount);
  if (rule.type === BOUND_TYPES.afterNow) return shifted(now, kind, rule.target, amount);
  return null;
}

type DateUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** the smallest part a date format shows (dayjs tokens) */
export function dateUnitOfFormat(format: string): DateUnit {
  if (format.includes('ss')) return 'second';
  if (format.includes('mm')) return 'minute';
  if (format.includes('HH')) return 'hour';
  if (format.includes('DD')) return 'day';
  if (format.includes('MM')) return 'month';
  return 'year';
}

/** the first (start) or last (end) ms of the year, month, day … holding `ms`, in local time */
function edgeOf(ms: number, unit: DateUnit, side: Side): number {
  const d = new Date(ms);
  const parts = [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const keep = ['year', 'month', 'day', 'hour', 'minute', 'second'].indexOf(unit) + 1;
  const first = parts.map((p, i) => (i < keep ? p : i === 2 ? 1 : 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const start = new Date(...first).getTime();
  if (side === 'start') return start;
  const next: typeof first = [...first];
  next[keep - 1] = first[keep - 1]! + 1;
  return new Date(...next).getTime() - 1;
}

/**
 * A date picker's bounds (epoch ms, either absent): a start cut to the first moment of the year, month, day …
 * the field's format shows, an end stretched to its last, so that the day (month …) a bound names is whole.
 */
export function resolveDateBounds(field: FieldConfig, context: BoundContext): DateBounds {
  const unit = dateUnitOfFormat(dateFormatOf(field));
  const one = (side: Side): number | null => {
    const rule = ruleOf(field, side);
    let ms: number | null;
    if (!rule.on) ms = epochOf(field[`${side}Time`]);
    else if (rule.type === BOUND_TYPES.fixed) ms = epochOf(rule.value) ?? epochOf(field[`${side}Time`]);
    else if (rule.type === BOUND_TYPES.field) ms = epochOf(relatedValue(rule.relation, context));
    else ms = fromNow(rule, side, 'date', context)?.getTime() ?? null;
    return ms === null ? null : edgeOf(ms, unit, side);
  };
  return { start: one('start'), end: one('end') };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** a time of day as "HH:mm:ss" ("HH:mm" is its first second), or null */
export function fullTimeOf(value: unknown): string | null {
  const hit = typeof value === 'string' ? TIME.exec(value.trim()) : null;
  return hit ? `${hit[1]}:${hit[2]}:${hit[3] ?? '00'}` : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time picker's bounds ("HH:mm:ss"), the whole day where the design sets none. A bound counted from now that
 * falls on another day is the day's edge; in a format without seconds it is on its minute.
 */
export function resolveTimeBounds(field: FieldConfig, context: BoundContext): TimeBounds {
  const noSeconds = typeof field.format === 'string' && field.format !== '' && !field.format.includes('ss');
  const whole = { start: TIME_DAY_START, end: TIME_DAY_END };
  const one = (side: Side): string => {
    const rule = ruleOf(field, side);
    if (!rule.on) return fullTimeOf(field[`${side}Time`]) ?? whole[side];
    if (rule.type === BOUND_TYPES.fixed)
      return fullTimeOf(rule.value) ?? fullTimeOf(field[`${side}Time`]) ?? whole[side];
    if (rule.type === BOUND_TYPES.field) return fullTimeOf(relatedValue(rule.relation, context)) ?? whole[side];
    const at = fromNow(rule, side, 'time', context);
    if (!at) return whole[side];
    const today = new Date(context.now);
    if (at.toDateString() !== today.toDateString()) return at.getTime() < context.now ? TIME_DAY_START : TIME_DAY_END;
    return `${pad(at.getHours())}:${pad(at.getMinutes())}:${noSeconds ? '00' : pad(at.getSeconds())}`;
  };
  return { start: one('start'), end: one('end') };
}

/** whether a date (epoch ms) lies within its bounds */
export const isDateInBounds = (ms: number, bounds: DateBounds): boolean =>
  (bounds.start === null || ms >= bounds.start) && (bounds.end === null || ms <= bounds.end);

/** whether a time of day ("HH:mm" or "HH:mm:ss") lies within its bounds */
export function isTimeInBounds(time: string, bounds: TimeBounds): boolean {
  const full = fullTimeOf(time);
  return full !== null && full >= bounds.start && full <= bounds.end;
}
