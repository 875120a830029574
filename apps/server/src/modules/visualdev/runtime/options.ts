// The options of a model's radio, checkbox and select fields: the static ones of the design, or the items of a
// dictionary (read through the dictionary module). Values are compared as strings; a dictionary item's value is
// its id, or its code when the field's props say value "enCode". Disabled items still show their label on old
// records but are no longer accepted as input.
import { fieldsWithColumns, isTreeOptionKey, type FieldConfig } from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { keptDictionary, type KeptDictionary } from '../../dictionary/index.js';
import { optionKeys, usesDictionary } from '../design/designCheck.js';
import { serverWidgetOf } from './values.js';

export interface OptionList {
  /** value → label, every known option */
  labels: ReadonlyMap<string, string>;
  /** values input may take */
  allowed: ReadonlySet<string>;
  /** each value's parent value ('' at the top): the tree of a cascader's or tree select's options */
  parents: ReadonlyMap<string, string>;
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
