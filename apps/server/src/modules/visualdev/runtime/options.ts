// The options of a model's radio, checkbox and select fields: the static ones of the design, or the items of a
// dictionary (read through the dictionary module). Values are compared as strings; a dictionary item's value is
// its id, or its code when the field's props say value "enCode". Disabled items still show their label on old
// records but are no longer accepted as input.
import {
  boundFieldsOf,
  fieldsWithColumns,
  interfaceParamList,
  isDynamicOptionField,
  isSubTableKey,
  isTreeOptionKey,
  subTableColumns,
  type FieldConfig,
  type Language,
} from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { AppError, refuse } from '../../../platform/errors.js';
import { t } from '../../../platform/i18n.js';
import {
  executeInterface,
  interfaceById,
  resolvedParamValues,
  rowsByIds,
  type CallContext,
  type Caller,
} from '../../dataInterface/index.js';
import { keptDictionary, type KeptDictionary } from '../../dictionary/index.js';
import { optionKeys, usesDictionary } from '../design/designCheck.js';
import { labelOf } from '../issues.js';
import { m } from '../messages.js';
import { isPopupPickField, popupTemplate } from './popupFields.js';
import { isEmpty, serverWidgetOf, type Values } from './values.js';

export interface OptionList {
  /** value → label, every known option */
  labels: ReadonlyMap<string, string>;
  /** values input may take */
  allowed: ReadonlySet<string>;
  /** each value's parent value ('' at the top): the tree of a cascader's or tree select's options */
  parents: ReadonlyMap<string, string>;
  /**
   * the values input may take in a record (or a sub-table row with its record's values beside it) of these
   * values, when they depend on it: a dynamic field whose interface parameters read other fields offers each
   * record what its own parameters give, not what another record's or row's did
   */
  allowedFor?: (values: Values) => ReadonlySet<string>;
}
export type OptionLists = ReadonlyMap<string, OptionList>;

export const isOptionField = (field: FieldConfig) => serverWidgetOf(field).hasOptions === true;

/** the options of a dictionary, or undefined when the dictionary does not exist */
async function dictionaryOptions(app: AppContext, idOrCode: string, valueKey: string): Promise<OptionList | undefined> {
  const kept = await keptDictionary(app, idOrCode);
  if (!kept) return undefined;
  let lists = dictionaryLists.get(kept);
  if (!lists) dictionaryLists.set(kept, (lists = new Map()));
  let list = lists.get(valueKey);
  if (!list) lists.set(valueKey, (list = dictionaryList(kept.items, valueKey)));
  return list;
}

/** option lists built from a kept dictionary, by value key: built once while the dictionary is kept */
const dictionaryLists = new WeakMap<KeptDictionary, Map<string, OptionList>>();

function dictionaryList(items: KeptDictionary['items'], valueKey: string): OptionList {
  const valueOf = (item: (typeof items)[number]) => (valueKey === 'enCode' ? item.enCode : item.id);
  const byId = new Map(items.map((item) => [item.id, item]));
  const parentOf = (item: (typeof items)[number]) => {
    const parent = byId.get(item.parentId);
    return parent ? valueOf(parent) : '';
  };
  return {
    labels: new Map(items.map((item) => [valueOf(item), item.fullName])),
    allowed: new Set(items.filter((item) => item.enabledMark === 1).map(valueOf)),
    parents: new Map(items.map((item) => [valueOf(item), parentOf(item)])),
  };
}

/** the static options of a field, built once per field object (kept models keep their fields) */
const staticLists = new WeakMap<FieldConfig, OptionList>();

function staticOptions(field: FieldConfig): OptionList {
  let list = staticLists.get(field);
  if (!list) staticLists.set(field, (list = buildStaticOptions(field)));
  return list;
}

function buildStaticOptions(field: FieldConfig): OptionList {
  const keys = optionKeys(field);
  const labels = new Map<string, string>();
  const parents = new Map<string, string>();
  // tree options nest under their `children`; a flat list is a tree of one level
  const visit = (list: unknown, parent: string) => {
    for (const option of Array.isArray(list) ? list : []) {
      const record = option as Record<string, unknown>;
      const value = record?.[keys.value];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      labels.set(String(value), String(record[keys.label] ?? ''));
      parents.set(String(value), parent);
      if (isTreeOptionKey(field.__config__.jnpfKey)) visit(record[keys.children], String(value));
    }
  };
  visit(field.options, '');
  return { labels, allowed: new Set(labels.keys()), parents };
}

const EMPTY: OptionList = { labels: new Map(), allowed: new Set(), parents: new Map() };

/** the option list of every option field of these fields, by __vModel__ (each dictionary read once) */
export async function loadOptions(app: AppContext, fields: readonly FieldConfig[]): Promise<OptionLists> {
  const out = new Map<string, OptionList>();
  const dictionaries = new Map<string, Promise<OptionList | undefined>>();
  for (const field of fieldsWithColumns(fields).filter(isOptionField)) {
    // a dynamic field's options depend on the record (loadDynamicOptions)
    if (isDynamicOptionField(field)) {
      out.set(field.__vModel__, EMPTY);
      continue;
    }
    if (!usesDictionary(field)) {
      out.set(field.__vModel__, staticOptions(field));
      continue;
    }
    const idOrCode = String(field.__config__.dictionaryType ?? '');
    const valueKey = optionKeys(field).value;
    const cacheKey = `${idOrCode}\u0000${valueKey}`;
    let loading = dictionaries.get(cacheKey);
    if (!loading) {
      loading = idOrCode ? dictionaryOptions(app, idOrCode, valueKey) : Promise.resolve(undefined);
      dictionaries.set(cacheKey, loading);
    }
    out.set(field.__vModel__, (await loading) ?? EMPTY);
  }
  return out;
}

/** the values whose label contains the text (the keyword box and fuzzy search of option fields) */
export function valuesLabelled(list: OptionList | undefined, text: string): string[] {
  if (!list) return [];
  const needle = text.toLowerCase();
  return [...list.labels].filter(([, label]) => label.toLowerCase().includes(needle)).map(([value]) => value);
}

// ------------------------------------------------------------------------------------- dynamic options

/** the records' values a dynamic field's options are read for, and who reads them (null: no user variables) */
export interface DynamicRead {
  records: readonly Values[];
  caller: Caller | null;
  /** a failed interface call: refuse (a save) rather than show the stored values (a list) */
  strict: boolean;
  lang: Language;
}

/** the values a field holds in a record, as strings (a cascader's paths flattened) */
function storedValues(field: FieldConfig, raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const flat = Array.isArray(raw) ? raw.flat(2) : [raw];
  return flat.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
}

/**
 * The options of dynamic fields for these records: each field's interface called once per distinct set of
 * parameter values (a parameter bound to another field takes that record's value). Flat fields ask only for the
 * values held (InfoByIds); tree fields read the whole tree to know each option's parent.
 */
export async function loadDynamicOptions(
  app: AppContext,
  fields: readonly FieldConfig[],
  read: DynamicRead,
): Promise<Map<string, OptionList>> {
  const out = new Map<string, OptionList>();
  const ctx: CallContext = { app, caller: read.caller };
  // sub-table rows read their columns' values with the main record's beside them
  const subTables = fields.filter((f) => isSubTableKey(f.__config__.jnpfKey));
  const records = read.records.flatMap((record) => [
    record,
    ...subTables.flatMap((table) => {
      const rows = record[table.__vModel__];
      return Array.isArray(rows)
        ? rows.filter((r): r is Values => !!r && typeof r === 'object').map((r) => ({ ...record, ...r }))
        : [];
    }),
  ]);
  for (const field of fieldsWithColumns(fields).filter((f) => isOptionField(f) && isDynamicOptionField(f))) {
    const keys = optionKeys(field);
    const tree = isTreeOptionKey(field.__config__.jnpfKey);
    const labels = new Map<string, string>();
    const parents = new Map<string, string>();
    // records grouped by their parameter values: one call per group
    const groups = new Map<
      string,
      { paramList: ReturnType<typeof interfaceParamList>; values: Set<string>; offered: Set<string> }
    >();
    for (const record of records) {
      const held = storedValues(field, record[field.__vModel__]);
      if (!held.length) continue;
      const paramList = interfaceParamList(field.__config__.templateJson, record);
      const key = JSON.stringify(paramList);
      const group = groups.get(key) ?? { paramList, values: new Set<string>(), offered: new Set<string>() };
      held.forEach((v) => group.values.add(v));
      groups.set(key, group);
    }
    try {
      const row = groups.size ? await interfaceById(app.db, String(field.__config__.propsUrl ?? '')) : undefined;
      if (groups.size && (!row || row.enabledMark !== 1)) throw new Error('interface missing or disabled');
      for (const group of [...groups.values()].slice(0, MAX_PARAM_GROUPS)) {
        const params = await resolvedParamValues(ctx, group.paramList);
        if (tree) {
          const visit = (list: unknown, parent: string) => {
            for (const option of Array.isArray(list) ? list : []) {
              const record = option as Record<string, unknown>;
              const value = record?.[keys.value];
              if (typeof value !== 'string' && typeof value !== 'number') continue;
              labels.set(String(value), String(record[keys.label] ?? ''));
              parents.set(String(value), parent);
              group.offered.add(String(value));
              visit(record[keys.children], String(value));
            }
          };
          const data = await executeInterface(ctx, row!, { params });
          visit(Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list, '');
        } else {
          for (const r of await rowsByIds(ctx, row!, { params }, keys.value, [...group.values])) {
            labels.set(String(r[keys.value]), String(r[keys.label] ?? ''));
            parents.set(String(r[keys.value]), '');
            group.offered.add(String(r[keys.value]));
          }
        }
      }
    } catch (err) {
      if (read.strict) throw refuse(m.optionsUnavailable, { label: labelOf(field), reason: reasonOf(err, read.lang) });
      app.log.warn({ err, field: field.__vModel__ }, 'dynamic options could not be read; stored values shown');
    }
    const allowed = new Set(labels.keys());
    // parameters that read fields: each record or row may take only what its own parameters offered (one set
    // per parameter values); past the calls a page may make, the values offered to any of them
    const bound = boundFieldsOf(field.__config__.templateJson).length > 0 && groups.size <= MAX_PARAM_GROUPS;
    const allowedFor = bound
      ? (values: Values) =>
          groups.get(JSON.stringify(interfaceParamList(field.__config__.templateJson, values)))?.offered ??
          new Set<string>()
      : undefined;
    out.set(field.__vModel__, { labels, allowed, parents, ...(allowedFor ? { allowedFor } : {}) });
  }
  return out;
}

/** at most this many calls per field for a page of records (distinct parameter sets) */
const MAX_PARAM_GROUPS = 50;

/** why a call failed, in the caller's language (a platform refusal), or the error's own text */
const reasonOf = (err: unknown, lang: Language) =>
  err instanceof AppError
    ? t(lang, err.key, err.params as Record<string, string | number> | undefined)
    : err instanceof Error
      ? err.message
      : String(err);

/** the option lists with the dynamic fields' lists put in */
export function withDynamic(options: OptionLists, dynamic: ReadonlyMap<string, OptionList>): OptionLists {
  if (!dynamic.size) return options;
  return new Map([...options, ...dynamic]);
}

/** do these fields have a field of dynamic options */
export const hasDynamicOptions = (fields: readonly FieldConfig[]) =>
  fieldsWithColumns(fields).some((f) => isOptionField(f) && isDynamicOptionField(f));

/** the fields a field's interface parameters read: a dynamic option field's or a popup select's bindings */
function fieldsReadBy(field: FieldConfig): string[] {
  if (isOptionField(field) && isDynamicOptionField(field)) return boundFieldsOf(field.__config__.templateJson);
  if (isPopupPickField(field)) return boundFieldsOf(popupTemplate(field));
  return [];
}

/**
 * The kept values an update must check again although the input leaves them: those of the fields (or sub-tables
 * holding columns) whose interface parameters read a field the input changes. A value the interface offered
 * under the old parameters may no longer be offered; sent again with the input, it is checked as if re-entered.
 */
export function keptValuesToRecheck(fields: readonly FieldConfig[], input: Values, current: Values): Values {
  const same = (key: string) => JSON.stringify(input[key] ?? null) === JSON.stringify(current[key] ?? null);
  const changed = new Set(Object.keys(input).filter((key) => !same(key)));
  if (!changed.size) return {};
  const reads = (field: FieldConfig) => fieldsReadBy(field).some((bound) => changed.has(bound));
  const out: Values = {};
  for (const field of fields) {
    const key = field.__vModel__;
    if (!key || Object.prototype.hasOwnProperty.call(input, key) || isEmpty(current[key])) continue;
    const table = isSubTableKey(field.__config__.jnpfKey);
    if (table ? subTableColumns(field).some(reads) : reads(field)) out[key] = current[key];
  }
  return out;
}
