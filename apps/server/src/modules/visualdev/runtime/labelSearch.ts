// The keyword box and fuzzy search of a list over fields whose labels come from a data interface: option fields
// of dataType "dynamic" and popup selects store a row's value (an id) and show its label, so a search for the
// label asks the interface for the rows whose label field contains the text. When the interface's parameters
// read other fields of the record, it is asked once per distinct set of those fields' values among the model's
// records, and each answer holds only for records with that set.
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  boundFieldsOf,
  interfaceParamList,
  isDynamicOptionField,
  isTreeOptionKey,
  type FieldConfig,
  type InterfaceParamBinding,
} from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import {
  executeInterface,
  interfaceById,
  listPage,
  MAX_ROWS,
  resolvedParamValues,
  type CallContext,
  type Caller,
} from '../../dataInterface/index.js';
import { optionKeys } from '../design/designCheck.js';
import { equalsAny, type ListFilter } from './listQuery.js';
import type { Model } from './model.js';
import { isOptionField } from './options.js';
import { isPopupPickField, popupKeys, popupTemplate } from './popupFields.js';
import type { Values } from './values.js';

/** at most this many interface calls per field and text (distinct values of the fields its parameters read) */
const MAX_GROUPS = 50;

/** the condition "the field holds a value whose label contains the text", by field and text */
export type LabelSearch = (field: FieldConfig, text: string) => SQL | undefined;

interface Source {
  interfaceId: string;
  bindings: readonly InterfaceParamBinding[];
  valueKey: string;
  labelKey: string;
  childrenKey: string | null;
}

/** where a field's labels come from, or null when they do not come from an interface */
function sourceOf(field: FieldConfig): Source | null {
  if (isOptionField(field) && isDynamicOptionField(field)) {
    const keys = optionKeys(field);
    return {
      interfaceId: String(field.__config__.propsUrl ?? ''),
      bindings: Array.isArray(field.__config__.templateJson) ? field.__config__.templateJson : [],
      valueKey: keys.value,
      labelKey: keys.label,
      childrenKey: isTreeOptionKey(field.__config__.jnpfKey) ? keys.children : null,
    };
  }
  if (isPopupPickField(field)) {
    const keys = popupKeys(field);
    return {
      interfaceId: keys.interfaceId,
      bindings: popupTemplate(field) ?? [],
      valueKey: keys.propsValue,
      labelKey: keys.relationField,
      childrenKey: null,
    };
  }
  return null;
}

/** the fields and texts a list request searches by label */
function searchedTexts(model: Model, filter: ListFilter): Map<FieldConfig, Set<string>> {
  const out = new Map<FieldConfig, Set<string>>();
  const add = (field: FieldConfig | undefined, text: unknown) => {
    if (!field || !sourceOf(field) || typeof text !== 'string' || !text) return;
    out.set(field, (out.get(field) ?? new Set()).add(text));
  };
  if (filter.keyword)
    for (const s of model.searches.filter((s) => s.isKeyword === true)) add(model.byVModel.get(s.prop), filter.keyword);
  for (const [prop, raw] of Object.entries(filter.query)) {
    const search = model.searches.find((s) => s.prop === prop);
    if (!search || Number(search.searchType) !== 2) continue;
    for (const text of Array.isArray(raw) ? raw : [raw]) add(model.byVModel.get(prop), text);
  }
  return out;
}

const jsonOf = (prop: string) => sql`(${visualRecord.data} -> ${prop}::text)`;
/** a bound field's value as its parameter takes it: missing and null are '' */
const boundOf = (prop: string) => sql`coalesce(nullif(${jsonOf(prop)}, 'null'::jsonb), '""'::jsonb)`;

/** the distinct values of the bound fields among the model's records (at most MAX_GROUPS + 1) */
async function boundGroups(app: AppContext, model: Model, bound: readonly string[]): Promise<Values[]> {
  if (!bound.length) return [{}];
  const rows = await app.db
    .selectDistinct({ values: sql<unknown[]>`jsonb_build_array(${sql.join(bound.map(boundOf), sql`, `)})` })
    .from(visualRecord)
    .where(eq(visualRecord.modelId, model.id))
    .limit(MAX_GROUPS + 1);
  return rows.map((r) => {
    const list = typeof r.values === 'string' ? (JSON.parse(r.values) as unknown[]) : r.values;
    return Object.fromEntries(bound.map((name, i) => [name, list[i]]));
  });
}

/** the values of the interface's rows (a tree's nodes at every level) whose label contains the text */
async function valuesLabelled(ctx: CallContext, source: Source, params: Record<string, unknown>, text: string) {
  const row = await interfaceById(ctx.app.db, source.interfaceId);
  if (!row || row.enabledMark !== 1) throw new Error('interface missing or disabled');
  const needle = text.toLowerCase();
  const values: string[] = [];
  if (source.childrenKey) {
    const childrenKey = source.childrenKey;
    const visit = (list: unknown) => {
      for (const option of Array.isArray(list) ? list : []) {
        const record = option as Record<string, unknown>;
        const value = record?.[source.valueKey];
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        if (
          String(record[source.labelKey] ?? '')
            .toLowerCase()
            .includes(needle)
        )
          values.push(String(value));
        visit(record[childrenKey]);
      }
    };
    const data = await executeInterface(ctx, row, { params });
    visit(Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list);
    return values;
  }
  const page = await listPage(
    ctx,
    row,
    { params },
    { page: { currentPage: 1, pageSize: MAX_ROWS, keyword: text }, searchFields: [source.labelKey] },
  );
  for (const r of page.list) {
    const value = r[source.valueKey];
    // an interface that pages itself may ignore the keyword: the label is checked here as well
    if (
      (typeof value === 'string' || typeof value === 'number') &&
      String(r[source.labelKey] ?? '')
        .toLowerCase()
        .includes(needle)
    )
      values.push(String(value));
  }
  return values;
}

/**
 * The label conditions of a list request, read before its SQL is built. An interface that cannot be read leaves
 * the field searched by its stored value alone (logged), as its labels are then not shown either.
 */
export async function labelSearches(
  app: AppContext,
  model: Model,
  filter: ListFilter,
  caller: Caller | null,
): Promise<LabelSearch> {
  const found = new Map<FieldConfig, Map<string, SQL>>();
  const ctx: CallContext = { app, caller };
  for (const [field, texts] of searchedTexts(model, filter)) {
    const source = sourceOf(field)!;
    const byText = new Map<string, SQL>();
    try {
      const bound = [...new Set(boundFieldsOf(source.bindings))];
      const groups = await boundGroups(app, model, bound);
      if (groups.length > MAX_GROUPS)
        app.log.warn({ field: field.__vModel__ }, 'label search: too many parameter sets, the first ones searched');
      for (const text of texts) {
        const parts: SQL[] = [];
        for (const group of groups.slice(0, MAX_GROUPS)) {
          const params = await resolvedParamValues(ctx, interfaceParamList(source.bindings, group));
          const values = await valuesLabelled(ctx, source, params, text);
          if (!values.length) continue;
          const same = bound.map((name) => sql`${boundOf(name)} = ${JSON.stringify(group[name] ?? '')}::jsonb`);
          parts.push(and(...same, equalsAny(field, values))!);
        }
        byText.set(text, parts.length ? or(...parts)! : sql`false`);
      }
    } catch (err) {
      app.log.warn({ err, field: field.__vModel__ }, 'label search: the interface could not be read');
      continue;
    }
    found.set(field, byText);
  }
  return (field, text) => found.get(field)?.get(text);
}
