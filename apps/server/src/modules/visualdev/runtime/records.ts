// Records of a released form: create, update, read (raw and as shown), delete, the list and its export. Input is
// checked against the model (values.ts); unique fields are checked under a per-model lock so that two saves
// cannot both take the same value; numbers of number-rule fields are taken once, on create; system fields are
// filled here and never read from input. Every write is in the audit log. A caller under form permission
// reads and writes only the fields their form view holds (formAccess.ts); a caller under data permission reaches
// only the records of their scope (scope.ts): any other record answers as one that does not exist.
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isSubTableKey, subTableColumns, UNPAGED_ROWS_MAX, type FieldConfig, type Language } from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { visualRecord } from '../../../db/schema/index.js';
import { writeAudit, type AuditActor } from '../../../platform/audit.js';
import type { AppContext, Principal } from '../../../platform/context.js';
import { insertAudited, updateVersioned } from '../../../platform/crud.js';
import { keptAnswersOf } from '../../../platform/keptAnswers.js';
import { refuse } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { offerDownload, type DownloadVO } from '../../../platform/transfers.js';
import { issueNumber, issueNumbers } from '../../billRule/index.js';
import { displayNameOf, writeSheet } from '../../users/index.js';
import { formatMs, displayRecord, type DisplayContext } from './display.js';
import { labelOf, throwIssues, type Issues } from '../issues.js';
import { labelSearches } from './labelSearch.js';
import { listOrder, listWhere, type ListFilter } from './listQuery.js';
import { childrenOf, groupFieldOf, groupOrder, groupRows, markParents, parentFieldOf, topLevel } from './listKinds.js';
import { RECORDS_CHANNEL, recordsChanged, totalPlan } from './totals.js';
import { m } from '../messages.js';
import { keepHiddenColumns, type FormView } from './formAccess.js';
import { inputFields, inputFieldsOf, RELEASED_CHANNEL, type Model } from './model.js';
import type { Caller } from '../../dataInterface/index.js';
import {
  hasDynamicOptions,
  keptValuesToRecheck,
  loadDynamicOptions,
  loadOptions,
  withDynamic,
  type OptionList,
  type OptionLists,
} from './options.js';
import { nameLookups } from './names.js';
import { areaIssues, areaNames } from './areas.js';
import { embeddedIssues } from './embedded.js';
import { fileIssues, pictureIssues } from './files.js';
import { pickerIssues, pickerNames } from './pickers.js';
import {
  checkPopupRecord,
  hasPopupFields,
  isPopupAttrField,
  loadPopupRows,
  popupAttrText,
  popupIds,
  type PopupRows,
} from './popupFields.js';
import { hasRelationFields, loadRelationRows, relationIssues, type RelationRows } from './relationRecords.js';
import {
  checkRecord,
  isEmpty,
  isMaskedField,
  keepMaskedText,
  serverWidgetOf,
  type SaveContext,
  type Values,
} from './values.js';
import { MODULE_NAME } from '../design/designs.js';

export type RecordRow = typeof visualRecord.$inferSelect;

/** a list that is not paged (dataType 1, or a design without paging) holds at most this many rows */
export const UNPAGED_MAX = UNPAGED_ROWS_MAX;
const EXPORT_BATCH = 500;
/** the most records one export writes: a sheet holds 1,048,576 rows with its header */
export const EXPORT_MAX = 1_000_000;

/** the record's values from the request body: a JSON string (as the reference sends it) or an object */
export function parseData(data: unknown, lang: Language): Values {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      value = null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throwIssues({ data: { key: m.dataInvalid } }, lang);
  return value as Values;
}

async function lockModel(tx: Tx, modelId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visualdev:${modelId}`}))`);
}

/** unique fields whose new value another record of the model holds */
async function duplicates(tx: Tx, model: Model, values: Values, changed: Set<string>, exceptId?: string) {
  const issues: Issues = {};
  for (const field of inputFields(model)) {
    const key = field.__vModel__;
    if (field.__config__.unique !== true || !changed.has(key) || isEmpty(values[key])) continue;
    const [hit] = await tx
      .select({ id: visualRecord.id })
      .from(visualRecord)
      .where(
        and(
          eq(visualRecord.modelId, model.id),
          sql`${visualRecord.data} -> ${key}::text = ${JSON.stringify(values[key])}::jsonb`,
          exceptId ? ne(visualRecord.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (hit) issues[key] = { key: m.duplicate, params: { label: labelOf(field) } };
  }
  return issues;
}

/** the caller a data interface resolves system variables for */
export const callerOf = (principal: Pick<Principal, 'userId' | 'isAdministrator'>): Caller => ({
  userId: principal.userId,
  isAdministrator: principal.isAdministrator,
});

/**
 * the options a record's input is checked against: dynamic fields' from their interfaces, called with the
 * record's values as it will be (an interface that cannot be read refuses the save, naming the field)
 */
async function recordOptions(
  app: AppContext,
  model: Model,
  principal: Principal | null,
  record: Values,
  lang: Language,
): Promise<OptionLists> {
  const options = await loadOptions(app, model.fields);
  if (!hasDynamicOptions(model.fields)) return options;
  const caller = principal ? callerOf(principal) : null;
  return withDynamic(
    options,
    await loadDynamicOptions(app, model.fields, { records: [record], caller, strict: true, lang }),
  );
}

/**
 * the popup fields the input set, checked against their interfaces for the record as it will be: an id the
 * interface does not give is refused naming the field; an interface that cannot be read refuses the save. Only
 * the ids the input adds are checked (or all of them, when the parameters they were picked under changed): a
 * record keeps the rows it picked. Then
 * each stored popup attribute (isStorage) takes its text from the row its popup holds, whatever the input said.
 */
async function popupIssues(
  app: AppContext,
  principal: Principal | null,
  fields: readonly FieldConfig[],
  values: Values,
  changed: Set<string>,
  lang: Language,
  previous: Values = {},
): Promise<Issues> {
  const caller = principal ? callerOf(principal) : null;
  const set = fields.filter((f) => changed.has(f.__vModel__));
  if (hasPopupFields(set)) {
    const { issues } = await checkPopupRecord(app, set, values, { caller, lang }, previous);
    if (Object.keys(issues).length) return issues;
  }
  await fillStoredAttrs(app, fields, values, changed, previous, { caller, lang });
  return {};
}

const storedAttrsOf = (fields: readonly FieldConfig[]) =>
  fields.filter((f) => isPopupAttrField(f) && !!f.__vModel__ && (f.isStorage === 1 || f.isStorage === true));

/**
 * gives each stored attribute of `attrs` the shown field of its popup's row in `target` (the record, or a sub-table
 * row), never the input's text: empty when the row has nothing to show; when the row is not known now (its
 * interface cannot be read, or no longer gives it to this caller), what `previous` (the record, or the row, as
 * stored) held for the same pick. The attributes set.
 */
function fillAttrs(
  attrs: readonly FieldConfig[],
  target: Values,
  rows: ReadonlyMap<string, PopupRows>,
  previous: Values,
): string[] {
  const set: string[] = [];
  for (const attr of attrs) {
    const key = attr.__vModel__;
    const popup = String(attr.relationField ?? '');
    const text = popupAttrText(attr, target, rows);
    const ids = popupIds(target[popup]);
    const known = rows.get(popup);
    const kept =
      !text && ids.some((id) => !known?.has(id)) && JSON.stringify(previous[popup]) === JSON.stringify(target[popup])
        ? previous[key]
        : undefined;
    if (text) target[key] = text;
    else if (!isEmpty(kept)) target[key] = kept;
    else delete target[key];
    set.push(key);
  }
  return set;
}

/**
 * stored popup attributes (isStorage) given the shown field of their popup's row, whatever the input said; kept when
 * it cannot be read. A stored attribute column of a sub-table whose rows the input sent shows its row's pick.
 */
async function fillStoredAttrs(
  app: AppContext,
  fields: readonly FieldConfig[],
  values: Values,
  changed: Set<string>,
  previous: Values,
  read: { caller: Caller | null; lang: Language },
) {
  const attrs = storedAttrsOf(fields);
  if (attrs.length) {
    const popups = fields.filter((f) => attrs.some((a) => a.relationField === f.__vModel__));
    const rows = await loadPopupRows(app, popups, { ...read, records: [values], strict: false });
    fillAttrs(attrs, values, rows, previous).forEach((key) => changed.add(key));
  }
  for (const table of fields) {
    const held = values[table.__vModel__];
    if (!isSubTableKey(table.__config__.jnpfKey) || !changed.has(table.__vModel__) || !Array.isArray(held)) continue;
    const columns = subTableColumns(table);
    const columnAttrs = storedAttrsOf(columns);
    if (!columnAttrs.length) continue;
    const popups = columns.filter((c) => columnAttrs.some((a) => a.relationField === c.__vModel__));
    const shape = { ...table, __config__: { ...table.__config__, children: popups } };
    const rows = await loadPopupRows(app, [shape], { ...read, records: [values], strict: false });
    const before = Array.isArray(previous[table.__vModel__]) ? (previous[table.__vModel__] as unknown[]) : [];
    values[table.__vModel__] = held.map((row, index) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
      const copy = { ...(row as Values) };
      const old = before[index];
      fillAttrs(columnAttrs, copy, rows, old && typeof old === 'object' && !Array.isArray(old) ? (old as Values) : {});
      return copy;
    });
  }
}

const hasUniqueFields = (model: Model) => inputFields(model).some((f) => f.__config__.unique === true);

/**
 * A new record's values as a save stores them: the input checked exactly as a form save checks it (a problem is
 * thrown as the 401 answer), the system fields filled in; `principal` null: a visitor through a public form link
 * (no creator, organisation or position). `view`: the caller may fill only these fields (the others start
 * empty). Numbers of number-rule fields are not taken yet (takeNumbers).
 */
export async function newRecordValues(
  app: AppContext,
  principal: Principal | null,
  model: Model,
  input: Values,
  lang: Language,
  view?: FormView,
  loaded?: OptionLists,
): Promise<{ data: Values; changed: Set<string> }> {
  // an import's options are loaded once per sheet; fields fed by a data interface are read for this record
  const options =
    loaded && !hasDynamicOptions(model.fields) ? loaded : await recordOptions(app, model, principal, input, lang);
  const fields = view ? inputFieldsOf(view.fields) : inputFields(model);
  // every computed field of the form is computed, those the caller cannot see included
  const whole = view?.restricted ? { fields: inputFields(model), hiddenColumns: view.hiddenColumns } : undefined;
  const checked = checkRecord(fields, input, {}, options, { whole });
  throwIssues(
    {
      ...(await pickerIssues(app, principal, fields, checked.values, checked.changed)),
      ...(await areaIssues(app, fields, checked.values, checked.changed)),
      ...(await fileIssues(app, principal?.userId ?? null, fields, checked.values, checked.changed)),
      ...(await embeddedIssues(app, principal, fields, checked.values, checked.changed)),
      ...(await pictureIssues(app, principal, fields, checked.values, checked.changed)),
      ...(Object.keys(checked.issues).length
        ? {}
        : await popupIssues(app, principal, fields, checked.values, checked.changed, lang)),
      ...(await relationIssues(app, principal, fields, checked.values, checked.changed)),
      ...checked.issues,
    },
    lang,
  );
  const now = Date.now();
  const profile = principal ? await app.directory.get(principal.userId) : null;
  const data: Values = { ...checked.values };
  const save: SaveContext = {
    userId: principal?.userId ?? null,
    now,
    organizeId: profile?.user.organizeId || null,
    positionId: profile?.user.positionId || null,
  };
  for (const field of model.fields) {
    const value = serverWidgetOf(field).created?.(save);
    if (value !== undefined) data[field.__vModel__] = value;
  }
  return { data, changed: checked.changed };
}

/** numbers for the number-rule fields of a new record (each taken in its own short transaction) */
export async function takeNumbers(app: AppContext, model: Model, data: Values): Promise<void> {
  for (const field of model.fields)
    if (serverWidgetOf(field).numbered) data[field.__vModel__] = await issueNumber(app.db, String(field.rule));
}

/** inserts a checked new record in the transaction; unique fields are checked under the model's lock */
export async function insertRecord(
  tx: Tx,
  actor: AuditActor,
  model: Model,
  record: { id: string; data: Values; changed: Set<string>; creatorUserId: string | null },
  lang: Language,
): Promise<void> {
  if (hasUniqueFields(model)) {
    await lockModel(tx, model.id);
    throwIssues(await duplicates(tx, model, record.data, record.changed), lang);
  }
  await insertAudited(
    tx,
    visualRecord,
    {
      id: record.id,
      modelId: model.id,
      data: record.data,
      creatorTime: Date.now(),
      creatorUserId: record.creatorUserId,
    },
    { actor, moduleName: MODULE_NAME, recordId: record.id, action: 'createRecord' },
  );
}

/** numbers for the number-rule fields of several new records, taken at once per rule (a batch import) */
export async function takeNumbersFor(app: AppContext, model: Model, records: readonly Values[]): Promise<void> {
  if (!records.length) return;
  for (const field of model.fields) {
    if (!serverWidgetOf(field).numbered) continue;
    const numbers = await issueNumbers(app.db, String(field.rule), records.length);
    records.forEach((data, i) => (data[field.__vModel__] = numbers[i]));
  }
}

/** a new record checked and ready to insert */
export interface NewRecord {
  id: string;
  data: Values;
  changed: Set<string>;
  creatorUserId: string | null;
}

/**
 * Inserts checked new records in one statement (a batch import), with the checks insertRecord makes: a record
 * whose unique value another record holds — stored, or earlier in the batch — is not inserted; its issues come
 * back by its index. One audit entry names the records inserted.
 */
export async function insertRecords(
  tx: Tx,
  actor: AuditActor,
  model: Model,
  records: readonly NewRecord[],
): Promise<Map<number, Issues>> {
  const refused = new Map<number, Issues>();
  const uniques = inputFields(model).filter((f) => f.__config__.unique === true);
  if (uniques.length) {
    await lockModel(tx, model.id);
    for (const field of uniques) {
      const key = field.__vModel__;
      const checked = records
        .map((record, index) => ({ index, value: record.data[key], record }))
        .filter((c) => c.record.changed.has(key) && !isEmpty(c.value));
      if (!checked.length) continue;
      // the values other records hold, found with one join (PostgreSQL compares jsonb values, not their text)
      const found = await tx.execute(sql`
        select distinct e.i::int as i
        from jsonb_array_elements(${JSON.stringify(checked.map((c) => c.value))}::jsonb) with ordinality as e(v, i)
        join ${visualRecord} r on r.data -> ${key}::text = e.v
        where r.model_id = ${model.id}`);
      const rows = (Array.isArray(found) ? found : ((found as { rows?: unknown[] }).rows ?? [])) as { i: number }[];
      const taken = new Set(rows.map((r) => Number(r.i) - 1));
      const seen = new Set<string>();
      checked.forEach((c, position) => {
        const text = JSON.stringify(c.value);
        if (taken.has(position) || seen.has(text))
          refused.set(c.index, {
            ...refused.get(c.index),
            [key]: { key: m.duplicate, params: { label: labelOf(field) } },
          });
        else if (!refused.has(c.index)) seen.add(text);
      });
    }
  }
  const now = Date.now();
  const inserted = records
    .filter((_, index) => !refused.has(index))
    .map((r) => ({ id: r.id, modelId: model.id, data: r.data, creatorTime: now, creatorUserId: r.creatorUserId }));
  if (inserted.length) {
    await tx.insert(visualRecord).values(inserted);
    await writeAudit(tx, actor, {
      moduleName: MODULE_NAME,
      action: 'importRecords',
      after: { modelId: model.id, count: inserted.length, ids: inserted.map((r) => r.id) },
    });
  }
  return refused;
}

/**
 * Creates a record; `principal` null: a visitor through a public form link (no creator, organisation or
 * position). `view`: the caller may fill only these fields (the others start empty).
 */
export async function createRecord(
  app: AppContext,
  principal: Principal | null,
  actor: AuditActor,
  model: Model,
  input: Values,
  lang: Language,
  view?: FormView,
): Promise<string> {
  const { data, changed } = await newRecordValues(app, principal, model, input, lang, view);
  // numbers are taken only once the input is known to be good
  await takeNumbers(app, model, data);
  const id = newId();
  await app.db.transaction((tx) =>
    insertRecord(tx, actor, model, { id, data, changed, creatorUserId: principal?.userId ?? null }, lang),
  );
  await recordsChanged(app, model.id);
  return id;
}

/** a record of the model (scope: only when it is within it) */
export async function recordOf(db: Db | Tx, modelId: string, id: string, scope?: SQL): Promise<RecordRow | undefined> {
  return (
    await db
      .select()
      .from(visualRecord)
      .where(and(eq(visualRecord.id, id), eq(visualRecord.modelId, modelId), scope))
      .limit(1)
  )[0];
}

/** how far a caller reaches: the fields they may fill (view) and the records they may change (scope) */
export interface RecordReach {
  view?: FormView | undefined;
  scope?: SQL | undefined;
}

export async function updateRecord(
  app: AppContext,
  principal: Principal,
  actor: AuditActor,
  model: Model,
  id: string,
  submitted: Values,
  lang: Language,
  reach: RecordReach = {},
): Promise<void> {
  const { view, scope } = reach;
  const current = await recordOf(app.db, model.id, id, scope);
  if (!current) throw refuse('updateNotFound');
  // a masked field sent back as its mask keeps its clear value
  const input = keepMaskedText(inputFields(model), submitted, current.data);
  const options = await recordOptions(app, model, principal, { ...current.data, ...input }, lang);
  const viewFields = view ? inputFieldsOf(view.fields) : inputFields(model);
  // values whose interface parameters read a field the input changes are checked again, fields outside the
  // caller's view included (their values stay as kept; a value no longer offered refuses the save)
  const recheck = keptValuesToRecheck(inputFields(model), input, current.data);
  const fields = [
    ...viewFields,
    ...inputFields(model).filter((f) => f.__vModel__ in recheck && !viewFields.includes(f)),
  ];
  // computed fields are computed over the whole record as it will be, those the caller cannot see included
  const whole = view?.restricted ? { fields: inputFields(model), hiddenColumns: view.hiddenColumns } : undefined;
  const checked = checkRecord(fields, { ...recheck, ...input }, current.data, options, { whole });
  throwIssues(
    {
      ...(await pickerIssues(app, principal, fields, checked.values, checked.changed, current.data)),
      ...(await areaIssues(app, fields, checked.values, checked.changed, current.data)),
      ...(await fileIssues(app, principal.userId, fields, checked.values, checked.changed, current.data)),
      ...(await embeddedIssues(app, principal, fields, checked.values, checked.changed, current.data)),
      ...(await pictureIssues(app, principal, fields, checked.values, checked.changed, current.data)),
      ...(Object.keys(checked.issues).length
        ? {}
        : await popupIssues(app, principal, fields, checked.values, checked.changed, lang, current.data)),
      ...(await relationIssues(app, principal, fields, checked.values, checked.changed, current.data)),
      ...checked.issues,
    },
    lang,
  );
  const now = Date.now();
  await app.db.transaction(async (tx) => {
    if (hasUniqueFields(model)) await lockModel(tx, model.id);
    // read again under the lock: the values kept are the latest ones
    const before = await recordOf(tx, model.id, id, scope);
    if (!before) throw refuse('updateNotFound');
    const data: Values = { ...before.data };
    for (const key of checked.changed)
      if (key in checked.values) data[key] = checked.values[key];
      else delete data[key];
    if (view) keepHiddenColumns(model, view, data, before.data, checked.changed);
    const save: SaveContext = { userId: principal.userId, now, organizeId: null, positionId: null };
    for (const field of model.fields) {
      const value = serverWidgetOf(field).modified?.(save);
      if (value !== undefined) data[field.__vModel__] = value;
    }
    if (hasUniqueFields(model)) throwIssues(await duplicates(tx, model, data, checked.changed, id), lang);
    await updateVersioned(
      tx,
      visualRecord,
      id,
      null,
      { data, lastModifyTime: now, lastModifyUserId: principal.userId },
      { actor, moduleName: MODULE_NAME, action: 'updateRecord' },
    );
  });
  await recordsChanged(app, model.id);
}

/** deletes those of the records that exist (and are within the scope); how many were. Once committed, call recordsChanged */
export async function deleteRecords(
  tx: Tx,
  actor: AuditActor,
  modelId: string,
  ids: string[],
  scope?: SQL,
): Promise<number> {
  const removed = await tx
    .delete(visualRecord)
    .where(and(eq(visualRecord.modelId, modelId), inArray(visualRecord.id, ids), scope))
    .returning();
  for (const before of removed)
    await writeAudit(tx, actor, { moduleName: MODULE_NAME, action: 'deleteRecord', recordId: before.id, before });
  return removed.length;
}

/** how the values of a page of records are shown */
export async function displayContext(
  app: AppContext,
  model: Model,
  rows: readonly Pick<RecordRow, 'data' | 'creatorUserId'>[],
  lang: Language,
  options?: OptionLists,
  knownUsers?: ReadonlyMap<string, string>,
  /** whose system variables dynamic fields' interface parameters take (none: a visitor, or no one) */
  caller: Caller | null = null,
  /** read the records relation forms hold (not for those records themselves: a form may relate to itself) */
  withRelations = true,
): Promise<DisplayContext> {
  const records = rows.map((r) => r.data);
  const [opts, dynamic, names, pickers, areas, popups, relations] = await Promise.all([
    options ?? loadOptions(app, model.fields),
    // shown by their labels; an interface that cannot be read leaves the stored values
    hasDynamicOptions(model.fields)
      ? loadDynamicOptions(app, model.fields, { records, caller, strict: false, lang })
      : new Map<string, OptionList>(),
    nameLookups(app, model.fields, rows, knownUsers, lang),
    pickerNames(app, model.fields, records, { lang }),
    areaNames(app, model.fields, records),
    // popup fields shown by their rows' labels; an interface that cannot be read leaves the stored ids
    hasPopupFields(model.fields)
      ? loadPopupRows(app, model.fields, { records, caller, strict: false, lang })
      : new Map<string, PopupRows>(),
    // relation forms shown by their records' relationField, as the related form shows it
    withRelations && hasRelationFields(model.fields)
      ? loadRelationRows(app, model.fields, records, async (related, relatedRows) => {
          const ctx = await displayContext(app, related, relatedRows, lang, undefined, undefined, caller, false);
          return relatedRows.map((r) => displayRecord(related.fields, r.data, ctx, r.creatorUserId));
        })
      : (new Map() as RelationRows),
  ]);
  return { options: withDynamic(opts, dynamic), names, pickers, areas, popups, relations, lang };
}

export interface ListRequest extends ListFilter {
  currentPage: number;
  pageSize: number;
  sort: 'asc' | 'desc';
  sidx: string;
  /** '1': every record, no paging */
  dataType: '0' | '1';
  /** a tree table (type 5): the children of this record, every one of them; absent: the top level */
  parentId?: string;
}

/** a list body as a request: its queryJson (a JSON string, as the reference sends it, or an object) read */
export function listRequest(
  body: Omit<ListRequest, 'query'> & { queryJson?: string | Record<string, unknown> },
  lang: Language,
): ListRequest {
  let query: unknown = body.queryJson ?? {};
  if (typeof query === 'string') {
    try {
      query = query.trim() ? JSON.parse(query) : {};
    } catch {
      query = null;
    }
  }
  if (!query || typeof query !== 'object' || Array.isArray(query))
    throwIssues({ queryJson: { key: m.queryInvalid } }, lang);
  return { ...body, query: query as Record<string, unknown> };
}

/** the conditions and order of a list request (bad search input is refused with 401), within the scope */
async function listPlan(
  app: AppContext,
  model: Model,
  req: ListRequest,
  lang: Language,
  scope: SQL | undefined,
  caller: Caller | null,
  /** every level of a tree table at once (an export) */
  flat = false,
) {
  const options = await loadOptions(app, model.fields);
  const filter = listWhere(model, req, options, await labelSearches(app, model, req, caller));
  throwIssues(filter.issues, lang);
  // PostgreSQL has no statistics on values inside the jsonb data and guesses that two search conditions leave
  // almost no record, so it would sort every record of the model for a page (200 ms at 100,000 records) instead
  // of walking base_visual_record_model_idx newest first until the page is full (0.2 ms). Under coalesce(…, false),
  // the same condition in a WHERE, it guesses half of them instead.
  const searched = filter.where.length ? sql`coalesce(${and(...filter.where)}, false)` : undefined;
  // a tree table lists one level at a time; a search finds records at any level
  const parent = parentFieldOf(model);
  const level =
    !parent || flat
      ? undefined
      : req.parentId !== undefined
        ? childrenOf(model, parent, req.parentId)
        : searched
          ? undefined
          : topLevel(model, parent, scope);
  const where: SQL = and(eq(visualRecord.modelId, model.id), searched, level, scope)!;
  const paged = req.parentId === undefined && req.dataType !== '1' && model.list.hasPage !== false;
  const group = groupFieldOf(model);
  const order = listOrder(model, req.sidx, req.sort, req.masksInClear === true);
  // groups of a masked field are not ordered by its hidden values for a caller who reads it masked
  const grouped = group && (req.masksInClear === true || !isMaskedField(group));
  return { options, where, order: grouped ? [groupOrder(group), ...order] : order, paged };
}

/**
 * One page of the list: {id, <prop>: shown value, <prop>_id: raw value} for the fields the caller may see
 * (visible: null = all of them), of the records within the scope (none: all).
 */
export async function listRecords(
  app: AppContext,
  model: Model,
  req: ListRequest,
  visible: ReadonlySet<string> | null,
  lang: Language,
  scope?: SQL,
  caller: Caller | null = null,
) {
  const plan = await listPlan(app, model, req, lang, scope, caller);
  const fields = columnFields(model).filter((f) => !visible || visible.has(f.__vModel__));
  // the users the shown user fields name come with the rows: their display names, by field
  // the system fields that hold a user's id
  const userKeys = fields.filter((f) => serverWidgetOf(f).names === 'user').map((f) => f.__vModel__);
  const userNames = userKeys.length
    ? sql<Record<string, string | null>>`json_build_object(${sql.join(
        userKeys.map((key) => sql`${key}::text, ${displayNameOf(sql`${visualRecord.data} ->> ${key}::text`)}`),
        sql`, `,
      )})`
    : sql<null>`null`;
  // the total: kept (large lists), being counted by another call, or counted in the same statement (an
  // uncorrelated subquery PostgreSQL runs once). An unpaged list (a tree table's level, dataType 1, a list
  // without pages) holds every matching record below UNPAGED_MAX: its rows are its total, and counting them
  // again would read the form's records once more (a tree level: every record of the form, no index serving
  // the parent value).
  const totals = plan.paged ? totalPlan(app, model.id, plan.where) : null;
  const counting = totals !== null && totals.kept === undefined && !totals.shared;
  const query = app.db
    .select({
      id: visualRecord.id,
      data: visualRecord.data,
      creatorUserId: visualRecord.creatorUserId,
      userNames,
      total: (counting ? sql`(select count(*) from ${visualRecord} where ${plan.where})` : sql`0`).mapWith(Number),
    })
    .from(visualRecord)
    .where(plan.where)
    .orderBy(...plan.order);
  const countAgain = async () => (await app.db.select({ n: count() }).from(visualRecord).where(plan.where))[0]?.n ?? 0;
  let rows;
  let total: number;
  try {
    rows = await (plan.paged
      ? query.limit(req.pageSize).offset((req.currentPage - 1) * req.pageSize)
      : query.limit(UNPAGED_MAX));
    total = !totals
      ? rows.length < UNPAGED_MAX
        ? rows.length
        : await countAgain()
      : (totals.kept ??
        (totals.shared
          ? await totals.shared.catch(countAgain)
          : // a page past the end has no row to carry the total
            rows.length
            ? rows[0]!.total
            : await countAgain()));
  } catch (err) {
    totals?.fail(err);
    throw err;
  }
  if (counting) totals.settle(total);
  const knownUsers = new Map<string, string>();
  for (const r of rows)
    for (const key of userKeys) {
      const id = r.data[key];
      const name = r.userNames?.[key];
      if (typeof id === 'string' && typeof name === 'string') knownUsers.set(id, name);
    }
  const ctx = await displayContext(app, model, rows, lang, plan.options, knownUsers, caller);
  const list = rows.map((r) => {
    const shown = displayRecord(fields, r.data, ctx, r.creatorUserId);
    const row: Values = { id: r.id };
    for (const f of fields) {
      row[f.__vModel__] = shown[f.__vModel__];
      // a masked field's raw value is its masked text too
      const raw = r.data[f.__vModel__] ?? null;
      row[`${f.__vModel__}_id`] = raw !== null && isMaskedField(f) ? shown[f.__vModel__] : raw;
    }
    return row;
  });
  const pagination = plan.paged
    ? { currentPage: req.currentPage, pageSize: req.pageSize, total }
    : { currentPage: 1, pageSize: rows.length, total };
  const parent = parentFieldOf(model);
  if (parent) await markParents(app.db, model, parent, list, scope);
  const group = groupFieldOf(model);
  // grouped under a field the caller may not see, the groups would show its values: the rows stay flat
  if (group && (!visible || visible.has(group.__vModel__))) return { list: groupRows(group, list), pagination };
  return { list, pagination };
}

/**
 * Pages of released lists as sent, kept per model (the very parsed copy), columns the caller sees, rendered
 * condition and order (the caller's data scope included), page and language. Dropped in every process on any
 * write to records (a relation field shows another form's records), a release, and any change of dictionaries,
 * users, organisations or grants; a form with options or popups from data interfaces (answers of outside
 * systems, nothing announces their changes) is never kept.
 */
export const formPages = (app: AppContext) =>
  keptAnswersOf(app, 'visualdev:list', {
    channels: [
      RECORDS_CHANNEL,
      RELEASED_CHANNEL,
      'dictionary:changed',
      'directory:changed',
      'organize:changed',
      'grants:changed',
    ],
    limit: 1000,
    maxAgeMs: 1000,
  });

const listDialect = new PgDialect();
const modelTokens = new WeakMap<Model, number>();
let nextModelToken = 0;

/** a number per parsed model: a new release is a new model, so its pages never meet the old ones' */
function modelToken(model: Model): number {
  let token = modelTokens.get(model);
  if (token === undefined) modelTokens.set(model, (token = ++nextModelToken));
  return token;
}

/** may a model's list pages be kept: none of its fields takes options or rows from a data interface */
const keepableModels = new WeakMap<Model, boolean>();
function keepable(model: Model): boolean {
  let yes = keepableModels.get(model);
  if (yes === undefined)
    keepableModels.set(model, (yes = !hasDynamicOptions(model.fields) && !hasPopupFields(model.fields)));
  return yes;
}

/**
 * The list answer (the envelope as sent), kept while nothing it shows changed. The key is taken before the query
 * is planned: the plan follows from the model, the request, the dictionaries (their change drops every page) and
 * the caller's scope, which is rendered into the key with its parameters. A tree table's levels are kept alike:
 * the request holds the parent (parentId), and `check` (the parent is a record the caller reaches) runs only
 * when the level is built, so a kept level answers without reading the parent again — its key holds the scope
 * that decided it, and any write to the form's records drops it.
 */
export async function listRecordsText(
  app: AppContext,
  model: Model,
  req: ListRequest,
  visible: ReadonlySet<string> | null,
  lang: Language,
  scope: SQL | undefined,
  caller: Caller | null,
  mark: number,
  /** checked before a page is built (a tree level's parent is reached): a refusal is never kept */
  check?: () => Promise<void>,
): Promise<string | Buffer> {
  const build = async () => {
    await check?.();
    const page = await listRecords(app, model, req, visible, lang, scope, caller);
    return { text: JSON.stringify(app.envelope(lang, 200, 'success', page)) };
  };
  if (!keepable(model)) return (await build()).text;
  const shown = visible ? [...visible].sort().join(',') : '*';
  const rendered = scope ? listDialect.sqlToQuery(scope) : undefined;
  const scopeKey = rendered ? `${rendered.sql}\u0000${JSON.stringify(rendered.params)}` : '';
  const key = `${model.id}\u0000${modelToken(model)}\u0000${lang}\u0000${shown}\u0000${JSON.stringify(req)}\u0000${scopeKey}`;
  return formPages(app).answer(key, mark, build);
}

/** the fields a list row and an export carry: not sub-tables (their rows belong to the form and its details) */
/**
 * The fields a list row and an export carry: the list's designed columns only (each a listable field), so that
 * a field the list does not show, or a sub-table or rich text, never leaves through the list
 */
const columnFields = (model: Model) => model.columns.map((c) => model.byVModel.get(c.prop)!).filter((f) => !!f);

/** a worksheet name Excel accepts */
const sheetTitle = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/** a sheet cell of a shown value */
const cellOf = (v: unknown): string | number => (typeof v === 'number' ? v : v == null ? '' : String(v));

/**
 * The list as an .xlsx download ({name, url}): the chosen columns (selectKey; none = every column the caller
 * sees) with their labels, the values as shown; the current page, or every record when the list is not paged.
 * selectKey may name sub-table columns as "<table>-<column>" (the reference's form) of the sub-tables the caller's
 * form shows (`tables`): the sheet then has the import template's layout — each sub-table's title over its
 * chosen columns in a second header row, a row per sub-table row — so that an export can be imported back.
 */
export async function exportRecords(
  app: AppContext,
  principal: Principal,
  model: Model,
  req: ListRequest & { selectKey: string[] },
  visible: ReadonlySet<string> | null,
  lang: Language,
  scope?: SQL,
  tables: readonly FieldConfig[] = [],
): Promise<DownloadVO> {
  const plan = await listPlan(app, model, req, lang, scope, callerOf(principal), true);
  const candidates = model.columns
    .map((c) => ({ prop: c.prop, label: c.label || labelOf(model.byVModel.get(c.prop)!) }))
    .filter((c) => !visible || visible.has(c.prop));
  const chosen = req.selectKey.length ? candidates.filter((c) => req.selectKey.includes(c.prop)) : candidates;
  const fields = chosen.map((c) => model.byVModel.get(c.prop)!);
  // the sub-tables with their chosen columns, as fields whose rows are shown with those columns only
  const groups = tables.flatMap((table) => {
    const columns = subTableColumns(table).filter((c) => req.selectKey.includes(`${table.__vModel__}-${c.__vModel__}`));
    return columns.length
      ? [{ table: { ...table, __config__: { ...table.__config__, children: columns } }, columns }]
      : [];
  });
  const shownFields = [...fields, ...groups.map((g) => g.table)];
  async function* rows() {
    const all = !plan.paged;
    const limit = all ? EXPORT_BATCH : req.pageSize;
    for (let offset = all ? 0 : (req.currentPage - 1) * req.pageSize; offset < EXPORT_MAX; offset += limit) {
      const batch = await app.db
        .select()
        .from(visualRecord)
        .where(plan.where)
        .orderBy(...plan.order)
        .limit(limit)
        .offset(offset);
      const ctx = await displayContext(app, model, batch, lang, plan.options, undefined, callerOf(principal));
      for (const r of batch) {
        const shown = displayRecord(shownFields, r.data, ctx, r.creatorUserId);
        yield Object.fromEntries(
          Object.entries(shown).map(([k, v]) => [
            k,
            Array.isArray(v) && groups.some((g) => g.table.__vModel__ === k)
              ? (v as Values[]).map((line) =>
                  Object.fromEntries(Object.entries(line).map(([c, cell]) => [c, cellOf(cell)])),
                )
              : cellOf(v),
          ]),
        );
      }
      if (!all || batch.length < limit) return;
    }
  }
  const content = await writeSheet(
    sheetTitle(model.fullName),
    chosen.map((c) => ({ key: c.prop, label: { zh: c.label, zhtw: c.label, en: c.label }, width: 20 })),
    rows(),
    lang,
    {
      groups: groups.map(({ table, columns }) => ({
        key: table.__vModel__,
        label: labelOf(table),
        columns: columns.map((c) => ({ key: c.__vModel__, label: labelOf(c), width: 20 })),
      })),
    },
  );
  const stamp = formatMs(Date.now(), 'YYYYMMDDHHmmss');
  return offerDownload(app, principal.userId, `${model.fullName}_${stamp}.xlsx`, content);
}
