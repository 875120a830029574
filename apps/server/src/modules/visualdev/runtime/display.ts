// What a record's values look like to people (list cells, DataChange, export): option values become their
// labels, switches their texts, dates follow the field's format, system fields show user, organisation and
// position names. Dates are formatted in the server's time zone, as the reference does.
import {
  amountValueText,
  calculatedValueText,
  cascadeValueText,
  dateValueText,
  formatEpochMs,
  isDirectoryPickerKey,
  locationValueText,
  numberRangeValueText,
  sliderValueText,
  optionValueText,
  subTableColumns,
  switchValueText,
  maskValue,
  timeValueText,
  toDayjsFormat,
  type FieldConfig,
  type Language,
  type OnlineFieldKey,
} from '@jnpf/core';
import { t } from '../../../platform/i18n.js';
import { m } from '../messages.js';
import type { OptionLists } from './options.js';
import { areaText } from './areas.js';
import { mixedPickerText, pickerText, type PickerNames } from './pickers.js';
import { popupAttrText, popupLabel, type PopupRows } from './popupFields.js';
import { relationAttrText, relationText, type RelationRows } from './relationRecords.js';
import { isEmpty, isMaskedField, serverWidgetOf, withComputedCells, type Values } from './values.js';

export interface NameLookups {
  /** a user's display name ("name/account"), '' when unknown */
  user(id: string): string;
  /** an organisation's name, or its path ("HQ/Sales") when the field shows every level */
  organize(id: string, fullPath: boolean): string;
  /** the name of a position the record's creator held */
  position(id: string, creatorUserId: string | null): string;
}

export interface DisplayContext {
  options: OptionLists;
  names: NameLookups;
  /** the names behind the ids of picker fields */
  pickers?: PickerNames;
  /** the names of the areas area fields name, by id */
  areas?: ReadonlyMap<string, string>;
  /** the data-interface rows of the ids popup fields hold, by field */
  popups?: ReadonlyMap<string, PopupRows>;
  /** the related records relation forms hold, as their forms show them, by field */
  relations?: RelationRows;
  lang: Language;
}

/** epoch ms in a dayjs-style format (YYYY MM DD HH mm ss SSS), server local time */
export const formatMs = formatEpochMs;

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * one non-empty value as shown; creatorUserId resolves the position a record's creator held; record: the
 * record's values (a field shown from another's)
 */
type Display = (
  field: FieldConfig,
  raw: unknown,
  ctx: DisplayContext,
  creatorUserId: string | null,
  record: Values,
) => unknown;

/** the value itself */
const asStored: Display = (_field, raw) => raw;

/** the label of an option value of the field, from its option list */
const labelsOf = (field: FieldConfig, ctx: DisplayContext) => {
  const labels = ctx.options.get(field.__vModel__)?.labels;
  return (value: string) => labels?.get(value);
};

/** an option value (or several) as its label */
const optionLabels: Display = (field, raw, ctx) => optionValueText(raw, labelsOf(field, ctx));

/** a path of options as its labels joined by "/" (or only the last), several paths joined by "," */
const cascadeLabels: Display = (field, raw, ctx) => cascadeValueText(field, raw, labelsOf(field, ctx));

const switchText: Display = (field, raw, ctx) =>
  switchValueText(field, raw, { on: t(ctx.lang, m.switchOn), off: t(ctx.lang, m.switchOff) });

const dateText: Display = (field, raw) => dateValueText(field, raw);

/** a time of day ("HH:mm:ss" as stored, or epoch ms) in the field's format (HH mm ss; default HH:mm:ss) */
export const timeText = (field: FieldConfig, raw: unknown): string => timeValueText(field, raw);

const systemTimeText: Display = (field, raw) =>
  typeof raw === 'number' ? formatMs(raw, toDayjsFormat(field.format, DATE_TIME)) : String(raw);

/** the names of the organisations, users … a picker names */
const pickedNames: Display = (field, raw, ctx) => {
  const key = field.__config__.jnpfKey;
  return isDirectoryPickerKey(key) ? pickerText(ctx.pickers, key, raw) : raw;
};

const userName: Display = (_field, raw, ctx) => ctx.names.user(String(raw));

/**
 * each row as shown (a computed cell not stored as its formula gives it for that row); no rows (none stored, a
 * sub-table added to the form since) is an empty list, never '', as the reference's detail gives it (print data
 * and the form read the same list). A sub-table is not a list column, so only forms, details, print and export
 * meet this
 */
const rowsShown: Display = (field, raw, ctx, _creator, record) => {
  const columns = subTableColumns(field);
  return Array.isArray(raw)
    ? raw.map((row, rowIndex) =>
        displayRecord(columns, row && typeof row === 'object' ? (row as Values) : {}, ctx, null, { record, rowIndex }),
      )
    : [];
};

/** the ids of a popup select as the label field of their rows (an id the interface no longer gives as it is) */
const popupLabels: Display = (field, raw, ctx) => popupLabel(field, raw, ctx.popups?.get(field.__vModel__));

/** a popup attribute: the shown field of the row picked in its popup select, else what it stored (isStorage) */
const popupAttrShown: Display = (field, raw, ctx, _creator, record) =>
  popupAttrText(field, record, ctx.popups ?? new Map()) || (isEmpty(raw) ? '' : raw);
/** a relation form's record id as the related record's relationField (an id not found as it is) */
const relationShown: Display = (field, raw, ctx) => relationText(field, raw, ctx.relations);
/** a relation-form attribute: the showField of the record its relation form holds */
const relationAttrShown: Display = (field, _raw, ctx, _creator, record) =>
  relationAttrText(field, record, ctx.relations);
/** displays that show something when the field itself holds nothing (a sub-table: its empty list) */
const SHOWN_WHEN_EMPTY: ReadonlySet<Display> = new Set([popupAttrShown, relationAttrShown, rowsShown]);

/** how each widget's value is shown, by jnpfKey: a Record over every key, so a widget without one does not compile */
const DISPLAYS: Readonly<Record<OnlineFieldKey, Display>> = {
  input: asStored,
  textarea: asStored,
  inputNumber: asStored,
  switch: switchText,
  radio: optionLabels,
  checkbox: optionLabels,
  select: optionLabels,
  cascader: cascadeLabels,
  datePicker: dateText,
  timePicker: timeText,
  uploadFile: asStored,
  uploadImg: asStored,
  uploadFz: asStored,
  colorPicker: asStored,
  rate: asStored,
  slider: sliderValueText,
  editor: asStored,
  billRule: asStored,
  organizeSelect: pickedNames,
  depSelect: pickedNames,
  posSelect: pickedNames,
  userSelect: pickedNames,
  roleSelect: pickedNames,
  groupSelect: pickedNames,
  areaSelect: (field, raw, ctx) => areaText(ctx.areas, field, raw),
  treeSelect: optionLabels,
  popupSelect: popupLabels,
  popupTableSelect: popupLabels,
  autoComplete: asStored,
  popupAttr: popupAttrShown,
  amount: amountValueText,
  numRange: numberRangeValueText,
  calculate: calculatedValueText,
  sign: asStored,
  location: locationValueText,
  usersSelect: (field, raw, ctx) => mixedPickerText(ctx.pickers, field, raw),
  relationForm: relationShown,
  relationFormAttr: relationAttrShown,
  table: rowsShown,
  createUser: userName,
  createTime: systemTimeText,
  modifyUser: userName,
  modifyTime: systemTimeText,
  currOrganize: (field, raw, ctx) => ctx.names.organize(String(raw), field.showLevel === 'all'),
  currPosition: (_field, raw, ctx, creatorUserId) => ctx.names.position(String(raw), creatorUserId),
  groupTitle: asStored,
  divider: asStored,
  text: asStored,
  alert: asStored,
  row: asStored,
  card: asStored,
  tab: asStored,
  collapse: asStored,
  tableGrid: asStored,
  barcode: asStored,
  qrcode: asStored,
  iframe: asStored,
  button: asStored,
  link: asStored,
};

/**
 * one value as shown, masked when its field asks (so the clear text never leaves in a list, detail, export or
 * print); creatorUserId resolves the position a record's creator held
 */
export function displayValue(
  field: FieldConfig,
  raw: unknown,
  ctx: DisplayContext,
  creatorUserId: string | null,
  record: Values = {},
): unknown {
  const key = field.__config__.jnpfKey;
  const display = Object.hasOwn(DISPLAYS, key) ? DISPLAYS[key] : asStored;
  if (isEmpty(raw) && !SHOWN_WHEN_EMPTY.has(display)) return '';
  const shown = display(field, raw, ctx, creatorUserId, record);
  return isMaskedField(field) ? maskValue(shown, field.maskConfig) : shown;
}

/**
 * every field's display value, by __vModel__; `row`: the fields are a sub-table's columns and `data` the row
 * `rowIndex` of that record
 */
export function displayRecord(
  fields: readonly FieldConfig[],
  data: Values,
  ctx: DisplayContext,
  creatorUserId: string | null,
  row?: { record: Values; rowIndex: number },
): Values {
  // a computed field not stored (calculate without isStorage) is shown as its formula gives it, over the
  // sub-tables' computed cells as computed
  let operands: Values | null = null;
  const valueOf = (f: FieldConfig) => {
    const raw = data[f.__vModel__];
    const derived = serverWidgetOf(f).derived;
    if (!derived || !isEmpty(raw)) return raw;
    if (row) return derived.compute(f, row.record, row.rowIndex);
    operands ??= withComputedCells(fields, data);
    return derived.compute(f, operands);
  };
  return Object.fromEntries(fields.map((f) => [f.__vModel__, displayValue(f, valueOf(f), ctx, creatorUserId, data)]));
}
