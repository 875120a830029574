// The model the runtime works with: the released copy of a design (or, for designers trying an unreleased
// design, its draft), parsed into its value fields, list columns and search items. A released model is parsed
// once and kept per process until a release or deletion of its design drops it in every process
// (releasedChanged); a draft is read and parsed at each call. Kept models are shared between calls: nobody
// changes one.
import { eq } from 'drizzle-orm';
import {
  dataFields,
  isListableKey,
  isSystemKey,
  parseDesignJson,
  upgradeLegacyKeys,
  upgradeLegacyKeysIn,
  type ColumnDataJson,
  type ColumnItem,
  type FieldConfig,
  type FormDataJson,
  type SearchItem,
} from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { visualDev, visualRelease } from '../../../db/schema/index.js';
import type { AppContext } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { releasedFormsChanged } from '../../dataInterface/index.js';
import { BusCache } from '../../../platform/sharedCache.js';
import { m } from '../messages.js';
import { serverWidgetOf } from './values.js';

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
  // a form stored under older widget names runs under this version's
  upgradeLegacyKeysIn(form);
  const fields = dataFields(Array.isArray(form?.fields) ? form.fields : []);
  const byVModel = new Map(fields.map((f) => [f.__vModel__, f]));
  const list = parseDesignJson<Partial<ColumnDataJson>>(row.columnData) ?? {};
  upgradeLegacyKeysIn(list);
  // a list shows and searches listable fields only (a sub-table's rows are shown in the form)
  const listable = (prop: string) => {
    const field = byVModel.get(prop);
    return !!field && isListableKey(field.__config__.jnpfKey);
  };
  const known = <T extends { prop?: unknown }>(items: unknown): T[] =>
    Array.isArray(items) ? (items as T[]).filter((c) => c && typeof c.prop === 'string' && listable(c.prop)) : [];
  return {
    ...row,
    formData: upgradeLegacyKeys(row.formData),
    columnData: upgradeLegacyKeys(row.columnData),
    fields,
    byVModel,
    columns: known<ColumnItem>(list.columnList),
    searches: known<SearchItem>(list.searchList),
    list,
  };
}

/** of these fields, those the user fills in (system fields and number rules are the server's) */
export const inputFieldsOf = (fields: readonly FieldConfig[]) =>
  fields.filter((f) => !isSystemKey(f.__config__.jnpfKey) && !serverWidgetOf(f).numbered);

/** fields the user fills in (system fields and number rules are the server's) */
export const inputFields = (model: Model) => inputFieldsOf(model.fields);

export async function releasedRow(db: Db | Tx, id: string) {
  return (await db.select().from(visualRelease).where(eq(visualRelease.id, id)).limit(1))[0];
}

export async function designRow(db: Db | Tx, id: string) {
  return (await db.select().from(visualDev).where(eq(visualDev.id, id)).limit(1))[0];
}

/** the bus channel on which a design's released copy is announced changed (its id, or '*') */
export const RELEASED_CHANNEL = 'visualdev:released';
const releasedModels = new WeakMap<AppContext, BusCache<Model | null>>();

function releasedCache(app: AppContext): BusCache<Model | null> {
  let cache = releasedModels.get(app);
  if (!cache) {
    cache = new BusCache(app.shared.bus, RELEASED_CHANNEL, async (id) => {
      const row = await releasedRow(app.db, id);
      return row ? parseModel(row) : null;
    });
    releasedModels.set(app, cache);
  }
  return cache;
}

/** the parsed released copy of design `id` (kept until releasedChanged), null when it was never released */
export async function releasedModel(app: AppContext, id: string): Promise<Model | null> {
  const cache = releasedCache(app);
  const model = await cache.get(id);
  // only models are kept: ids of nothing released would pile up
  if (!model) cache.drop(id);
  return model;
}

/** after a release or deletion of design `id` has committed: every process reads its released copy again */
export async function releasedChanged(app: AppContext, id: string): Promise<void> {
  await releasedCache(app).changed(id);
  // which released forms read each data interface (who may call it through a form's menu)
  await releasedFormsChanged(app);
}

/**
 * The model records of `id` are validated and listed with: its released copy, or — for a caller allowed to try
 * designs (the design menu) — the draft of a design never released. Otherwise "该功能未发布".
 */
export async function runtimeModel(app: AppContext, id: string, draftAllowed: boolean): Promise<Model> {
  const released = await releasedModel(app, id);
  if (released) return released;
  const draft = draftAllowed ? await designRow(app.db, id) : undefined;
  if (!draft) throw refuse(m.notReleased);
  return parseModel(draft);
}
