// A record's values checked against its form, each widget's value kept in one stored form. Input values are read
// into their stored form — strings, numbers, string arrays, the switch's own values, epoch ms, "HH:mm:ss" — and
// checked for type, options, bounds, length and patterns; an empty value clears the field. The required check
// runs on the record as it will be (input over the previous values). Keys that are not input fields are dropped.
import {
  areaLevelOf,
  switchValues,
  containerProblems,
  checkAmountValue,
  checkCalculated,
  evaluateCalculate,
  parseCalculate,
  checkNumberRange,
  checkSliderValue,
  decimalPlaces,
  isImageUploadKey,
  isRangeSlider,
  sliderRulesOf,
  normalizeNumberRange,
  toNumeric,
  type WidgetCheck,
  isMultiValueField,
  SUB_TABLE_ROWS_MAX,
  isSubTableKey,
  subTableColumns,
  uploadTypeOf,
  type FieldConfig,
  type OnlineFieldKey,
  isBarcodeText,
  isWebAddress,
  maskValue,
  checkSignValue,
  signFileName,
  SIGN_STORE,
  checkLocationField,
  parseMixedPick,
  pickerScopeEmpty,
  locationRulesOf,
  parseLocationValue,
  boundRelations,
  BOUND_NOW_SLACK_MS,
  hasBoundRules,
  isDateInBounds,
  isTimeInBounds,
  relatedValue,
  resolveDateBounds,
  resolveTimeBounds,
  treeSelectLastLevel,
  type BoundContext,
} from '@jnpf/core';
import { STORED_NAME } from '../../../platform/files.js';
import { plainText, sanitizeRichText } from '../../../platform/richText.js';
import { labelOf, rowIssue, type Issue, type Issues } from '../issues.js';
import { m, wm } from '../messages.js';
import type { OptionList, OptionLists } from './options.js';
import { compilePattern } from '../pattern.js';
import { readPopupValue } from './popupFields.js';
import { readRelationValue } from './relationRecords.js';
import { embeddedFiles, type FileRef } from './fileRefs.js';

export type Values = Record<string, unknown>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** a time picker's bounds when the design gives none: the whole day */
const TIME_START = '00:00:00';
const TIME_END = '23:59:59';
/** the longest text a field holds when the design sets no maxlength */
const TEXT_MAX = 10_000;
const DATE_LIMIT = 8.64e15;
/** the longest rich text (HTML, after sanitising) an editor field holds */
const RICH_TEXT_MAX = 200_000;
/** the most entries one picker field holds */
const PICKED_MAX = 500;
/** the most paths one area field or cascader with `multiple` holds */
const PATHS_MAX = 100;
/** the most files one file field holds when the design sets no limit */
const FILES_MAX = 100;

export const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** fields whose value is a list of option values */
export const isMultiple = (field: FieldConfig) => isMultiValueField(field);

export { switchValues };

type Read = { value: unknown } | { issue: Issue };

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v.trim());
  return null;
};
const asText = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/** one widget's reading of a non-empty input value: its stored form, or why it cannot be */
type ValueCheck = (field: FieldConfig, raw: unknown, options: OptionLists) => Read;

const mismatchOf = (field: FieldConfig): Read => ({
  issue: { key: m.typeMismatch, params: { label: labelOf(field) } },
});

/** text: its length within maxlength (else 10 000) and every pattern of the design matched */
const readText: ValueCheck = (field, raw) => {
  const label = labelOf(field);
  const text = asText(raw);
  if (text === null) return mismatchOf(field);
  const max = typeof field.maxlength === 'number' && field.maxlength > 0 ? field.maxlength : TEXT_MAX;
  if ([...text].length > max) return { issue: { key: m.tooLong, params: { label, max } } };
  for (const rule of Array.isArray(field.__config__.regList) ? field.__config__.regList : []) {
    const pattern = compilePattern(rule?.pattern);
    if (pattern && !pattern.test(text))
      return rule.message
        ? { issue: { key: m.patternMessage, params: { text: String(rule.message) } } }
        : mismatchOf(field);
  }
  return { value: text };
};

/** an option value (or with `multiple` a list of them) among the field's enabled options */
const readChoice: ValueCheck = (field, raw, options) => {
  const allowed = options.get(field.__vModel__)?.allowed ?? new Set<string>();
  const notAnOption = { issue: { key: m.notAnOption, params: { label: labelOf(field) } } };
  if (isMultiple(field)) {
    if (!Array.isArray(raw)) return mismatchOf(field);
    const texts = raw.map(asText);
    if (texts.some((t) => t === null)) return mismatchOf(field);
    const unique = [...new Set(texts as string[])];
    return unique.every((v) => allowed.has(v)) ? { value: unique } : notAnOption;
  }
  const text = asText(raw);
  if (text === null) return mismatchOf(field);
  return allowed.has(text) ? { value: text } : notAnOption;
};

/**
 * a tree select's choice; with lastLevel on, each value must also be a node whose hasChildren is the configured
 * last-level value (by default a leaf: no option sits under it)
 */
const readTreeChoice: ValueCheck = (field, raw, options) => {
  const read = readChoice(field, raw, options);
  const wanted = treeSelectLastLevel(field);
  if (wanted === null || 'issue' in read) return read;
  const parents = new Set(options.get(field.__vModel__)?.parents.values() ?? []);
  const picked: unknown[] = Array.isArray(read.value) ? read.value : [read.value];
  return picked.every((v) => parents.has(String(v)) === wanted)
    ? read
    : { issue: { key: m.notLastLevel, params: { label: labelOf(field) } } };
};

/** ids only here: that they name something that may be picked is checked against the directory (pickers.ts) */
const readPicked: ValueCheck = (field, raw) => {
  if (isMultiple(field)) {
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length > PICKED_MAX || list.some((v) => typeof v !== 'string' || v.length > 100)) return mismatchOf(field);
    return { value: [...new Set(list as string[])] };
  }
  return typeof raw === 'string' && raw.length <= 100 ? { value: raw } : mismatchOf(field);
};

/**
 * a mixed picker: "id--kind" entries (one, or a list with `multiple`); that each names something that may be
 * picked is checked against the directory (pickers.ts)
 */
const readMixedPicks: ValueCheck = (field, raw, options) => {
  const read = readPicked(field, raw, options);
  if ('issue' in read) return read;
  const entries = Array.isArray(read.value) ? read.value : [read.value];
  return entries.every((entry) => parseMixedPick(entry)) ? read : mismatchOf(field);
};

/**
 * ids only here, at most down to the field's level: that each path is a chain of areas ending at the level or
 * at an area with nothing below it is checked against the area list (areas.ts)
 */
const readAreas: ValueCheck = (field, raw) => {
  const length = areaLevelOf(field) + 1;
  const isPath = (v: unknown): v is string[] =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.length <= length &&
    v.every((id) => typeof id === 'string' && id.length <= 50);
  if (field.multiple !== true) return isPath(raw) ? { value: raw } : mismatchOf(field);
  if (!Array.isArray(raw) || raw.length > PATHS_MAX || !raw.every(isPath)) return mismatchOf(field);
  const unique = new Map((raw as string[][]).map((path) => [path.join('/'), path]));
  return { value: [...unique.values()] };
};

/** a number within the field's bounds (rate 0…5 and slider 0…100 unless the design says otherwise) */
const readNumber =
  (defaults: { min?: number; max?: number } = {}): ValueCheck =>
  (field, raw) => {
    const label = labelOf(field);
    const n = asNumber(raw);
    if (n === null) return mismatchOf(field);
    const min = typeof field.min === 'number' ? field.min : defaults.min;
    const max = typeof field.max === 'number' ? field.max : defaults.max;
    if (min !== undefined && n < min) return { issue: { key: m.tooSmall, params: { label, min } } };
    if (max !== undefined && n > max) return { issue: { key: m.tooLarge, params: { label, max } } };
    return { value: n };
  };

/** a number input's value: within its bounds and, with a precision, no more decimals (the input rounds to them) */
const readInputNumber: ValueCheck = (field, raw, options) => {
  const read = readNumber()(field, raw, options);
  if ('issue' in read) return read;
  const precision = field.precision;
  return typeof precision === 'number' && precision >= 0 && decimalPlaces(read.value as number) > precision
    ? { issue: { key: wm.numberPrecision, params: { label: labelOf(field), precision } } }
    : read;
};

/**
 * a slider's value: within its bounds (0…100 by default) and on one of its steps from min (step 1 by default);
 * with `range` exactly two such numbers, low ≤ high
 */
const readSlider: ValueCheck = (field, raw, options) => {
  if (isRangeSlider(field)) {
    const check = checkSliderValue(raw, sliderRulesOf(field));
    return check.ok ? { value: [...(raw as number[])] } : widgetIssue(field, check);
  }
  const read = readNumber({ min: 0, max: 100 })(field, raw, options);
  if ('issue' in read) return read;
  const step = typeof field.step === 'number' && field.step > 0 ? field.step : 1;
  const min = typeof field.min === 'number' ? field.min : 0;
  const steps = ((read.value as number) - min) / step;
  // a step of 0.1 gives steps like 2.9999999999999996: only a real fraction is off the steps
  return Math.abs(steps - Math.round(steps)) < 1e-9
    ? read
    : { issue: { key: m.offStep, params: { label: labelOf(field), step } } };
};

/** a rating: within 0 and its max (5 unless the design says otherwise), in whole stars, or halves with allowHalf */
const readRate: ValueCheck = (field, raw, options) => {
  const read = readNumber({ min: 0, max: 5 })(field, raw, options);
  if ('issue' in read) return read;
  const half = field.allowHalf === true;
  return Number.isInteger((read.value as number) * (half ? 2 : 1))
    ? read
    : { issue: { key: half ? m.halfStars : m.wholeStars, params: { label: labelOf(field) } } };
};

/** what a colour picker gives: #rgb, #rgba, #rrggbb or #rrggbbaa, or rgb(), rgba(), hsl(), hsla(), hsv() */
const COLOR_TEXT =
  /^(?:#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(?:rgba?|hsla?|hsva?)\(\s*\d+(?:\.\d+)?%?(?:\s*,\s*\d+(?:\.\d+)?%?){2,3}\s*\))$/i;
/** a colour with transparency: #rgba, #rrggbbaa, or a function named with "a" or given a fourth part */
const COLOR_ALPHA = /^(?:#(?:[0-9a-f]{4}|[0-9a-f]{8})|(?:rgba|hsla|hsva)\(.*|[a-z]+\((?:[^,]*,){3}[^,]*\))$/i;
/** a colour as the picker gives it; one with transparency only when the design shows the alpha slider */
const readColor: ValueCheck = (field, raw) => {
  const text = asText(raw);
  if (text === null || !COLOR_TEXT.test(text)) return mismatchOf(field);
  return field.showAlpha !== true && COLOR_ALPHA.test(text)
    ? { issue: { key: m.colorAlpha, params: { label: labelOf(field) } } }
    : { value: text };
};

/** the bounds and decimal places of a number widget's design, for core's checks */
const numberRules = (field: FieldConfig) => ({
  precision: typeof field.precision === 'number' ? field.precision : null,
  min: typeof field.min === 'number' ? field.min : null,
  max: typeof field.max === 'number' ? field.max : null,
});

/** a failed check of core's widget logic, as an issue naming the field */
const widgetIssue = (field: FieldConfig, check: Exclude<WidgetCheck, { ok: true }>): Read => ({
  issue: { key: wm[check.error.key], params: { label: labelOf(field), ...check.error.params } },
});

/** an amount: a number (numeric text taken) with no more decimals than its precision, within its bounds */
const readAmount: ValueCheck = (field, raw) => {
  const check = checkAmountValue(raw, numberRules(field));
  return check.ok ? { value: toNumeric(raw) } : widgetIssue(field, check);
};

/** a number range [min, max] (either end open, min ≤ max), each end within the design's decimals and bounds */
const readNumberRange: ValueCheck = (field, raw) => {
  const check = checkNumberRange(raw, numberRules(field));
  if (!check.ok) return widgetIssue(field, check);
  const range = normalizeNumberRange(raw);
  return { value: range && range.length ? range : undefined };
};

/** a calculated value as sent: a number or numeric text (checked against the formula once the record is read) */
const readCalculated: ValueCheck = (field, raw) => {
  const n = toNumeric(raw);
  return n === null ? mismatchOf(field) : { value: n };
};

/** the calculate options both sides use: the design's precision, else the evaluator's 0; in a sub-table, the row */
const calculateOptions = (field: FieldConfig, rowIndex?: number) => ({
  precision: typeof field.precision === 'number' && field.precision >= 0 ? field.precision : undefined,
  ...(rowIndex === undefined ? {} : { rowIndex }),
});

/**
 * A calculated field over the record's values: the value sent must be what its formula gives (a tampered
 * result is refused with the label); stored only with isStorage. A formula that does not parse stores nothing
 * (the design refuses one). In a sub-table's row, "table.column" reads that row's cell.
 */
const calculated: Derived = {
  check: (field, given, values, rowIndex) => {
    const parsed = parseCalculate(field.expression);
    if (!parsed.ok) return { value: undefined };
    const check = checkCalculated(parsed.program, values, given, calculateOptions(field, rowIndex));
    if (!check.ok) return widgetIssue(field, check);
    return { value: field.isStorage === true ? check.expected : undefined };
  },
  compute: (field, values, rowIndex) => {
    const result = evaluateCalculate(field.expression, values, calculateOptions(field, rowIndex));
    return result.ok ? result.value : undefined;
  },
};

/** a calculate formula must parse: numbers and operators alternating, parentheses matched */
const formulaIssues = (field: FieldConfig): Issues => {
  const parsed = parseCalculate(field.expression);
  if (parsed.ok) return {};
  const { key, params } = parsed.error;
  return {
    expression: { key: m.calculateInvalid, params: { label: labelOf(field) }, inner: { key: wm[key], params } },
  };
};

/** a signature: the address of a stored picture (that the writer may read it is checked on save, files.ts) */
const readSign: ValueCheck = (field, raw) => {
  const check = checkSignValue(raw);
  return check.ok ? { value: raw } : widgetIssue(field, check);
};
/** a signature's picture is held by the record as an embedded picture is: its readers read it */
const signEmbeds = (value: unknown): FileRef[] => {
  const name = signFileName(value);
  return name ? [{ store: SIGN_STORE, name }] : [];
};

/**
 * a location: JSON text (or an object) of the place's names, address and coordinates, stored as JSON text of
 * just those keys; outside the design's allowed circles it is refused
 */
const readLocation: ValueCheck = (field, raw) => {
  const check = checkLocationField(raw, locationRulesOf(field));
  if (!check.ok) return widgetIssue(field, check);
  const place = parseLocationValue(raw);
  return { value: place ? JSON.stringify(place) : undefined };
};

const readSwitch: ValueCheck = (field, raw) => {
  const { active, inactive } = switchValues(field);
  if (raw === true || String(raw) === String(active)) return { value: active };
  if (raw === false || String(raw) === String(inactive)) return { value: inactive };
  return mismatchOf(field);
};

/** a date bound of the design: epoch ms (a number or numeric text), or none */
const dateBound = (bound: unknown): number | null => {
  const n = typeof bound === 'string' && bound.trim() ? Number(bound) : bound;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** a value outside the design's bounds (startTime, endTime), which the picker disables, is refused */
const outOfBounds = (field: FieldConfig): Read => ({
  issue: { key: m.outOfBounds, params: { label: labelOf(field) } },
});

/** epoch ms, within the design's startTime … endTime (epoch ms) when it has them; bounds by rules (from now, from
 * another field) are checked once the whole record is read (checkRuleBounds) */
const readDate: ValueCheck = (field, raw) => {
  const n = asNumber(raw);
  if (n === null || !Number.isInteger(n) || Math.abs(n) > DATE_LIMIT) return mismatchOf(field);
  if (hasBoundRules(field)) return { value: n };
  const start = dateBound(field.startTime);
  const end = dateBound(field.endTime);
  if ((start !== null && n < start) || (end !== null && n > end)) return outOfBounds(field);
  return { value: n };
};

/** a time of day as "HH:mm:ss" (a bound of "HH:mm" is its first second), or null when it is none */
const fullTime = (text: unknown): string | null =>
  typeof text === 'string' && TIME.test(text) ? (text.length === 5 ? `${text}:00` : text) : null;

/**
 * the parts of a time its field's format hides (seconds of "HH:mm", minutes and seconds of "HH"): the picker
 * gives them as 0
 */
const hiddenTimeParts = (format: unknown): number[] => {
  const shown = typeof format === 'string' && format ? format : 'HH:mm:ss';
  return [shown.includes('m') ? null : 1, shown.includes('s') ? null : 2].filter((i): i is number => i !== null);
};

/**
 * "HH:mm:ss" or "HH:mm", within the design's startTime … endTime (default 00:00:00 … 23:59:59); what its format
 * does not show (the seconds of "HH:mm") must be 0
 */
const readTime: ValueCheck = (field, raw) => {
  const text = asText(raw);
  if (text === null || !TIME.test(text)) return mismatchOf(field);
  const parts = text.split(':');
  if (hiddenTimeParts(field.format).some((i) => Number(parts[i] ?? 0) !== 0))
    return { issue: { key: m.timeFormat, params: { label: labelOf(field), format: String(field.format) } } };
  if (hasBoundRules(field)) return { value: text };
  const time = fullTime(text)!;
  const start = fullTime(field.startTime) ?? TIME_START;
  const end = fullTime(field.endTime) ?? TIME_END;
  return time < start || time > end ? outOfBounds(field) : { value: text };
};

/** rich text, stored sanitised; HTML a reader would see nothing of counts as empty */
const readRichText: ValueCheck = (field, raw) => {
  if (typeof raw !== 'string') return mismatchOf(field);
  const html = sanitizeRichText(raw);
  if (!plainText(html) && !/<(img|hr)\b/i.test(html)) return { value: undefined };
  if (html.length > RICH_TEXT_MAX)
    return { issue: { key: m.tooLong, params: { label: labelOf(field), max: RICH_TEXT_MAX } } };
  return { value: html };
};

/**
 * Not taken from input: system fields are filled on save, the bill number is issued on create (records.ts),
 * layout items hold no value.
 */
const dropped: ValueCheck = () => ({ value: undefined });

/** who saves a record and when: what the system fields are filled with */
export interface SaveContext {
  /** null: a visitor through a public form link */
  userId: string | null;
  now: number;
  organizeId: string | null;
  positionId: string | null;
}

/**
 * a value computed from the record's other values (calculate); `values` are the whole record's, and in a
 * sub-table's row `rowIndex` names the row
 */
export interface Derived {
  /** the value sent (undefined when none) against the record's values: the value to store, or why it is refused */
  check: (field: FieldConfig, given: unknown, values: Values, rowIndex?: number) => Read;
  /** the value shown when none is stored */
  compute: (field: FieldConfig, values: Values, rowIndex?: number) => unknown;
}

/** what the server does with a widget's value when a record is saved */
export interface ServerWidget {
  /** computed from the record's other values: re-checked once they are read, computed for display */
  derived?: Derived;
  /** the input value read into its stored form, or why it cannot be */
  read: ValueCheck;
  /** the value filled in on create, whatever the input (undefined: nothing filled) */
  created?: (save: SaveContext) => unknown;
  /** the value filled in on every update */
  modified?: (save: SaveContext) => unknown;
  /** a number issued by the field's rule on create, once the input is known to be good */
  numbered?: boolean;
  /** its value is one of its options (static or a dictionary's), checked at design and on save */
  hasOptions?: boolean;
  /** stored as a number (epoch ms for a date): compared as one in lists and data-permission schemes */
  numeric?: 'number' | 'date';
  /**
   * whose name the value is shown by: a user the save filled in (creator, modifier), the saver's organisation or
   * position, or users picked in the form
   */
  names?: 'user' | 'organize' | 'position' | 'pickedUsers';
  /** its value is a path of areas (or several), checked against and named from the area list */
  areaPaths?: boolean;
  /**
   * how a list's equal search reads it, when not as plain values: 'path' a path of ids (or with searchMultiple a
   * list of them) matching the stored paths that start with it; 'mixedPick' "id--kind" entries of the mixed picker
   */
  searchedAs?: 'path' | 'mixedPick';
  /** its bounds may follow rules (now, before or after now, another field): resolved as dates or as times of day */
  ruledBounds?: 'date' | 'time';
  /** the directory its ids are of (users, organisations …), for the data-permission scheme screen */
  directory?: 'user' | 'organize' | 'department' | 'position' | 'role' | 'group';
  /** it reads rows of the data interface its design names (interfaceId), required at design */
  readsInterface?: boolean;
  /** its value is a record of the released form its design names (modelId), required and released at design */
  readsForm?: boolean;
  /** the detail (DataChange) carries its stored value beside its text, as <field>_id: a place's map needs its point */
  valueInDetail?: boolean;
  /** its picker draws maps and searches places (the maps service): a form link's visitor does so through the link */
  usesMaps?: boolean;
  /** a sheet cell can hold it (record import), and how the template explains the cell */
  importCell?: ImportCell;
  /** what the design of the field must not hold, by the property (relative to the field) it is in */
  designIssues?: (field: FieldConfig) => Issues;
  /**
   * the stored files its value names (a rich text's pictures): readable by whoever may read the record, so a save
   * may add only files its writer could read (embedded.ts)
   */
  embeds?: (value: unknown) => FileRef[];
  /**
   * its text may be masked (useMask with maskConfig): lists, details, exports and prints show it masked, and only
   * those who may edit the record read it in clear
   */
  maskable?: boolean;
  /** its value is the address of a stored picture (a signature): the writer must be able to read a new one */
  picture?: boolean;
}

/** what a record import's template says a cell of the widget holds */
export type ImportCell =
  | 'text'
  | 'number'
  | 'numberRange'
  | 'switch'
  | 'options'
  | 'cascade'
  | 'date'
  | 'time'
  | 'user'
  | 'organize'
  | 'named';

const isStoredAttr = (field: FieldConfig) => field.isStorage === 1 || field.isStorage === true;
const reads = (read: ValueCheck, traits: Omit<ServerWidget, 'read'> = {}): ServerWidget => ({ read, ...traits });
const OPTIONS = { hasOptions: true } as const;
const NUMBER = { numeric: 'number' } as const;
const INTERFACE = { readsInterface: true } as const;
const DATE = { numeric: 'date' } as const;
const filled = (fill: Omit<ServerWidget, 'read'>): ServerWidget => ({ read: dropped, ...fill });
const orNothing = (id: string | null) => id ?? undefined;

/** an iframe shows, and a link opens, only web pages: never javascript:, data: or a file */
const webAddressOnly = (field: FieldConfig): Issues =>
  field.href === undefined || field.href === '' || isWebAddress(field.href)
    ? {}
    : { href: { key: m.addressInvalid, params: { label: labelOf(field) } } };
/** a barcode's fixed text is letters and digits */
const barcodeTextOnly = (field: FieldConfig): Issues =>
  field.dataType === 'relation' || !field.staticText || isBarcodeText(field.staticText)
    ? {}
    : { staticText: { key: m.barcodeTextInvalid, params: { label: labelOf(field) } } };
/** a picker in custom mode permits at least one entry (pickerScopeEmpty), else nothing could be picked */
const pickerScopeIssues = (field: FieldConfig): Issues =>
  pickerScopeEmpty(field) ? { ableIds: { key: m.ableIdsRequired, params: { label: labelOf(field) } } } : {};
/** a tab, collapse or table grid holds well-formed parts (panes, panels, rows of cells) */
const partIssues = (field: FieldConfig): Issues =>
  Object.fromEntries(
    containerProblems(field).map(({ at, code }) => [at, { key: m[code], params: { label: labelOf(field) } }]),
  );

/**
 * The server side of every widget, by jnpfKey: how its input is checked and what the save fills in. A Record
 * over every key, so that a widget without its entry does not compile.
 */
const SERVER_WIDGETS: Readonly<Record<OnlineFieldKey, ServerWidget>> = {
  input: reads(readText, { importCell: 'text', maskable: true }),
  textarea: reads(readText, { importCell: 'text' }),
  inputNumber: reads(readInputNumber, { ...NUMBER, importCell: 'number' }),
  switch: reads(readSwitch, { importCell: 'switch' }),
  radio: reads(readChoice, { ...OPTIONS, importCell: 'options' }),
  checkbox: reads(readChoice, { ...OPTIONS, importCell: 'options' }),
  select: reads(readChoice, { ...OPTIONS, importCell: 'options' }),
  cascader: reads((field, raw, options) => readCascade(field, raw, options), {
    ...OPTIONS,
    importCell: 'cascade',
    searchedAs: 'path',
  }),
  datePicker: reads(readDate, { ...DATE, importCell: 'date', ruledBounds: 'date' }),
  timePicker: reads(readTime, { importCell: 'time', ruledBounds: 'time' }),
  uploadFile: reads((field, raw) => readFiles(field, raw)),
  uploadImg: reads((field, raw) => readFiles(field, raw)),
  uploadFz: reads((field, raw) => readFiles(field, raw)),
  colorPicker: reads(readColor, { importCell: 'text' }),
  rate: reads(readRate, { ...NUMBER, importCell: 'number' }),
  slider: reads(readSlider, { ...NUMBER, importCell: 'number' }),
  editor: reads(readRichText, { embeds: embeddedFiles }),
  billRule: { read: dropped, numbered: true },
  organizeSelect: reads(readPicked, {
    directory: 'organize',
    importCell: 'organize',
    designIssues: pickerScopeIssues,
  }),
  depSelect: reads(readPicked, {
    directory: 'department',
    importCell: 'organize',
    designIssues: pickerScopeIssues,
  }),
  posSelect: reads(readPicked, { directory: 'position', importCell: 'named', designIssues: pickerScopeIssues }),
  userSelect: reads(readPicked, {
    names: 'pickedUsers',
    directory: 'user',
    importCell: 'user',
    designIssues: pickerScopeIssues,
  }),
  roleSelect: reads(readPicked, { directory: 'role', importCell: 'named', designIssues: pickerScopeIssues }),
  groupSelect: reads(readPicked, { directory: 'group', importCell: 'named', designIssues: pickerScopeIssues }),
  areaSelect: reads(readAreas, { areaPaths: true, searchedAs: 'path' }),
  treeSelect: reads(readTreeChoice, { ...OPTIONS, importCell: 'options' }),
  // shape here; that the interface gives each id is checked on save (popupFields.ts checkPopupRecord)
  popupSelect: reads((field, raw) => readPopupValue(field, raw), INTERFACE),
  popupTableSelect: reads((field, raw) => readPopupValue(field, raw), INTERFACE),
  // free text: its length, then the design's patterns as any text
  autoComplete: reads(
    (field, raw) => {
      const read = readPopupValue(field, raw);
      return 'issue' in read || read.value === undefined ? read : readText(field, read.value, new Map());
    },
    { ...INTERFACE, importCell: 'text' },
  ),
  // the shown field of the picked row: kept only when the design stores it (isStorage)
  popupAttr: reads((field, raw) => (isStoredAttr(field) ? readText(field, raw, new Map()) : { value: undefined })),
  amount: reads(readAmount, { ...NUMBER, importCell: 'number' }),
  numRange: reads(readNumberRange),
  calculate: reads(readCalculated, { ...NUMBER, derived: calculated, designIssues: formulaIssues }),
  sign: reads(readSign, { picture: true, embeds: signEmbeds }),
  location: reads(readLocation, { valueInDetail: true, usesMaps: true }),
  usersSelect: reads(readMixedPicks, { designIssues: pickerScopeIssues, searchedAs: 'mixedPick' }),
  // shape here; that the id is a record of the form the caller may pick is checked on save (relationRecords.ts)
  relationForm: reads(readRelationValue, { readsForm: true }),
  // a field of the related record, shown and never stored
  relationFormAttr: reads(dropped),
  table: reads((field, raw, options) => readRows(field, raw, options)),
  createUser: filled({ created: (save) => orNothing(save.userId), names: 'user', directory: 'user' }),
  createTime: filled({ created: (save) => save.now, ...DATE }),
  modifyUser: filled({ modified: (save) => orNothing(save.userId), names: 'user', directory: 'user' }),
  modifyTime: filled({ modified: (save) => save.now, ...DATE }),
  currOrganize: filled({ created: (save) => orNothing(save.organizeId), names: 'organize', directory: 'organize' }),
  currPosition: filled({ created: (save) => orNothing(save.positionId), names: 'position', directory: 'position' }),
  groupTitle: reads(dropped),
  divider: reads(dropped),
  text: reads(dropped),
  alert: reads(dropped),
  row: reads(dropped),
  card: reads(dropped),
  tab: reads(dropped, { designIssues: partIssues }),
  collapse: reads(dropped, { designIssues: partIssues }),
  // well-formed parts; spans and merged marks that disagree (a design made elsewhere) are drawn as the marks say
  // rather than refused: the designer keeps its own grids consistent (core's tableGrid rules)
  tableGrid: reads(dropped, { designIssues: partIssues }),
  barcode: reads(dropped, { designIssues: barcodeTextOnly }),
  qrcode: reads(dropped),
  iframe: reads(dropped, { designIssues: webAddressOnly }),
  button: reads(dropped),
  link: reads(dropped, { designIssues: webAddressOnly }),
};

const NOT_A_WIDGET: ServerWidget = { read: dropped };

/** the server side of a key's widget (a key this version does not know: its input is dropped) */
export function serverWidgetOfKey(key: unknown): ServerWidget {
  return typeof key === 'string' && Object.hasOwn(SERVER_WIDGETS, key)
    ? SERVER_WIDGETS[key as OnlineFieldKey]
    : NOT_A_WIDGET;
}

/**
 * a range slider holds a pair: not compared as a number (its list search reads both ends, listQuery.ts), and a
 * sheet cell gives it as "low-high"
 */
const RANGE_SLIDER: ServerWidget = reads(readSlider, { importCell: 'numberRange' });

/** the server side of a field's widget */
export const serverWidgetOf = (field: FieldConfig): ServerWidget =>
  isRangeSlider(field) ? RANGE_SLIDER : serverWidgetOfKey(field.__config__.jnpfKey);

/**
 * the values with each sub-table's computed cells filled in where none is stored (as their formulas give them for
 * their rows), for a formula summing such a column; a copy
 */
export function withComputedCells(fields: readonly FieldConfig[], values: Values): Values {
  let out: Values | null = null;
  for (const field of fields) {
    const rows = values[field.__vModel__];
    if (!isSubTableKey(field.__config__.jnpfKey) || !Array.isArray(rows)) continue;
    const computed = subTableColumns(field).filter((column) => serverWidgetOf(column).derived);
    if (!computed.length) continue;
    out ??= { ...values };
    out[field.__vModel__] = rows.map((row, index) => {
      const cells: Values = { ...(row && typeof row === 'object' ? (row as Values) : {}) };
      for (const column of computed)
        if (isEmpty(cells[column.__vModel__]))
          cells[column.__vModel__] = serverWidgetOf(column).derived!.compute(column, values, index);
      return cells;
    });
  }
  return out ?? values;
}

/** the field's widget may mask its text and the design asks it to */
export const isMaskedField = (field: FieldConfig): boolean =>
  serverWidgetOf(field).maskable === true && field.useMask === true;

/**
 * The values with every masked field's text masked, in sub-tables' rows too (for a reader who may not edit the
 * record): a copy, the stored values untouched
 */
export function maskedValues(fields: readonly FieldConfig[], values: Values): Values {
  const out: Values = { ...values };
  for (const field of fields) {
    const key = field.__vModel__;
    const value = values[key];
    if (isMaskedField(field)) {
      if (!isEmpty(value)) out[key] = maskValue(value, field.maskConfig);
    } else if (isSubTableKey(field.__config__.jnpfKey) && Array.isArray(value)) {
      const columns = subTableColumns(field);
      if (columns.some(isMaskedField))
        out[key] = value.map((row) =>
          row && typeof row === 'object' && !Array.isArray(row) ? maskedValues(columns, row as Values) : row,
        );
    }
  }
  return out;
}

/**
 * The input with each masked field whose text is the mask of its stored value (and not that value) given the stored
 * value instead: a client handed the masked text (a list row's raw value) that sends it back unchanged never
 * overwrites the clear value with its mask. A copy when anything is kept.
 */
export function keepMaskedText(fields: readonly FieldConfig[], input: Values, stored: Values): Values {
  let out: Values | undefined;
  for (const field of fields) {
    const key = field.__vModel__;
    const kept = stored[key];
    if (!isMaskedField(field) || !(key in input) || isEmpty(kept) || input[key] === kept) continue;
    if (input[key] === maskValue(kept, field.maskConfig)) (out ??= { ...input })[key] = kept;
  }
  return out ?? input;
}

/**
 * the values with each sub-table of `fields` a list of rows, an empty one too (none stored, or a sub-table added
 * to the form since): the form reads a sub-table's rows as the reference gives them, never '' or nothing
 */
export function withRowLists(fields: readonly FieldConfig[], values: Values): Values {
  const out: Values = { ...values };
  for (const field of fields)
    if (isSubTableKey(field.__config__.jnpfKey) && !Array.isArray(out[field.__vModel__])) out[field.__vModel__] = [];
  return out;
}

/** one input value in its stored form, or why it cannot be */
export function readValue(field: FieldConfig, raw: unknown, options: OptionLists): Read {
  if (isEmpty(raw)) return { value: undefined };
  return serverWidgetOf(field).read(field, raw, options);
}

/**
 * A file field's files as stored: {name, fileId, fileSize, fileExtension, url}, the address and extension made
 * here from the stored name (never taken from input); that each file exists, and its size, is checked against
 * the store (files.ts).
 */
function readFiles(field: FieldConfig, raw: unknown): Read {
  const label = labelOf(field);
  const mismatch = { issue: { key: m.typeMismatch, params: { label } } };
  const limit = typeof field.limit === 'number' && field.limit > 0 ? Math.min(field.limit, FILES_MAX) : FILES_MAX;
  if (!Array.isArray(raw)) return mismatch;
  if (raw.length > limit)
    return {
      issue: {
        key: isImageUploadKey(field.__config__.jnpfKey) ? m.tooManyImages : m.tooManyFiles,
        params: { label, max: limit },
      },
    };
  const type = uploadTypeOf(field.__config__.jnpfKey);
  const files = new Map<string, Values>();
  for (const item of raw) {
    const file = item && typeof item === 'object' && !Array.isArray(item) ? (item as Values) : null;
    const fileId = file?.fileId;
    if (!file || typeof fileId !== 'string' || !STORED_NAME.test(fileId)) return mismatch;
    const name = typeof file.name === 'string' && file.name.trim() ? file.name.trim().slice(0, 255) : fileId;
    files.set(fileId, {
      name,
      fileId,
      fileSize: typeof file.fileSize === 'number' && file.fileSize >= 0 ? file.fileSize : 0,
      fileExtension: fileId.slice(fileId.lastIndexOf('.') + 1),
      url: `/api/file/Image/${type}/${fileId}`,
    });
  }
  return { value: [...files.values()] };
}

/**
 * A cascader's path of option values from a top option down to a leaf (with props.checkStrictly, to any option),
 * or with `multiple` a list of such paths; every option on it enabled.
 */
function readCascade(field: FieldConfig, raw: unknown, options: OptionLists): Read {
  const label = labelOf(field);
  const mismatch = { issue: { key: m.typeMismatch, params: { label } } };
  const list = options.get(field.__vModel__);
  const parents = list?.parents ?? new Map<string, string>();
  const hasChildren = new Set(parents.values());
  const anyLevel = field.props?.checkStrictly === true;
  const asPath = (v: unknown): string[] | null => {
    if (!Array.isArray(v) || !v.length) return null;
    const path = v.map(asText);
    return path.every((id): id is string => id !== null) ? path : null;
  };
  const onTree = (path: string[]) =>
    path.every((id, i) => list?.allowed.has(id) && parents.get(id) === (i === 0 ? '' : path[i - 1])) &&
    (anyLevel || !hasChildren.has(path[path.length - 1]!));
  const paths = field.multiple === true ? (Array.isArray(raw) ? raw.map(asPath) : [null]) : [asPath(raw)];
  if (paths.length > PATHS_MAX || paths.some((p) => p === null)) return mismatch;
  const valid = paths as string[][];
  if (!valid.every(onTree)) return { issue: { key: m.notAnOption, params: { label } } };
  if (field.multiple !== true) return { value: valid[0] };
  return { value: [...new Map(valid.map((p) => [p.join('/'), p])).values()] };
}

/** a sub-table's rows: each an object of its columns' values, checked as a record of those columns */
function readRows(field: FieldConfig, raw: unknown, options: OptionLists): Read {
  const label = labelOf(field);
  if (!Array.isArray(raw)) return { issue: { key: m.typeMismatch, params: { label } } };
  if (raw.length > SUB_TABLE_ROWS_MAX)
    return { issue: { key: m.tooManyRows, params: { label, max: SUB_TABLE_ROWS_MAX } } };
  const columns = subTableColumns(field);
  const rows: Values[] = [];
  for (const [index, row] of raw.entries()) {
    const at = { label, row: index + 1 };
    if (!row || typeof row !== 'object' || Array.isArray(row))
      return { issue: { key: m.rowInvalid, params: at, cell: { rowIndex: index } } };
    // computed cells are re-checked with the whole record once it is read (recheckDerived)
    const checked = checkRecord(columns, row as Values, {}, options, { rows: true });
    const first = Object.entries(checked.issues)[0];
    if (first) return { issue: rowIssue(field, index, first[1], first[0]) };
    rows.push(checked.values);
  }
  return { value: rows };
}

/**
 * the option lists as a record (or a row) of these values may take them: lists whose values depend on the
 * record narrowed to its own; a row's check narrows again with its cells over its record's values
 */
export function optionsFor(options: OptionLists, values: Values): OptionLists {
  let narrowed: Map<string, OptionList> | null = null;
  for (const [key, list] of options) {
    const { allowedFor } = list;
    if (!allowedFor) continue;
    narrowed ??= new Map(options);
    narrowed.set(key, {
      ...list,
      allowed: allowedFor(values),
      allowedFor: (inner: Values) => allowedFor({ ...values, ...inner }),
    });
  }
  return narrowed ?? options;
}

export interface CheckedRecord {
  /** the input fields' values after the change (cleared fields absent) */
  values: Values;
  /** the fields the input set or cleared */
  changed: Set<string>;
  issues: Issues;
}

/** refusals of a value's own shape that records kept before these checks may hold */
const SHAPE_ONLY: ReadonlySet<unknown> = new Set([m.timeFormat, m.colorAlpha, wm.numberPrecision]);

/** whether two values are the same data (JSON-equal) */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reads the input of these fields over the previous values (none on create). Keys of other fields, and of
 * fields not in the input, are left as they were. `rows`: the fields are a sub-table's columns and the input one
 * of its rows, whose computed cells the record's check recomputes.
 */
export function checkRecord(
  fields: readonly FieldConfig[],
  input: Values,
  previous: Values,
  options: OptionLists,
  { rows = false, now = Date.now(), whole }: { rows?: boolean; now?: number; whole?: WholeRecord } = {},
): CheckedRecord {
  const values: Values = {};
  const changed = new Set<string>();
  const issues: Issues = {};
  // options that depend on the record: its own (a row's: its cells over its record's values)
  const scoped = optionsFor(options, { ...previous, ...input });
  for (const field of fields) {
    const key = field.__vModel__;
    if (Object.prototype.hasOwnProperty.call(input, key)) {
      changed.add(key);
      const read = readValue(field, input[key], scoped);
      if ('issue' in read) {
        // a stored value sent back as it was, refused only for its own shape by a check that came later, stays:
        // the record remains editable (a value no longer offered is still refused: what it depends on changed)
        if (SHAPE_ONLY.has(read.issue.key) && !isEmpty(previous[key]) && sameValue(input[key], previous[key])) {
          values[key] = previous[key];
          continue;
        }
        issues[key] = read.issue;
        continue;
      }
      if (read.value !== undefined) values[key] = read.value;
    } else if (!isEmpty(previous[key])) values[key] = previous[key];
    // a computed field is required of what it computes (recheckDerived), stored or not
    if (isRequired(field) && !serverWidgetOf(field).derived && isEmpty(values[key]))
      issues[key] = { key: m.required, params: { label: labelOf(field) } };
  }
  if (!rows) checkRuleBounds(fields, values, previous, issues, now);
  // computed fields once every value is read; the other fields' problems come first
  if (!rows && !Object.keys(issues).length) recheckDerived(fields, input, values, changed, issues, previous, whole);
  return { values, changed, issues };
}

/**
 * The whole form when the fields checked are only a caller's view of it (form permission): computed fields are
 * computed over the record as it will be stored, the fields and sub-table cells the caller cannot see included,
 * and every computed field of the form is computed again, the hidden ones too.
 */
export interface WholeRecord {
  /** every input field of the form, sub-tables with all their columns */
  fields: readonly FieldConfig[];
  /** the sub-tables the caller sees with some columns hidden: table → those columns */
  hiddenColumns: ReadonlyMap<string, readonly string[]>;
}

const isRow = (row: unknown): row is Values => !!row && typeof row === 'object' && !Array.isArray(row);

/**
 * A sub-table's rows as sent, each with the hidden columns of the row at the same position before (a new row
 * beyond the old ones has them empty): what a save under form permission keeps (formAccess.ts keepHiddenColumns).
 */
export function withHiddenCells(rows: readonly unknown[], before: unknown, hidden: readonly string[]): unknown[] {
  const old = Array.isArray(before) ? before : [];
  return rows.map((row, i) => {
    if (!isRow(row) || !isRow(old[i])) return row;
    const next = { ...row };
    for (const column of hidden) if (!isEmpty(old[i][column])) next[column] = old[i][column];
    return next;
  });
}

/** the record as it will be stored: the previous values, the checked fields' values over them */
function wholeValues(
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values,
  whole: WholeRecord,
): Values {
  const out: Values = { ...previous };
  for (const field of fields) {
    const key = field.__vModel__;
    if (Object.prototype.hasOwnProperty.call(values, key)) out[key] = values[key];
    else delete out[key];
  }
  for (const [table, hidden] of whole.hiddenColumns)
    if (changed.has(table) && Array.isArray(out[table]))
      out[table] = withHiddenCells(out[table] as unknown[], previous[table], hidden);
  return out;
}

/** a date or time picker's value is within the bounds its rules give for this record, or why it is refused */
function ruleBoundsIssue(field: FieldConfig, value: unknown, context: BoundContext): Issue | null {
  const inside =
    serverWidgetOfKey(field.__config__.jnpfKey).ruledBounds === 'date'
      ? typeof value !== 'number' || isDateInBounds(value, resolveDateBounds(field, context))
      : typeof value !== 'string' || isTimeInBounds(value, resolveTimeBounds(field, context));
  return inside ? null : { key: m.outOfBounds, params: { label: labelOf(field) } };
}

/** whether the value, or a field its bounds follow, is not what the record held before */
function boundsInputChanged(field: FieldConfig, value: unknown, was: unknown, now: BoundContext, before: BoundContext) {
  if (value !== was) return true;
  return boundRelations(field).some((relation) => relatedValue(relation, now) !== relatedValue(relation, before));
}

const isRuledPicker = (field: FieldConfig) =>
  serverWidgetOfKey(field.__config__.jnpfKey).ruledBounds !== undefined && hasBoundRules(field);

/**
 * Date and time pickers whose bounds follow rules (now, before or after now, another field of the record or of the
 * same sub-table row): a value is refused outside the bounds the server's clock and the record give. A value kept
 * as it was, with the fields it follows unchanged, stays: "now" moves on, but what was chosen then was allowed.
 */
function checkRuleBounds(
  fields: readonly FieldConfig[],
  values: Values,
  previous: Values,
  issues: Issues,
  now: number,
) {
  const here: BoundContext = { now, values, slack: BOUND_NOW_SLACK_MS };
  const before: BoundContext = { now, values: previous };
  for (const field of fields) {
    const key = field.__vModel__;
    if (issues[key]) continue;
    if (isRuledPicker(field)) {
      const value = values[key];
      if (isEmpty(value) || !boundsInputChanged(field, value, previous[key], here, before)) continue;
      const issue = ruleBoundsIssue(field, value, here);
      if (issue) issues[key] = issue;
      continue;
    }
    if (!isSubTableKey(field.__config__.jnpfKey)) continue;
    const columns = subTableColumns(field).filter(isRuledPicker);
    const rows = values[key];
    if (!columns.length || !Array.isArray(rows)) continue;
    const oldRows = Array.isArray(previous[key]) ? (previous[key] as unknown[]) : [];
    for (const [index, row] of (rows as Values[]).entries()) {
      const oldRow = (oldRows[index] && typeof oldRows[index] === 'object' ? oldRows[index] : {}) as Values;
      const cellNow: BoundContext = { ...here, table: key, row };
      const cellBefore: BoundContext = { ...before, table: key, row: oldRow };
      const bad = columns.find((column) => {
        const value = row[column.__vModel__];
        if (isEmpty(value) || !boundsInputChanged(column, value, oldRow[column.__vModel__], cellNow, cellBefore))
          return false;
        return ruleBoundsIssue(column, value, cellNow) !== null;
      });
      if (bad) {
        issues[key] = rowIssue(field, index, ruleBoundsIssue(bad, row[bad.__vModel__], cellNow)!, bad.__vModel__);
        break;
      }
    }
  }
}

const isRequired = (field: FieldConfig) => field.__config__.required === true && field.__config__.noShow !== true;

/**
 * re-checks one computed field (a main field, or a cell of row `rowIndex`) against the record's values as they
 * will be: the value to keep (undefined: none), or why it is refused
 */
function recheckOne(field: FieldConfig, derived: Derived, given: unknown, operands: Values, rowIndex?: number): Read {
  const read = derived.check(field, given, operands, rowIndex);
  if ('issue' in read) return read;
  if (isRequired(field) && isEmpty(derived.compute(field, operands, rowIndex)))
    return { issue: { key: m.required, params: { label: labelOf(field) } } };
  return read;
}

/**
 * re-checks (and stores, or drops) each computed sub-table cell, then each computed field, against the record's
 * values: a field's formula summing a computed column reads the cells as computed, stored or not. With `whole`
 * (a caller's view of the form), the values are the record as it will be stored and every computed field and
 * cell of the form is computed; a value the caller sent for one they see is taken when it is what the formula
 * gives over the whole record, or over the values their form holds (their form cannot compute with what it does
 * not hold): the value stored is the whole record's. One they do not see takes no input.
 */
function recheckDerived(
  fields: readonly FieldConfig[],
  input: Values,
  values: Values,
  changed: Set<string>,
  issues: Issues,
  previous: Values,
  whole?: WholeRecord,
): void {
  const all = whole?.fields ?? fields;
  const shown = new Set(fields.map((f) => f.__vModel__));
  // the values the caller's form holds, and the record as it will be stored (the same without `whole`)
  const seen = { ...values };
  const operands = whole ? wholeValues(fields, values, changed, previous, whole) : { ...values };
  const given = (from: unknown, key: string) =>
    from && typeof from === 'object' && Object.prototype.hasOwnProperty.call(from, key)
      ? (from as Values)[key]
      : undefined;
  /** the check over the whole record; a value sent that the caller's form computes is taken as the whole's */
  const recheck = (field: FieldConfig, d: Derived, sent: unknown, rowIndex?: number): Read => {
    const read = recheckOne(field, d, sent, operands, rowIndex);
    if (!whole || !('issue' in read) || isEmpty(sent) || 'issue' in d.check(field, sent, seen, rowIndex)) return read;
    return recheckOne(field, d, undefined, operands, rowIndex);
  };
  for (const field of all) {
    const key = field.__vModel__;
    const rows = operands[key];
    if (!isSubTableKey(field.__config__.jnpfKey) || !Array.isArray(rows)) continue;
    const computed = subTableColumns(field).flatMap((column) => {
      const d = serverWidgetOf(column).derived;
      return d ? [{ column, derived: d }] : [];
    });
    if (!computed.length) continue;
    const hidden = whole?.hiddenColumns.get(key) ?? [];
    // the rows sent are checked against what they hold; rows kept from before are computed afresh
    const sent = shown.has(key) && Array.isArray(input[key]) ? (input[key] as unknown[]) : null;
    const out = rows.map((row) => ({ ...(row as Values) }));
    const asComputed = rows.map((row) => ({ ...(row as Values) }));
    const seenRows =
      whole && Array.isArray(seen[key]) ? (seen[key] as unknown[]).map((row) => ({ ...(row as Values) })) : null;
    for (const [index, row] of out.entries()) {
      for (const { column, derived: d } of computed) {
        const vModel = column.__vModel__;
        const cell = sent && !hidden.includes(vModel) ? given(sent[index], vModel) : undefined;
        const read = recheck(column, d, cell, index);
        if ('issue' in read) {
          issues[key] ??= rowIssue(field, index, read.issue, vModel);
          continue;
        }
        if (read.value === undefined) delete row[vModel];
        else row[vModel] = read.value;
        asComputed[index]![vModel] = d.compute(column, operands, index);
        if (seenRows?.[index]) seenRows[index]![vModel] = d.compute(column, seen, index);
      }
    }
    operands[key] = asComputed;
    if (seenRows) seen[key] = seenRows;
    // a sub-table the caller cannot see is written only when its computed cells change
    if (!shown.has(key) && sameValue(out, previous[key])) continue;
    values[key] = out;
    changed.add(key);
  }
  for (const field of all) {
    const key = field.__vModel__;
    const derived = serverWidgetOf(field).derived;
    if (!derived) continue;
    const read = recheck(field, derived, shown.has(key) ? given(input, key) : undefined);
    // a field the caller cannot see is written only when its value changes
    if (!shown.has(key) && !('issue' in read) && sameValue(read.value, previous[key])) continue;
    changed.add(key);
    if ('issue' in read) issues[key] = read.issue;
    else if (read.value === undefined) delete values[key];
    else values[key] = read.value;
  }
}
