// The conditions and order of a records list: the keyword box (over the search items marked isKeyword), the
// search form's queryJson ({prop: value}; searchType 1 equal, 2 fuzzy, 3 range [from, to]) and the sort column.
// Option fields are searched by their labels; fields showing a data interface's row by label or stored value.
// Every field name and value is a bound parameter; a sort column must be one of the list's columns.
// A masked field (useMask) is searched only by one whole value at a time, and never sorted by, unless the caller
// reads it in clear: a substring, range, order or list of candidates would let one who sees "138****5678" probe the
// hidden digits.
// A user picker offering the system variable (hasSys) searched by "currentUser" finds the records holding the
// variable and those naming the caller (currentUserId, given only for such a search: the kept answers are keyed by
// the request).
import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import {
  isDynamicOptionField,
  isRangeSlider,
  isListableKey,
  listTypeOf,
  parseMixedPick,
  pickerHasSystemUser,
  SYSTEM_USER_ID,
  type FieldConfig,
  type SearchItem,
} from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import { containsPattern } from '../../../platform/paging.js';
import type { Issues } from '../issues.js';
import type { LabelSearch } from './labelSearch.js';
import { m } from '../messages.js';
import type { Model } from './model.js';
import { isOptionField, valuesLabelled, type OptionLists } from './options.js';
import { isEmpty, isMaskedField, isMultiple, serverWidgetOf } from './values.js';

const jsonOf = (prop: string) => sql`(${visualRecord.data} -> ${prop}::text)`;
const textOf = (prop: string) => sql`(${visualRecord.data} ->> ${prop}::text)`;
/** the value as a number when it is one (CASE keeps the cast from ever seeing text) */
const numberOf = (prop: string) =>
  sql`(case when jsonb_typeof(${jsonOf(prop)}) = 'number' then (${textOf(prop)})::numeric end)`;

/** one end (0 low, 1 high) of a stored pair as a number when it is one */
const pairEndOf = (prop: string, end: 0 | 1) =>
  sql`(case when jsonb_typeof(${jsonOf(prop)} -> ${end}::int) = 'number' then (${jsonOf(prop)} ->> ${end}::int)::numeric end)`;

const never = sql`false`;

const scalarText = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : typeof v === 'boolean'
        ? v
          ? '1'
          : '0'
        : null;

/** the record's value is one of these (for multi-value fields: holds one of them) */
export function equalsAny(field: FieldConfig, values: string[]): SQL {
  if (!values.length) return never;
  const prop = field.__vModel__;
  if (isMultiple(field)) return or(...values.map((v) => sql`${jsonOf(prop)} @> ${JSON.stringify([v])}::jsonb`))!;
  return or(...values.map((v) => sql`${textOf(prop)} = ${v}`))!;
}

function fuzzy(field: FieldConfig, text: string, options: OptionLists, labels?: LabelSearch, exact = false): SQL {
  // a masked field the caller reads masked: the whole value only
  if (exact && isMaskedField(field)) return equalsAny(field, [text]);
  if (isOptionField(field) && !isDynamicOptionField(field))
    return equalsAny(field, valuesLabelled(options.get(field.__vModel__), text));
  const stored = sql`${textOf(field.__vModel__)} ilike ${containsPattern(text)}`;
  // a field showing an interface row's label: the label or the stored value
  const labelled = labels?.(field, text);
  return labelled ? or(labelled, stored)! : stored;
}

/**
 * A range slider's search: a range [from, to] finds the pairs that overlap it (high ≥ from, low ≤ to), one number
 * the pairs holding it; either end of the search may be left open.
 */
function pairSearch(field: FieldConfig, from: unknown, to: unknown): SQL | null {
  const parts: SQL[] = [];
  for (const [bound, end, op] of [
    [from, 1, sql`>=`],
    [to, 0, sql`<=`],
  ] as const) {
    if (isEmpty(bound)) continue;
    const text = scalarText(bound);
    const n = text === null || text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(n)) return null;
    parts.push(sql`${pairEndOf(field.__vModel__, end)} ${op} ${n}::numeric`);
  }
  return parts.length ? and(...parts)! : sql`true`;
}

function range(field: FieldConfig, raw: unknown): SQL | null {
  if (!Array.isArray(raw) || raw.length !== 2) return null;
  if (isRangeSlider(field)) return pairSearch(field, raw[0], raw[1]);
  const numeric = serverWidgetOf(field).numeric !== undefined;
  const parts: SQL[] = [];
  for (const [bound, op] of [
    [raw[0], sql`>=`],
    [raw[1], sql`<=`],
  ] as const) {
    if (isEmpty(bound)) continue;
    const text = scalarText(bound);
    if (text === null) return null;
    if (numeric) {
      const n = Number(text);
      if (!Number.isFinite(n)) return null;
      parts.push(sql`${numberOf(field.__vModel__)} ${op} ${n}::numeric`);
    } else parts.push(sql`${textOf(field.__vModel__)} ${op} ${text}`);
  }
  return parts.length ? and(...parts)! : sql`true`;
}

/** the most ids one searched path holds, and the most paths or entries one search names */
const PATH_MAX = 50;
const SEARCHED_MAX = 100;

const isPathId = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= 200;
const isPath = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.length <= PATH_MAX && v.every(isPathId);

/** the paths a path search names: one path of ids from the top, or a list of paths; null for anything else */
function searchedPaths(raw: unknown): string[][] | null {
  if (isPath(raw)) return [raw];
  return Array.isArray(raw) && raw.length <= SEARCHED_MAX && raw.every(isPath) ? raw : null;
}

/** a stored path (jsonb) that starts with `path`: the path itself or one below it */
const startsWith = (stored: SQL, path: string[]) =>
  and(...path.map((id, i) => sql`(${stored} ->> ${i}::int) = ${id}`))!;

/** the record's path (with `multiple`, one of its paths) starts with one of these */
function pathCondition(field: FieldConfig, paths: string[][]): SQL {
  const stored = jsonOf(field.__vModel__);
  if (field.multiple !== true) return or(...paths.map((path) => startsWith(stored, path)))!;
  const held = sql`jsonb_array_elements(case when jsonb_typeof(${stored}) = 'array' then ${stored} else '[]'::jsonb end)`;
  const matches = or(...paths.map((path) => startsWith(sql`held.path`, path)))!;
  return sql`exists (select 1 from ${held} as held(path) where ${matches})`;
}

/** an equal search of a widget searched by its own shape (searchedAs); null when the value is not of it */
function searchedAsCondition(field: FieldConfig, as: 'path' | 'mixedPick', raw: unknown): SQL | null {
  if (as === 'path') {
    const paths = searchedPaths(raw);
    return paths ? pathCondition(field, paths) : null;
  }
  const entries = Array.isArray(raw) ? raw : [raw];
  if (!entries.length || entries.length > SEARCHED_MAX || !entries.every((e) => parseMixedPick(e))) return null;
  return equalsAny(field, entries as string[]);
}

function searchCondition(
  search: SearchItem,
  field: FieldConfig,
  raw: unknown,
  options: OptionLists,
  labels: LabelSearch | undefined,
  exact: boolean,
  currentUserId?: string,
): SQL | null {
  const type = Number(search.searchType);
  const searchedAs = serverWidgetOf(field).searchedAs;
  if (searchedAs) return type === 1 ? searchedAsCondition(field, searchedAs, raw) : null;
  // a range over a masked text would bisect its hidden characters
  if (type === 3) return exact && isMaskedField(field) ? null : range(field, raw);
  const values = (Array.isArray(raw) ? raw : [raw]).map(scalarText);
  if (values.some((v) => v === null)) return null;
  const texts = (values as string[]).filter((v) => v !== '');
  // so would a list of candidates (half of them, then half of the half …): one whole value at a time
  if (exact && isMaskedField(field) && texts.length > 1) return null;
  if (isRangeSlider(field)) {
    if (type === 2) return null;
    const held = texts.map((v) => pairSearch(field, v, v));
    if (held.some((c) => c === null)) return null;
    return held.length ? or(...(held as SQL[]))! : sql`true`;
  }
  if (type === 2) return texts.length ? or(...texts.map((v) => fuzzy(field, v, options, labels, exact)))! : sql`true`;
  // the system variable stands for the caller too
  if (currentUserId && pickerHasSystemUser(field) && texts.includes(SYSTEM_USER_ID))
    return equalsAny(field, [...texts, currentUserId]);
  return equalsAny(field, texts);
}

/** the field a node of a left-tree list (type 2) filters by, when the design names a listable one */
export function treeRelationOf(model: Model): FieldConfig | undefined {
  if (listTypeOf(model.list) !== 2 || typeof model.list.treeRelation !== 'string') return undefined;
  const field = model.byVModel.get(model.list.treeRelation);
  return field && isListableKey(field.__config__.jnpfKey) ? field : undefined;
}

/**
 * The records a chosen tree node stands for: the relation field holds the node's value, alone or in its list
 * (an organisation path holds every organisation above it, so a company takes in its departments' records).
 * The node is one id, or an organisation path whose last id is the node; anything else is refused (null).
 */
export function treeNodeCondition(field: FieldConfig, raw: unknown): SQL | null {
  const path = Array.isArray(raw) ? raw : [raw];
  if (!path.length || path.length > 50 || path.some((v) => typeof v !== 'string' || !v || v.length > 200)) return null;
  const node = path[path.length - 1] as string;
  const prop = field.__vModel__;
  return or(
    sql`${textOf(prop)} = ${node}`,
    sql`${jsonOf(prop)} @> ${JSON.stringify([node])}::jsonb`,
    sql`${jsonOf(prop)} @> ${JSON.stringify([[node]])}::jsonb`,
  )!;
}

export interface ListFilter {
  keyword: string;
  /** {prop: value}, already parsed */
  query: Record<string, unknown>;
  /**
   * the caller reads masked fields in clear (may edit the records), so searches them as any other; otherwise a
   * masked field matches only its whole value and cannot be searched by range
   */
  masksInClear?: boolean;
  /** the caller, when a search names the system variable currentUser (withCurrentUser) */
  currentUserId?: string;
}

/** the filter with the caller beside it when one of its searches names the system variable currentUser */
export function withCurrentUser<T extends ListFilter>(filter: T, userId: string): T {
  const names = (v: unknown): boolean => v === SYSTEM_USER_ID || (Array.isArray(v) && v.includes(SYSTEM_USER_ID));
  return Object.values(filter.query).some(names) && userId ? { ...filter, currentUserId: userId } : filter;
}

/** whether masked fields are searched (and sorted) as the caller reads them masked */
const exactMasks = (filter: Pick<ListFilter, 'masksInClear'>) => filter.masksInClear !== true;

/** the filter conditions, and the search keys that could not be read */
export function listWhere(
  model: Model,
  filter: ListFilter,
  options: OptionLists,
  labels?: LabelSearch,
): { where: SQL[]; issues: Issues } {
  const where: SQL[] = [];
  const issues: Issues = {};
  if (filter.keyword) {
    const keywordFields = model.searches.filter((s) => s.isKeyword === true).map((s) => model.byVModel.get(s.prop)!);
    if (keywordFields.length)
      where.push(or(...keywordFields.map((f) => fuzzy(f, filter.keyword, options, labels, exactMasks(filter))))!);
  }
  const tree = treeRelationOf(model);
  for (const [prop, raw] of Object.entries(filter.query)) {
    if (isEmpty(raw)) continue;
    if (tree && prop === tree.__vModel__) {
      const condition = treeNodeCondition(tree, raw);
      if (condition) where.push(condition);
      else issues[prop] = { key: m.queryInvalid };
      continue;
    }
    const search = model.searches.find((s) => s.prop === prop);
    if (!search) {
      issues[prop] = { key: m.queryUnknown, params: { prop } };
      continue;
    }
    const field = model.byVModel.get(prop)!;
    const condition = searchCondition(search, field, raw, options, labels, exactMasks(filter), filter.currentUserId);
    if (condition) where.push(condition);
    else if (exactMasks(filter) && isMaskedField(field) && Number(search.searchType) === 3)
      issues[prop] = { key: m.maskedRange, params: { label: search.label || prop } };
    else if (exactMasks(filter) && isMaskedField(field) && Array.isArray(raw) && raw.length > 1)
      issues[prop] = { key: m.maskedMany, params: { label: search.label || prop } };
    else issues[prop] = { key: m.searchInvalid, params: { label: search.label || prop } };
  }
  return { where, issues };
}

/**
 * The order: the list column the caller picked; when the caller picked none, the design's default column;
 * otherwise (or for anything that is not a column) newest first.
 */
export function listOrder(model: Model, sidx: string, sort: 'asc' | 'desc', masksInClear = false): SQL[] {
  // a masked column orders nothing for a caller who reads it masked (its order would tell the hidden text apart)
  const sortable = (prop: string) => {
    const field = model.byVModel.get(prop);
    return masksInClear || !field || !isMaskedField(field);
  };
  const isColumn = (prop: string | undefined) => !!prop && model.columns.some((c) => c.prop === prop) && sortable(prop);
  const [prop, direction] = isColumn(sidx)
    ? [sidx, sort]
    : !sidx && isColumn(model.list.defaultSidx)
      ? [model.list.defaultSidx!, model.list.sort === 'asc' ? 'asc' : 'desc']
      : [null, 'desc'];
  // newest first, spelled as base_visual_record_model_idx is ordered (both columns are never null)
  if (!prop) return [sql`${visualRecord.creatorTime} desc nulls last`, sql`${visualRecord.id} desc nulls last`];
  return direction === 'asc'
    ? [sql`${jsonOf(prop)} asc nulls last`, asc(visualRecord.id)]
    : [sql`${jsonOf(prop)} desc nulls last`, desc(visualRecord.id)];
}
