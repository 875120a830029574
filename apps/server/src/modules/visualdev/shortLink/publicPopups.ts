// The rows the popup fields of a visitor's form read (表单外链): popup select, popup table select and autoComplete
// call their data interface through the link instead of the signed-in DataInterface calls. What is read is the
// design's, never the visitor's: the interface, propsValue, relationField and the shown columns come from the
// field in the released form; a parameter the design binds to a field (or to the typed "@keyword") takes the
// visitor's value, every other parameter the design's own (a system variable resolves to nothing: there is no
// signed-in user). Each row answers only the columns the popup shows: its propsValue, relationField, its
// columnOptions and the fields the form's popup attributes show of it.
// A relation form (关联表单) of the visitor's form lists the records of the released form it links to the same
// way: only its relationField, columnOptions and the fields its relation-form attributes show, as the visitor's
// list rows (shown values, no raw ids, people without accounts); masked fields stay masked.
import {
  activeSubTableChooser,
  chooserCopiedFields,
  interfaceParamList,
  isAutoCompleteKey,
  isPopupAttrKey,
  isPopupPickKey,
  isRelationAttrKey,
  isRelationFormKey,
  isSubTableKey,
  PARAM_SOURCE,
  subTableColumns,
  type FieldConfig,
} from '@jnpf/core';
import { z } from 'zod';
import type { Language } from '@jnpf/core';
import type { AppContext } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import {
  dataInterfaceMessages,
  interfaceById,
  listPage,
  MAX_ROWS,
  resolvedParamValues,
  rowsByIds,
  type CallContext,
} from '../../dataInterface/index.js';
import { runtimeModel, type Model } from '../runtime/model.js';
import { popupKeys, popupTemplate } from '../runtime/popupFields.js';
import { listRecords } from '../runtime/records.js';
import { pickerModel } from '../runtime/relationForm.js';
import { relationKeys } from '../runtime/relationRecords.js';
import { publicRow } from './shortLinks.js';

const KEYWORD_VARIABLE = '@keyword';

/** a parameter value the visitor gives: a plain value, as a form field holds */
const paramValue = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(200), z.number()])).max(500),
]);
const visitorParams = z
  .array(z.object({ field: z.string().max(100), defaultValue: paramValue.optional() }).passthrough())
  .max(50)
  .default([]);

/** which popup of the form: its record key, and the sub-table it is a column of (absent: a field of the form) */
const fieldRef = {
  field: z.string().trim().min(1).max(64),
  table: z.string().trim().max(64).optional(),
};

export const publicPopupListBody = z.object({
  ...fieldRef,
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ROWS).default(20),
  keyword: z.string().trim().max(200).default(''),
  paramList: visitorParams,
});

export const publicPopupIdsBody = z.object({
  ...fieldRef,
  ids: z.array(z.union([z.string().max(200), z.number()])).max(500),
  paramList: visitorParams,
});

export const publicRelationQuery = z.object({
  ...fieldRef,
  currentPage: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ROWS).default(20),
  keyword: z.string().trim().max(200).default(''),
});

const readsInterface = (f: FieldConfig) =>
  isPopupPickKey(f.__config__.jnpfKey) || isAutoCompleteKey(f.__config__.jnpfKey);
const readsForm = (f: FieldConfig) => isRelationFormKey(f.__config__.jnpfKey);

/**
 * a sub-table's select-data dialog as the popup it is: a popup select over its interface, or a relation form over
 * its design, reading also the record fields its rows copy; null when rows are not added through one
 */
function chooserAsPopup(table: FieldConfig): { field: FieldConfig; copied: string[] } | null {
  const chooser = activeSubTableChooser(table);
  if (!chooser) return null;
  const jnpfKey = chooser.modelId ? 'relationForm' : 'popupSelect';
  const { label, formId } = table.__config__;
  const field = {
    ...chooser.raw,
    // the source as the chooser reads it (a stale key of the other source is not)
    interfaceId: chooser.interfaceId,
    modelId: chooser.modelId,
    __vModel__: table.__vModel__,
    __config__: { jnpfKey, label, formId },
  };
  return { field: field as FieldConfig, copied: chooserCopiedFields(chooser) };
}

/**
 * the popup field of the visitor's form named `field` (a column of sub-table `table` when given) and the fields
 * beside it (its popup attributes are among them); refused when the visitor's form has no such popup
 */
export function publicPopupField(
  model: Model,
  ref: { field: string; table?: string | undefined },
  reads: (f: FieldConfig) => boolean = readsInterface,
): { field: FieldConfig; siblings: FieldConfig[]; copied: string[] } {
  let siblings: FieldConfig[] = model.fields;
  if (ref.table) {
    const table = model.byVModel.get(ref.table);
    if (!table || !isSubTableKey(table.__config__.jnpfKey)) throw refuse('notFound');
    siblings = subTableColumns(table);
  }
  const found = siblings.find((f) => f.__vModel__ === ref.field);
  const chooser = !ref.table && found && isSubTableKey(found.__config__.jnpfKey) ? chooserAsPopup(found) : null;
  const field = chooser ? chooser.field : found;
  if (!field || !reads(field)) throw refuse('notFound');
  if (reads === readsInterface && !popupKeys(field).interfaceId) throw refuse('notFound');
  // the chooser's columns are the dialog's own: no attribute field follows it
  return chooser ? { field, siblings: [], copied: chooser.copied } : { field, siblings, copied: [] };
}

/** the row fields a popup's columns show (columnOptions) */
const columnsOf = (field: FieldConfig): string[] =>
  (Array.isArray(field.columnOptions) ? field.columnOptions : [])
    .map((c) => (c && typeof c === 'object' ? (c as { value?: unknown }).value : null))
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim());

/** the row fields a visitor reads of this popup: its value and label, its columns, its attributes' shown fields */
function shownColumns(field: FieldConfig, siblings: readonly FieldConfig[], copied: readonly string[]): string[] {
  const keys = popupKeys(field);
  if (isAutoCompleteKey(field.__config__.jnpfKey)) return [keys.relationField];
  const columns = columnsOf(field);
  const attrs = siblings
    .filter((f) => isPopupAttrKey(f.__config__.jnpfKey) && f.relationField === field.__vModel__)
    .map((f) => (typeof f.showField === 'string' ? f.showField : ''))
    .filter(Boolean);
  return [...new Set([keys.propsValue, keys.relationField, ...columns, ...attrs, ...copied])];
}

/** the design's parameters, with the visitor's values where the design binds a field or the typed keyword */
function paramsOf(field: FieldConfig, given: z.infer<typeof visitorParams>) {
  const bindings = popupTemplate(field) ?? [];
  const byName = new Map(given.map((p) => [p.field, p.defaultValue]));
  const design = interfaceParamList(bindings, {});
  return design.map((item, i) => {
    const binding = bindings.filter((b) => b && typeof b.field === 'string' && b.field)[i];
    const fromVisitor =
      Number(binding?.sourceType ?? PARAM_SOURCE.literal) === PARAM_SOURCE.field ||
      binding?.relationField === KEYWORD_VARIABLE ||
      binding?.defaultValue === KEYWORD_VARIABLE;
    return fromVisitor ? { field: item.field, defaultValue: byName.get(item.field) ?? '' } : item;
  });
}

const project = (row: Record<string, unknown>, columns: readonly string[]) =>
  Object.fromEntries(columns.filter((c) => Object.hasOwn(row, c)).map((c) => [c, row[c]]));

async function callableInterface(app: AppContext, id: string) {
  const row = await interfaceById(app.db, id);
  if (!row) throw refuse('notFound');
  if (row.enabledMark !== 1) throw refuse(dataInterfaceMessages.disabled);
  return row;
}

/** no signed-in user: system variables resolve to nothing */
const visitorCall = (app: AppContext): CallContext => ({ app, caller: null });

/** one page of a visitor popup's rows, only its shown columns */
export async function publicPopupPage(app: AppContext, model: Model, body: z.infer<typeof publicPopupListBody>) {
  const { field, siblings, copied } = publicPopupField(model, body);
  const keys = popupKeys(field);
  const columns = shownColumns(field, siblings, copied);
  const ctx = visitorCall(app);
  const row = await callableInterface(app, keys.interfaceId);
  const result = await listPage(
    ctx,
    row,
    { params: await resolvedParamValues(ctx, paramsOf(field, body.paramList)) },
    {
      page: { currentPage: body.currentPage, pageSize: body.pageSize, keyword: body.keyword },
      // the keyword searches what the popup shows: its label and columns
      searchFields: [...new Set([keys.relationField, ...columnsOf(field)])],
    },
  );
  return { ...result, list: result.list.map((r) => project(r as Record<string, unknown>, columns)) };
}

/** the rows of stored ids of a visitor popup, only its shown columns */
export async function publicPopupRows(app: AppContext, model: Model, body: z.infer<typeof publicPopupIdsBody>) {
  const { field, siblings, copied } = publicPopupField(model, body);
  if (isAutoCompleteKey(field.__config__.jnpfKey)) throw refuse('notFound');
  const keys = popupKeys(field);
  const columns = shownColumns(field, siblings, copied);
  const ctx = visitorCall(app);
  const row = await callableInterface(app, keys.interfaceId);
  const ids = body.ids.map(String).filter(Boolean);
  const rows = await rowsByIds(
    ctx,
    row,
    { params: await resolvedParamValues(ctx, paramsOf(field, body.paramList)) },
    keys.propsValue,
    ids,
  );
  return (rows as Record<string, unknown>[]).map((r) => project(r, columns));
}

/** one page of the records a relation form of the visitor's form offers, only the columns it shows */
export async function publicRelationPage(
  app: AppContext,
  model: Model,
  query: z.infer<typeof publicRelationQuery>,
  lang: Language,
) {
  const { field, siblings, copied } = publicPopupField(model, query, readsForm);
  const { modelId, relationField } = relationKeys(field);
  if (!modelId) throw refuse('notFound');
  const columns = [
    ...columnsOf(field),
    ...siblings
      .filter((f) => isRelationAttrKey(f.__config__.jnpfKey) && f.relationField === field.__vModel__)
      .map((f) => (typeof f.showField === 'string' ? f.showField : ''))
      .filter(Boolean),
    ...copied,
  ];
  const allowed = new Set([relationField, ...columns].filter(Boolean));
  const related = pickerModel(
    await runtimeModel(app, modelId, false),
    { relationField, columnOptions: columns },
    allowed,
  );
  const request = {
    keyword: query.keyword,
    currentPage: query.currentPage,
    pageSize: query.pageSize,
    query: {},
    sidx: '',
    sort: 'desc' as const,
    dataType: '0' as const,
    masksInClear: false,
  };
  const page = await listRecords(app, related, request, null, lang);
  const fields = related.columns.map((c) => related.byVModel.get(c.prop)!);
  return { ...page, list: page.list.map((row) => publicRow(fields, row as Record<string, unknown>)) };
}
