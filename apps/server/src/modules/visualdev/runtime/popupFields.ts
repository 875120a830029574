// The values of the fields that pick rows of a data interface — popup select and popup table select (the row's
// propsValue field is stored; multiple keeps a list) — and of autoComplete (free text suggested by the interface),
// with popup attribute fields showing a field of the row picked in their popup select (relationField).
// Written to be called from the per-key value checks and the list/detail display:
//   readPopupValue   the stored form of an input value (shape only, no call)
//   loadPopupRows    the interface rows of the values held by a page of records: one InfoByIds call per field and
//                    distinct set of parameter values (a parameter bound to another field takes that record's value)
//   popupIssue       a stored value checked against those rows (an id the interface does not give is refused)
//   checkPopupRecord a record's popup values read and checked (save path)
//   withPopupLabels  records with each popup field's label (raw value kept as <field>_id) and each popup
//                    attribute's shown field (list and detail)
import {
  interfaceParamList,
  isAutoCompleteKey,
  isPopupAttrKey,
  isPopupPickKey,
  isSubTableKey,
  POPUP_PICK_KEYS as PICK_KEYS,
  type FieldConfig,
  type Language,
} from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { AppError, refuse } from '../../../platform/errors.js';
import { t } from '../../../platform/i18n.js';
import {
  interfaceById,
  resolvedParamValues,
  rowsByIds,
  type CallContext,
  type Caller,
} from '../../dataInterface/index.js';
import { labelOf, rowIssue, type Issue, type Issues } from '../issues.js';
import { m } from '../messages.js';
import type { Values } from './values.js';

/** the keys whose value is the id (propsValue) of a row of the interface */
export const POPUP_PICK_KEYS: ReadonlySet<string> = new Set<string>(PICK_KEYS);

/** the most ids a multiple popup keeps, and the longest id */
export const POPUP_IDS_MAX = 500;
export const POPUP_ID_LENGTH_MAX = 200;
/** the longest autoComplete text when the field sets no maxlength */
export const AUTO_COMPLETE_TEXT_MAX = 10_000;
/**
 * at most this many InfoByIds calls per field for a page of records (distinct parameter sets); one record (a save,
 * a detail) is read whole: each of its sub-table rows may bind a parameter to a cell of its own
 */
export const POPUP_PARAM_GROUPS_MAX = 50;
/** how many of those calls run at once */
const POPUP_CALLS_AT_ONCE = 8;

export const isPopupPickField = (field: FieldConfig) => isPopupPickKey(field.__config__.jnpfKey);
export const isAutoCompleteField = (field: FieldConfig) => isAutoCompleteKey(field.__config__.jnpfKey);
export const isPopupAttrField = (field: FieldConfig) => isPopupAttrKey(field.__config__.jnpfKey);

/** a sub-table's columns (its children with a record key) */
const columnsOf = (table: FieldConfig): FieldConfig[] =>
  (Array.isArray(table.__config__.children) ? table.__config__.children : []).filter(
    (c) => !!c?.__config__ && !!c.__vModel__,
  );

/** the fields and every sub-table's columns */
const withColumns = (fields: readonly FieldConfig[]): FieldConfig[] =>
  fields.flatMap((f) => (isSubTableKey(f.__config__.jnpfKey) ? [f, ...columnsOf(f)] : [f]));

/** the popup config keys this module reads (component props beside __config__, as the reference designer puts them) */
export interface PopupKeys {
  interfaceId: string;
  /** the row field stored as the value */
  propsValue: string;
  /** the row field shown as the label */
  relationField: string;
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

export function popupKeys(field: FieldConfig): PopupKeys {
  return {
    interfaceId: text(field.interfaceId, ''),
    propsValue: text(field.propsValue, 'id'),
    relationField: text(field.relationField, 'fullName'),
  };
}

/** the parameter bindings of a popup field (templateJson beside __config__, or inside it as option fields keep it) */
export function popupTemplate(field: FieldConfig) {
  const own = field.templateJson;
  const bindings = Array.isArray(own) ? own : field.__config__.templateJson;
  return Array.isArray(bindings) ? (bindings as Parameters<typeof interfaceParamList>[0]) : [];
}

export const isMultiplePopup = (field: FieldConfig) => isPopupPickField(field) && field.multiple === true;

type Read = { value: unknown } | { issue: Issue };

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const asId = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v !== '' && v.length <= POPUP_ID_LENGTH_MAX) return v;
  return null;
};

/**
 * The stored form of an input value of a popup select, popup table select or autoComplete: one id (single), a list
 * of distinct ids (multiple; a single id is taken as a list of one), or the text; undefined when empty.
 */
export function readPopupValue(field: FieldConfig, raw: unknown): Read {
  const label = labelOf(field);
  const mismatch: Read = { issue: { key: m.typeMismatch, params: { label } } };
  if (isBlank(raw)) return { value: undefined };
  if (isAutoCompleteField(field)) {
    if (typeof raw !== 'string' && typeof raw !== 'number') return mismatch;
    const value = String(raw);
    const max = typeof field.maxlength === 'number' && field.maxlength > 0 ? field.maxlength : AUTO_COMPLETE_TEXT_MAX;
    if ([...value].length > max) return { issue: { key: m.tooLong, params: { label, max } } };
    return { value };
  }
  if (!isPopupPickField(field)) return mismatch;
  if (isMultiplePopup(field)) {
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length > POPUP_IDS_MAX) return mismatch;
    const ids = list.map(asId);
    if (ids.some((id) => id === null)) return mismatch;
    return { value: [...new Set(ids as string[])] };
  }
  const id = asId(raw);
  return id === null ? mismatch : { value: id };
}

/** the ids a stored popup value holds */
export function popupIds(raw: unknown): string[] {
  if (isBlank(raw)) return [];
  return (Array.isArray(raw) ? raw : [raw]).map(asId).filter((id): id is string => id !== null);
}

/** the interface rows of a popup field, by their propsValue as text */
export type PopupRows = ReadonlyMap<string, Record<string, unknown>>;

export interface PopupRead {
  records: readonly Values[];
  /** whose system variables the interface parameters take (null: a visitor or an outside system) */
  caller: Caller | null;
  /** a failed interface call: refuse (a save) rather than show the stored values (a list) */
  strict: boolean;
  lang: Language;
}

/** a record with each sub-table row's values beside the main record's (a column's parameters read both) */
function withSubTableRows(fields: readonly FieldConfig[], records: readonly Values[]): Values[] {
  const tables = fields.filter((f) => isSubTableKey(f.__config__.jnpfKey));
  return records.flatMap((record) => [
    record,
    ...tables.flatMap((table) => {
      const rows = record[table.__vModel__];
      return Array.isArray(rows)
        ? rows.filter((r): r is Values => !!r && typeof r === 'object').map((r) => ({ ...record, ...r }))
        : [];
    }),
  ]);
}

/** why a call failed, in the caller's language (a platform refusal), or the error's own text */
const reasonOf = (err: unknown, lang: Language) =>
  err instanceof AppError
    ? t(lang, err.key, err.params as Record<string, string | number> | undefined)
    : err instanceof Error
      ? err.message
      : String(err);

/**
 * The rows of every popup select and popup table select of these fields (sub-table columns included) for the values
 * the records hold, by __vModel__. A field whose interface is missing, disabled or failing gets no rows (its values
 * then show as stored), or refuses with optionsUnavailable when `strict`.
 */
export async function loadPopupRows(
  app: AppContext,
  fields: readonly FieldConfig[],
  read: PopupRead,
  /** filled with the rows each call gave: by __vModel__, then by its parameters (paramsKey) */
  byParams?: Map<string, Map<string, PopupRows>>,
): Promise<Map<string, PopupRows>> {
  const out = new Map<string, PopupRows>();
  const ctx: CallContext = { app, caller: read.caller };
  const records = withSubTableRows(fields, read.records);
  for (const field of withColumns(fields).filter(isPopupPickField)) {
    const keys = popupKeys(field);
    const rows = new Map<string, Record<string, unknown>>();
    out.set(field.__vModel__, rows);
    const groups = new Map<string, { paramList: ReturnType<typeof interfaceParamList>; ids: Set<string> }>();
    for (const record of records) {
      const held = popupIds(record[field.__vModel__]);
      if (!held.length) continue;
      const paramList = interfaceParamList(popupTemplate(field), record);
      const key = JSON.stringify(paramList);
      const group = groups.get(key) ?? { paramList, ids: new Set<string>() };
      held.forEach((id) => group.ids.add(id));
      groups.set(key, group);
    }
    if (!groups.size) continue;
    try {
      const row = keys.interfaceId ? await interfaceById(app.db, keys.interfaceId) : undefined;
      if (!row || row.enabledMark !== 1) throw refuse(m.interfaceRequired, { label: labelOf(field) });
      const all = [...groups.entries()];
      const needed = read.records.length > 1 ? all.slice(0, POPUP_PARAM_GROUPS_MAX) : all;
      const given = new Map<string, PopupRows>();
      byParams?.set(field.__vModel__, given);
      for (let start = 0; start < needed.length; start += POPUP_CALLS_AT_ONCE) {
        const found = await Promise.all(
          needed.slice(start, start + POPUP_CALLS_AT_ONCE).map(async ([key, group]) => {
            const params = await resolvedParamValues(ctx, group.paramList);
            const answer = await rowsByIds(ctx, row, { params }, keys.propsValue, [...group.ids]);
            given.set(key, new Map(answer.map((r) => [String(r[keys.propsValue]), r])));
            return answer;
          }),
        );
        for (const r of found.flat()) rows.set(String(r[keys.propsValue]), r);
      }
    } catch (err) {
      if (read.strict) throw refuse(m.optionsUnavailable, { label: labelOf(field), reason: reasonOf(err, read.lang) });
      app.log.warn({ err, field: field.__vModel__ }, 'popup rows could not be read; stored values shown');
    }
  }
  return out;
}

/** a stored popup value checked against the rows read for it: every id must be a row the interface gives */
export function popupIssue(field: FieldConfig, value: unknown, rows: PopupRows | undefined): Issue | null {
  if (!isPopupPickField(field)) return null;
  const ids = popupIds(value);
  if (ids.every((id) => rows?.has(id))) return null;
  return { key: m.notAnOption, params: { label: labelOf(field) } };
}

/** the parameters a popup field's interface is called with for this record (or a sub-table row over it) */
const paramsKey = (field: FieldConfig, record: Values) =>
  JSON.stringify(interfaceParamList(popupTemplate(field), record));

/**
 * The popup values a save checks against their interfaces: those of `values` (a record, its sub-table rows as
 * they are) that `previous` did not hold under the same parameters. A main field keeps the ids it held; a
 * sub-table cell the ids some row of its table held in that column (rows have no identity). A value whose
 * parameters changed is checked again in full.
 */
function addedPopupValues(fields: readonly FieldConfig[], values: Values, previous: Values): Values {
  const out: Values = { ...values };
  const added = (field: FieldConfig, value: unknown, held: (id: string) => boolean) => {
    if (!isPopupPickField(field)) return value;
    const ids = popupIds(value).filter((id) => !held(id));
    return ids.length ? ids : undefined;
  };
  for (const field of fields) {
    const key = field.__vModel__;
    if (isSubTableKey(field.__config__.jnpfKey)) {
      const rows = values[key];
      if (!Array.isArray(rows)) continue;
      const before = (Array.isArray(previous[key]) ? (previous[key] as unknown[]) : [])
        .filter((r): r is Values => !!r && typeof r === 'object' && !Array.isArray(r))
        .map((r) => ({ ...previous, ...r }));
      const columns = columnsOf(field).filter(isPopupPickField);
      out[key] = rows.map((row) => {
        if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
        const copy = { ...(row as Values) };
        const here = { ...values, ...copy };
        for (const column of columns) {
          const params = paramsKey(column, here);
          const kept = new Set(
            before
              .filter((old) => paramsKey(column, old) === params)
              .flatMap((old) => popupIds(old[column.__vModel__])),
          );
          copy[column.__vModel__] = added(column, copy[column.__vModel__], (id) => kept.has(id));
        }
        return copy;
      });
      continue;
    }
    if (!isPopupPickField(field)) continue;
    const kept = new Set(paramsKey(field, previous) === paramsKey(field, values) ? popupIds(previous[key]) : []);
    out[key] = added(field, values[key], (id) => kept.has(id));
  }
  return out;
}

/**
 * A record's popup and autoComplete values (main fields and sub-table columns) read into their stored form and
 * checked against the interface for the record's parameters: the stored record and the issues by field (a
 * sub-table's first refused cell under the table, naming its row and column). Fields of other keys are left as
 * they are. Only the ids the record did not hold before (`previous`, under the same parameters) are checked, as
 * pickers are: a record keeps the rows it picked, gone since or not given to this caller.
 */
export async function checkPopupRecord(
  app: AppContext,
  fields: readonly FieldConfig[],
  record: Values,
  read: Omit<PopupRead, 'records' | 'strict'>,
  previous: Values = {},
): Promise<{ values: Values; issues: Issues }> {
  const issues: Issues = {};
  const values: Values = { ...record };
  type Put = (field: FieldConfig, issue: Issue) => void;
  /** a sub-table's first refused cell, under the table: "明细第2行：条目的值不在选项中" */
  const inRow =
    (table: FieldConfig, index: number): Put =>
    (field, issue) =>
      (issues[table.__vModel__] ??= rowIssue(table, index, issue, field.__vModel__));
  const own = (list: readonly FieldConfig[], target: Values, put: Put) => {
    for (const field of list) {
      if (!(isPopupPickField(field) || isAutoCompleteField(field)) || !(field.__vModel__ in target)) continue;
      const result = readPopupValue(field, target[field.__vModel__]);
      if ('issue' in result) put(field, result.issue);
      else target[field.__vModel__] = result.value;
    }
  };
  own(fields, values, (f, issue) => (issues[f.__vModel__] = issue));
  for (const table of fields.filter((f) => isSubTableKey(f.__config__.jnpfKey))) {
    const rows = values[table.__vModel__];
    if (!Array.isArray(rows)) continue;
    const columns = columnsOf(table);
    values[table.__vModel__] = rows.map((row, index) => {
      if (!row || typeof row !== 'object') return row;
      const copy = { ...(row as Values) };
      own(columns, copy, inRow(table, index));
      return copy;
    });
  }
  if (Object.keys(issues).length) return { values, issues };
  const added = addedPopupValues(fields, values, previous);
  const byParams = new Map<string, Map<string, PopupRows>>();
  const rows = await loadPopupRows(app, fields, { ...read, records: [added], strict: true }, byParams);
  for (const field of fields.filter(isPopupPickField)) {
    const issue = popupIssue(field, added[field.__vModel__], rows.get(field.__vModel__));
    if (issue) issues[field.__vModel__] = issue;
  }
  for (const table of fields.filter((f) => isSubTableKey(f.__config__.jnpfKey))) {
    const tableRows = added[table.__vModel__];
    const columns = columnsOf(table).filter(isPopupPickField);
    if (!Array.isArray(tableRows)) continue;
    tableRows.forEach((row, index) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return;
      for (const column of columns) {
        // a cell's ids must be given for its own row's parameters, not only for another row's
        const given = byParams.get(column.__vModel__)?.get(paramsKey(column, { ...added, ...(row as Values) }));
        const issue = popupIssue(column, (row as Values)[column.__vModel__], given);
        if (issue) inRow(table, index)(column, issue);
      }
    });
  }
  return { values, issues };
}

/** the label of a stored popup value: each id's row's relationField ("," between), an unknown id as it is */
export function popupLabel(field: FieldConfig, value: unknown, rows: PopupRows | undefined): string {
  const { relationField } = popupKeys(field);
  return popupIds(value)
    .map((id) => {
      const row = rows?.get(id);
      const shown = row?.[relationField];
      return shown === undefined || shown === null ? id : String(shown);
    })
    .join(',');
}

/** what a popup attribute shows: its showField of the row(s) picked in its popup select ("," between) */
export function popupAttrText(attr: FieldConfig, record: Values, rowsByField: ReadonlyMap<string, PopupRows>): string {
  const popup = text(attr.relationField, '');
  const showField = text(attr.showField, '');
  if (!popup || !showField) return '';
  const rows = rowsByField.get(popup);
  return popupIds(record[popup])
    .map((id) => rows?.get(id)?.[showField])
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map(String)
    .join(',');
}

/**
 * Records as a list or detail shows them: each popup field's value replaced by its label with the raw value kept as
 * "<field>_id", and each popup attribute (main fields) given its shown text. Sub-table columns get labels too.
 */
export function withPopupLabels(
  fields: readonly FieldConfig[],
  records: readonly Values[],
  rowsByField: ReadonlyMap<string, PopupRows>,
): Values[] {
  const label = (list: readonly FieldConfig[], source: Values): Values => {
    const out: Values = { ...source };
    for (const field of list) {
      if (isPopupPickField(field) && !isBlank(source[field.__vModel__])) {
        out[`${field.__vModel__}_id`] = source[field.__vModel__];
        out[field.__vModel__] = popupLabel(field, source[field.__vModel__], rowsByField.get(field.__vModel__));
      } else if (isPopupAttrField(field)) {
        const shown = popupAttrText(field, source, rowsByField);
        // a stored attribute (isStorage) keeps its own value when the row is not known now
        const key = field.__vModel__ || `${text(field.relationField, '')}_${text(field.showField, '')}`;
        if (shown || !field.__vModel__) out[key] = shown;
      }
    }
    return out;
  };
  const tables = fields.filter((f) => isSubTableKey(f.__config__.jnpfKey));
  return records.map((record) => {
    const out = label(fields, record);
    for (const table of tables) {
      const rows = record[table.__vModel__];
      const columns = columnsOf(table);
      if (Array.isArray(rows))
        out[table.__vModel__] = rows.map((row) =>
          row && typeof row === 'object' ? label(columns, row as Values) : row,
        );
    }
    return out;
  });
}

/** do these fields (sub-table columns included) have a popup select or popup table select */
export const hasPopupFields = (fields: readonly FieldConfig[]) => withColumns(fields).some(isPopupPickField);
