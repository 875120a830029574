// The values of relation-form fields (关联表单): the id of a record of another released form (modelId), shown by
// that record's relationField, and of relation-form attributes (关联表单属性), which show another field
// (showField) of the record their relation form (relationField) holds and store nothing.
//   readRelationValue  the stored form of an input value (one id; shape only)
//   relationIssues     on save: each id set must be a record of the released form that the caller may pick from
//                      (the FieldDataSelect rule: designers, or users reaching a form that links to it)
//   loadRelationRows   the related records of a page of records, as their own form shows them (list and detail)
import { and, eq, inArray } from 'drizzle-orm';
import { isRelationAttrKey, isRelationFormKey, type FieldConfig } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { labelOf, type Issue, type Issues } from '../issues.js';
import { m } from '../messages.js';
import { runtimeAccess } from './access.js';
import { releasedModel, type Model } from './model.js';
import { pickableColumns } from './relationForm.js';
import type { Values } from './values.js';

/** the longest record id a relation form holds */
export const RELATION_ID_LENGTH_MAX = 100;

export const isRelationFormField = (field: FieldConfig) => isRelationFormKey(field.__config__.jnpfKey);
export const isRelationAttrField = (field: FieldConfig) => isRelationAttrKey(field.__config__.jnpfKey);

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** the related form and the field of it shown as the value's text */
export function relationKeys(field: FieldConfig): { modelId: string; relationField: string } {
  return { modelId: text(field.modelId), relationField: text(field.relationField) };
}

/** the record id a stored value holds, or null */
export function relationId(raw: unknown): string | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'string' && raw !== '' && raw.length <= RELATION_ID_LENGTH_MAX) return raw;
  return null;
}

type Read = { value: unknown } | { issue: Issue };

/** one record id (text or a number taken as text) */
export function readRelationValue(field: FieldConfig, raw: unknown): Read {
  const id = relationId(raw);
  return id === null ? { issue: { key: m.typeMismatch, params: { label: labelOf(field) } } } : { value: id };
}

const invalid = (field: FieldConfig): Issue => ({ key: m.relationRecordInvalid, params: { label: labelOf(field) } });

/** may this caller pick records of the form `modelId` (as FieldDataSelect decides) */
async function mayPick(app: AppContext, principal: Principal, modelId: string): Promise<boolean> {
  try {
    const { designer } = await runtimeAccess(app, principal, modelId);
    await pickableColumns(app, principal, modelId, designer);
    return true;
  } catch {
    return false;
  }
}

/**
 * the relation forms the input set, each holding the id of an existing record of its released form that the
 * caller may pick; a visitor (no principal) may pick none
 */
export async function relationIssues(
  app: AppContext,
  principal: Principal | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
): Promise<Issues> {
  const issues: Issues = {};
  for (const field of fields.filter(isRelationFormField)) {
    const key = field.__vModel__;
    if (!changed.has(key)) continue;
    const id = relationId(values[key]);
    if (id === null) continue;
    const { modelId } = relationKeys(field);
    const model = modelId ? await releasedModel(app, modelId) : null;
    const found =
      model &&
      (
        await app.db
          .select({ id: visualRecord.id })
          .from(visualRecord)
          .where(and(eq(visualRecord.modelId, model.id), eq(visualRecord.id, id)))
          .limit(1)
      ).length > 0;
    if (!found || !principal || !(await mayPick(app, principal, modelId))) issues[key] = invalid(field);
  }
  return issues;
}

/** the related records as their own form shows them, by relation field and record id */
export type RelationRows = ReadonlyMap<string, ReadonlyMap<string, Values>>;

/** how the related records are shown (their form's display texts) */
export type ShowRelated = (
  model: Model,
  rows: readonly { id: string; data: Values; creatorUserId: string | null }[],
) => Promise<Values[]>;

/** the related records the records' relation forms hold; a form not released (any longer) gives none */
export async function loadRelationRows(
  app: AppContext,
  fields: readonly FieldConfig[],
  records: readonly Values[],
  show: ShowRelated,
): Promise<RelationRows> {
  const out = new Map<string, Map<string, Values>>();
  for (const field of fields.filter(isRelationFormField)) {
    const ids = [
      ...new Set(records.map((r) => relationId(r[field.__vModel__])).filter((id): id is string => id !== null)),
    ];
    const { modelId } = relationKeys(field);
    if (!ids.length || !modelId) continue;
    const model = await releasedModel(app, modelId);
    if (!model) continue;
    const rows = await app.db
      .select({ id: visualRecord.id, data: visualRecord.data, creatorUserId: visualRecord.creatorUserId })
      .from(visualRecord)
      .where(and(eq(visualRecord.modelId, model.id), inArray(visualRecord.id, ids)));
    const shown = await show(model, rows);
    out.set(field.__vModel__, new Map(rows.map((r, i) => [r.id, shown[i] ?? {}])));
  }
  return out;
}

/** does a form have relation forms */
export const hasRelationFields = (fields: readonly FieldConfig[]) => fields.some(isRelationFormField);

const shownText = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));

/** the text of a relation form's value: the related record's relationField as shown, an unknown id as it is */
export function relationText(field: FieldConfig, raw: unknown, rows: RelationRows | undefined): string {
  const id = relationId(raw);
  if (id === null) return '';
  const record = rows?.get(field.__vModel__)?.get(id);
  if (!record) return id;
  return shownText(record[relationKeys(field).relationField]);
}

/** what a relation-form attribute shows: its showField of the record its relation form holds */
export function relationAttrText(attr: FieldConfig, record: Values, rows: RelationRows | undefined): string {
  const relation = text(attr.relationField);
  const showField = text(attr.showField);
  const id = relation ? relationId(record[relation]) : null;
  if (id === null || !showField) return '';
  return shownText(rows?.get(relation)?.get(id)?.[showField]);
}
