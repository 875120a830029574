// How a stored value reads to people when the design alone can say: option labels, switch texts, dates and times
// in the field's format (local time), amounts, ranges, calculated results and places. The server's display (list
// cells, details, exports, prints) and the web's previews of a value (the widget gallery) both read it here; names
// only the server knows (users, organisations, related records, interface rows) are the server's part.
import { toDayjsFormat, type FieldConfig, type OnlineFieldKey } from '../onlineDev.js';
import { formatAmount } from './amount.js';
import { formatCalculated } from './calculate.js';
import { parseLocationValue } from './location.js';
import { formatNumberRange } from './numberRange.js';
import { sliderValueText } from './slider.js';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** a switch's two values (default 1 and 0) */
export function switchValues(field: Pick<FieldConfig, 'activeValue' | 'inactiveValue'>) {
  return { active: field.activeValue ?? 1, inactive: field.inactiveValue ?? 0 };
}

/** the dayjs-style display format of a date field: its `format`, else by its `type` */
export function dateFormatOf(field: Pick<FieldConfig, 'format' | 'type'>): string {
  const fallback = field.type === 'datetime' ? DATE_TIME_FORMAT : DATE_FORMAT;
  return toDayjsFormat(typeof field.format === 'string' && field.format ? field.format : undefined, fallback);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** epoch ms in a dayjs-style format (YYYY MM DD HH mm ss SSS), in local time; '' for no date */
export function formatEpochMs(ms: number, format: string): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {
    YYYY: pad(d.getFullYear(), 4),
    MM: pad(d.getMonth() + 1),
    DD: pad(d.getDate()),
    HH: pad(d.getHours()),
    mm: pad(d.getMinutes()),
    ss: pad(d.getSeconds()),
    SSS: pad(d.getMilliseconds(), 3),
  };
  return format.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** a stored date (epoch ms) in the field's format; anything else as it is */
export function dateValueText(field: Pick<FieldConfig, 'format' | 'type'>, raw: unknown): string {
  return typeof raw === 'number' ? formatEpochMs(raw, dateFormatOf(field)) : String(raw);
}

/** a time of day ("HH:mm:ss" as stored, or epoch ms) in the field's format (HH mm ss; default HH:mm:ss) */
export function timeValueText(field: Pick<FieldConfig, 'format'>, raw: unknown): string {
  const format = typeof field.format === 'string' && field.format ? field.format : TIME_FORMAT;
  if (typeof raw === 'number') return formatEpochMs(raw, format);
  const hit = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(String(raw).trim());
  if (!hit) return String(raw);
  const parts: Record<string, string> = { HH: pad(Number(hit[1])), mm: hit[2]!, ss: hit[3] ?? '00' };
  return format.replace(/HH|mm|ss/g, (token) => parts[token] ?? token);
}

/** the words a switch shows when its design names none, in the reader's language */
export interface SwitchWords {
  on: string;
  off: string;
}

/** a switch's value as its active or inactive text */
export function switchValueText(field: FieldConfig, raw: unknown, words: SwitchWords): string {
  return String(raw) === String(switchValues(field).active)
    ? (field.activeTxt ?? words.on)
    : (field.inactiveTxt ?? words.off);
}

/** an option value's label, undefined when the options do not hold it */
export type LabelOf = (value: string) => string | undefined;

/** an option value (or several, joined by ",") as its label; a value no option holds as it is */
export function optionValueText(raw: unknown, labelOf: LabelOf): string {
  const label = (v: unknown) => labelOf(String(v)) ?? String(v);
  return Array.isArray(raw) ? raw.map(label).join(',') : label(raw);
}

/** a path of options as its labels joined by "/" (or only the last), several paths joined by "," */
export function cascadeValueText(field: FieldConfig, raw: unknown, labelOf: LabelOf): string {
  const shown = (path: unknown) => {
    const names = (Array.isArray(path) ? path : [path]).map((v) => labelOf(String(v)) ?? String(v));
    return field.showAllLevels === false ? (names[names.length - 1] ?? '') : names.join('/');
  };
  return field.multiple === true && Array.isArray(raw) ? raw.map(shown).join(',') : shown(raw);
}

const precisionOf = (field: FieldConfig) => (typeof field.precision === 'number' ? field.precision : undefined);

export const amountValueText = (field: FieldConfig, raw: unknown): string =>
  formatAmount(raw, { precision: precisionOf(field), thousands: field.thousands === true });

export const numberRangeValueText = (field: FieldConfig, raw: unknown): string =>
  formatNumberRange(raw, { precision: precisionOf(field) });

export const calculatedValueText = (field: FieldConfig, raw: unknown): string =>
  formatCalculated(raw, { thousands: field.thousands === true });

/** a place as its full address (the coordinates stay in the stored value) */
export const locationValueText = (_field: FieldConfig, raw: unknown): string =>
  parseLocationValue(raw)?.fullAddress ?? '';

/** what the design-only texts need besides the field */
export interface DesignTextContext {
  /** the label of one of the field's option values */
  labelOf: LabelOf;
  switchWords: SwitchWords;
}

type DesignText = (field: FieldConfig, raw: unknown, ctx: DesignTextContext) => unknown;

const asStored: DesignText = (_field, raw) => raw;
const optionText: DesignText = (_field, raw, ctx) => optionValueText(raw, ctx.labelOf);

/**
 * the widgets whose value the design alone shows, by jnpfKey; the others name what only the server knows
 * (pickers, popups, relation forms, areas, system fields) or hold rows (sub-tables)
 */
const DESIGN_TEXTS: Readonly<Partial<Record<OnlineFieldKey, DesignText>>> = /* @__PURE__ */ Object.freeze({
  input: asStored,
  textarea: asStored,
  inputNumber: asStored,
  switch: (field, raw, ctx) => switchValueText(field, raw, ctx.switchWords),
  radio: optionText,
  checkbox: optionText,
  select: optionText,
  treeSelect: optionText,
  cascader: (field, raw, ctx) => cascadeValueText(field, raw, ctx.labelOf),
  datePicker: dateValueText,
  timePicker: timeValueText,
  colorPicker: asStored,
  rate: asStored,
  slider: sliderValueText,
  editor: asStored,
  billRule: asStored,
  autoComplete: asStored,
  amount: amountValueText,
  numRange: numberRangeValueText,
  calculate: calculatedValueText,
  location: locationValueText,
});

/** whether the design alone shows the field's value (designValueText answers for it) */
export const shownByDesign = (key: string): boolean => Object.hasOwn(DESIGN_TEXTS, key);

/**
 * a non-empty value as the design alone shows it; undefined for a field whose text needs the server (see
 * shownByDesign)
 */
export function designValueText(field: FieldConfig, raw: unknown, ctx: DesignTextContext): unknown {
  const key = field.__config__.jnpfKey;
  return Object.hasOwn(DESIGN_TEXTS, key) ? DESIGN_TEXTS[key]!(field, raw, ctx) : undefined;
}
