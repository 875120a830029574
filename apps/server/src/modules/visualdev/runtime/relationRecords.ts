// The values of relation-form fields (关联表单): the id of a record of another released form (modelId), shown by
// that record's relationField, and of relation-form attributes (关联表单属性), which show another field
// (showField) of the record their relation form (relationField) holds and store nothing.
//   readRelationValue  the stored form of an input value (one id; shape only)
//   relationIssues     on save: each id set must be a record of the released form that the caller may pick from
//                      (the FieldDataSelect rule: designers, or users reaching a form that links to it; a visitor
//                      through a form link, any record of the form the field links)
//   loadRelationRows   the related records of a page of records, as their own form shows them (list and detail)
// A sub-table's relation-form columns are checked row by row (a refusal names the table, the row and the column)
// and shown the same way.
import { and, eq, inArray } from 'drizzle-orm';
import { isRelationAttrKey, isRelationFormKey, isSubTableKey, subTableColumns, type FieldConfig } from '@jnpf/core';
import { visualRecord } from '../../../db/schema/index.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { labelOf, rowIssue, type Issue, type Issues } from '../issues.js';
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

/** the rows a sub-table's value holds (objects only) */
const rowsIn = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((r): r is Values => !!r && typeof r === 'object' && !Array.isArray(r)) : [];

/** the sub-tables of these fields with relation-form columns, each with those columns */
const relationTables = (fields: readonly FieldConfig[]) =>
  fields.flatMap((table) => {
    if (!isSubTableKey(table.__config__.jnpfKey)) return [];
    const columns = subTableColumns(table).filter(isRelationFormField);
    return columns.length ? [{ table, columns }] : [];
  });

/**
 * the relation forms the input set (sub-table rows' included), each holding the id of an existing record of its
 * released form that the caller may pick; a visitor (no principal, through a form link) any record of it. Only
 * ids the input adds are checked, as pickers are: a record keeps the record it related to (`previous`), deleted
 * since or not, and a sub-table cell an id some row of its table held in that column.
 */
export async function relationIssues(
  app: AppContext,
  principal: Principal | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: ReadonlySet<string>,
  previous: Values = {},
): Promise<Issues> {
  const issues: Issues = {};
  const answers = new Map<string, Promise<boolean>>();
  /** is this id a record of the field's released form the caller may pick (asked once per form and id) */
  const pickable = (field: FieldConfig, id: string) => {
    const { modelId } = relationKeys(field);
    const key = JSON.stringify([modelId, id]);
    let answer = answers.get(key);
    if (!answer) {
      answer = (async () => {
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
        // a visitor's form comes through an open form link, which offers the records of the forms its relation
        // fields link (shortLink/publicPopups.ts): the link is the grant
        return !!found && (!principal || (await mayPick(app, principal, modelId)));
      })();
      answers.set(key, answer);
    }
    return answer;
  };
  for (const field of fields.filter(isRelationFormField)) {
    const key = field.__vModel__;
    if (!changed.has(key)) continue;
    const id = relationId(values[key]);
    if (id !== null && id !== relationId(previous[key]) && !(await pickable(field, id))) issues[key] = invalid(field);
  }
  // the first refused cell of each table, as "明细第2行：客户关联的数据不存在或无权查看"
  for (const { table, columns } of relationTables(fields)) {
    if (!changed.has(table.__vModel__)) continue;
    const before = rowsIn(previous[table.__vModel__]);
    for (const [index, row] of rowsIn(values[table.__vModel__]).entries()) {
      let refused: FieldConfig | undefined;
      for (const column of columns) {
        const id = relationId(row[column.__vModel__]);
        const held = id !== null && before.some((old) => relationId(old[column.__vModel__]) === id);
        if (id !== null && !held && !(await pickable(column, id))) {
          refused = column;
          break;
        }
      }
      if (refused) {
        issues[table.__vModel__] = rowIssue(table, index, invalid(refused), refused.__vModel__);
        break;
      }
    }
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
  // the fields' own values, and each sub-table's relation columns over its rows
  const held = [
    ...fields.filter(isRelationFormField).map((field) => ({ field, values: records.map((r) => r[field.__vModel__]) })),
    ...relationTables(fields).flatMap(({ table, columns }) =>
      columns.map((field) => ({
        field,
        values: records.flatMap((r) => rowsIn(r[table.__vModel__]).map((row) => row[field.__vModel__])),
      })),
    ),
  ];
  for (const { field, values } of held) {
    const ids = [...new Set(values.map(relationId).filter((id): id is string => id !== null))];
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
export const hasRelationFields = (fields: readonly FieldConfig[]) =>
  fields.some(isRelationFormField) || relationTables(fields).length > 0;

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
