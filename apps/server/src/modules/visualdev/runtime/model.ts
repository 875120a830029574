// The model the runtime works with: the released copy of a design (or, for designers trying an unreleased
// design, its draft), parsed once per request into its value fields, list columns and search items.
import { eq } from 'drizzle-orm';
import {
  dataFields,
  isListableKey,
  isSystemKey,
  parseDesignJson,
  type ColumnDataJson,
  type ColumnItem,
  type FieldConfig,
  type FormDataJson,
  type SearchItem,
} from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { visualDev, visualRelease } from '../../../db/schema/index.js';
import { refuse } from '../../../platform/errors.js';
import { m } from '../messages.js';

export interface Model {
  id: string;
  fullName: string;
  enCode: string;
  webType: number;
  formData: string;
  columnData: string;
  /** every field that holds a value, in form order */
  fields: FieldConfig[];
  byVModel: ReadonlyMap<string, FieldConfig>;
  columns: ColumnItem[];
  searches: SearchItem[];
  list: Partial<ColumnDataJson>;
}

export function parseModel(
  row: Pick<Model, 'id' | 'fullName' | 'enCode' | 'webType' | 'formData' | 'columnData'>,
): Model {
  const form = parseDesignJson<FormDataJson>(row.formData);
  const fields = dataFields(Array.isArray(form?.fields) ? form.fields : []);
  const byVModel = new Map(fields.map((f) => [f.__vModel__, f]));
  const list = parseDesignJson<Partial<ColumnDataJson>>(row.columnData) ?? {};
  // a list shows and searches listable fields only (a sub-table's rows are shown in the form)
  const listable = (prop: string) => {
    const field = byVModel.get(prop);
    return !!field && isListableKey(field.__config__.jnpfKey);
  };
  const known = <T extends { prop?: unknown }>(items: unknown): T[] =>
    Array.isArray(items) ? (items as T[]).filter((c) => c && typeof c.prop === 'string' && listable(c.prop)) : [];
  return {
    ...row,
    fields,
    byVModel,
    columns: known<ColumnItem>(list.columnList),
    searches: known<SearchItem>(list.searchList),
    list,
  };
}

/** of these fields, those the user fills in (system fields and number rules are the server's) */
export const inputFieldsOf = (fields: readonly FieldConfig[]) =>
  fields.filter((f) => !isSystemKey(f.__config__.jnpfKey) && f.__config__.jnpfKey !== 'billRule');

/** fields the user fills in (system fields and number rules are the server's) */
export const inputFields = (model: Model) => inputFieldsOf(model.fields);

export async function releasedRow(db: Db | Tx, id: string) {
  return (await db.select().from(visualRelease).where(eq(visualRelease.id, id)).limit(1))[0];
}

export async function designRow(db: Db | Tx, id: string) {
  return (await db.select().from(visualDev).where(eq(visualDev.id, id)).limit(1))[0];
}

/**
 * The model records of `id` are validated and listed with: its released copy, or — for a caller allowed to try
 * designs (the design menu) — the draft of a design never released. Otherwise "该功能未发布".
 */
export async function runtimeModel(db: Db, id: string, draftAllowed: boolean): Promise<Model> {
  const released = await releasedRow(db, id);
  if (released) return parseModel(released);
  const draft = draftAllowed ? await designRow(db, id) : undefined;
  if (!draft) throw refuse(m.notReleased);
  return parseModel(draft);
}
