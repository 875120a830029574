// Public links of a design (表单外链): a form anyone holding the link fills in without signing in, and a list they
// may search. A link is `/formShortLink?encryption=<token>`, the token naming the design, the kind of link and the
// design's current link key; the key is random and kept on the server, so a link cannot be made up, and a new key
// ends every link handed out before. Where the reference only hides a password-protected page in the browser,
// here every public call of a protected link needs the ticket that the right password earned.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  complexHeadersOf,
  dataFields,
  defaultSearchType,
  fieldsWithColumns,
  isSubTableKey,
  isListableKey,
  isTreeOptionKey,
  needsSignedInChoices,
  isSearchable,
  isSystemKey,
  parseDesignJson,
  type ColumnDataJson,
  type ColumnItem,
  type OnlineFieldKey,
  type FieldConfig,
  type FormDataJson,
  type Language,
  type SearchItem,
} from '@jnpf/core';
import type { Db, Tx } from '../../../db/client.js';
import { visualShortLink } from '../../../db/schema/index.js';
import type { AuditActor } from '../../../platform/audit.js';
import type { KeyValueStore } from '../../../platform/kv.js';
import { insertAudited, updateVersioned } from '../../../platform/crud.js';
import { refuse } from '../../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../../platform/password.js';
import { MODULE_NAME } from '../design/designs.js';
import { labelOf, throwIssues, type Issues } from '../issues.js';
import { m } from '../messages.js';
import type { Model } from '../runtime/model.js';
import type { OptionLists } from '../runtime/options.js';
import { isOptionField } from '../runtime/options.js';
import { isMaskedField, serverWidgetOf, serverWidgetOfKey } from '../runtime/values.js';
import { usesDictionary, optionKeys } from '../design/designCheck.js';

export type LinkKind = 'form' | 'list';
export type LinkRow = typeof visualShortLink.$inferSelect;

/** the front-end page a link opens (the reference's realPcLink) */
export const LINK_PAGE = '/formShortLink';
/** how long the right password opens a protected link for */
export const TICKET_TTL_MS = 8 * 60 * 60 * 1000;
/** the header a protected link's calls carry their ticket in */
export const TICKET_HEADER = 'x-link-ticket';

const newKey = () => randomBytes(24).toString('base64url');

interface TokenPayload {
  modelId: string;
  type: LinkKind;
  key: string;
}

/** the `encryption` parameter of a link: readable by the page (which design, which kind), not forgeable */
export function linkToken(modelId: string, type: LinkKind, key: string): string {
  return Buffer.from(JSON.stringify({ modelId, type, key } satisfies TokenPayload)).toString('base64url');
}

export function readToken(token: string | undefined): TokenPayload | null {
  if (!token || token.length > 500) return null;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<TokenPayload>;
    if (typeof value.modelId !== 'string' || typeof value.key !== 'string') return null;
    if (value.type !== 'form' && value.type !== 'list') return null;
    return { modelId: value.modelId, type: value.type, key: value.key };
  } catch {
    return null;
  }
}

export const linkPath = (modelId: string, type: LinkKind, key: string) =>
  `${LINK_PAGE}?encryption=${linkToken(modelId, type, key)}`;

export async function linkOf(db: Db | Tx, id: string): Promise<LinkRow | undefined> {
  return (await db.select().from(visualShortLink).where(eq(visualShortLink.id, id)).limit(1))[0];
}

/** GET /ShortLink/{id}: the settings as the link dialog edits them; passwords never leave the server */
export function linkInfo(id: string, row: LinkRow | undefined) {
  return {
    id,
    formUse: row?.formUse ?? 0,
    /** the page a link opens, with its token; empty until the settings are first saved */
    formLink: row ? linkPath(id, 'form', row.linkKey) : '',
    formPassUse: row?.formPassUse ?? 0,
    formPassword: '',
    hasFormPassword: !!row?.formPasswordHash,
    columnUse: row?.columnUse ?? 0,
    columnLink: row ? linkPath(id, 'list', row.linkKey) : '',
    columnPassUse: row?.columnPassUse ?? 0,
    columnPassword: '',
    hasColumnPassword: !!row?.columnPasswordHash,
    columnCondition: JSON.stringify(row?.columnCondition ?? []),
    columnText: JSON.stringify(row?.columnText ?? []),
    /** whether the settings were ever saved: before that the links open nothing */
    alreadySave: !!row,
  };
}

export interface LinkSettings {
  formUse: 0 | 1;
  formPassUse: 0 | 1;
  /** md5 hex of a new password; undefined keeps the current one */
  formPassword?: string;
  columnUse: 0 | 1;
  columnPassUse: 0 | 1;
  columnPassword?: string;
  columnCondition: string[];
  columnText: string[];
}

/** what a visitor's form holds: no system fields or numbers (the server's), no pickers (the directory is not public) */
const visitorFills = (key: string) =>
  !isSystemKey(key) && !serverWidgetOfKey(key).numbered && !needsSignedInChoices(key);
/** what a visitor may search by: searchable fields but pickers (their choices come from the directory) */
const visitorSearches = (key: OnlineFieldKey) => isSearchable(key) && !needsSignedInChoices(key);

/** refuses settings that name fields the design does not have, or a list a form-only design cannot have */
export function checkSettings(
  settings: LinkSettings,
  design: { webType: number; formData: string },
  current: LinkRow | undefined,
  lang: Language,
): void {
  const issues: Issues = {};
  const form = parseDesignJson<FormDataJson>(design.formData);
  const fields = dataFields(Array.isArray(form?.fields) ? form.fields : []);
  // a public list shows and searches listable fields only
  const byProp = new Map(fields.filter((f) => isListableKey(f.__config__.jnpfKey)).map((f) => [f.__vModel__, f]));
  if (settings.formUse && settings.formPassUse && !settings.formPassword && !current?.formPasswordHash)
    issues.formPassword = { key: m.linkPasswordRequired };
  // a sub-table's required picker column too: the visitor's rows cannot fill it
  const hiddenRequired = fieldsWithColumns(fields).find(
    (f) => f.__config__.required === true && f.__config__.noShow !== true && needsSignedInChoices(f.__config__.jnpfKey),
  );
  if (settings.formUse && hiddenRequired)
    issues.formUse = { key: m.linkRequiredHidden, params: { label: labelOf(hiddenRequired) } };
  if (settings.columnUse) {
    if (design.webType !== 2) issues.columnUse = { key: m.linkListNeedsList };
    if (settings.columnPassUse && !settings.columnPassword && !current?.columnPasswordHash)
      issues.columnPassword = { key: m.linkPasswordRequired };
    if (!settings.columnText.length) issues.columnText = { key: m.linkColumnsRequired };
  }
  for (const prop of settings.columnText)
    if (!byProp.has(prop)) issues.columnText ??= { key: m.linkFieldUnknown, params: { prop } };
  for (const prop of settings.columnCondition) {
    const field = byProp.get(prop);
    if (!field) issues.columnCondition ??= { key: m.linkFieldUnknown, params: { prop } };
    else if (!visitorSearches(field.__config__.jnpfKey))
      issues.columnCondition ??= { key: m.linkFieldNotSearchable, params: { label: labelOf(field) } };
  }
  throwIssues(issues, lang);
}

async function passwordColumns(md5: string | undefined, use: 0 | 1, hash: string | null, salt: string | null) {
  if (!use) return { hash: null, salt: null };
  if (!md5) return { hash, salt };
  return hashPassword(md5);
}

/** saves the settings (a new row gets its key); returns the key the links carry */
export async function saveLink(
  tx: Tx,
  actor: AuditActor,
  id: string,
  settings: LinkSettings,
  current: LinkRow | undefined,
): Promise<string> {
  const form = await passwordColumns(
    settings.formPassword,
    settings.formPassUse,
    current?.formPasswordHash ?? null,
    current?.formPasswordSalt ?? null,
  );
  const column = await passwordColumns(
    settings.columnPassword,
    settings.columnPassUse,
    current?.columnPasswordHash ?? null,
    current?.columnPasswordSalt ?? null,
  );
  const values = {
    formUse: settings.formUse,
    formPassUse: settings.formPassUse,
    formPasswordHash: form.hash,
    formPasswordSalt: form.salt,
    columnUse: settings.columnUse,
    columnPassUse: settings.columnPassUse,
    columnPasswordHash: column.hash,
    columnPasswordSalt: column.salt,
    columnCondition: settings.columnCondition,
    columnText: settings.columnText,
  };
  const now = Date.now();
  if (!current) {
    const linkKey = newKey();
    await insertAudited(
      tx,
      visualShortLink,
      { id, linkKey, ...values, creatorTime: now, creatorUserId: actor.userId },
      { actor, moduleName: MODULE_NAME, recordId: id, action: 'saveShortLink' },
    );
    return linkKey;
  }
  await updateVersioned(
    tx,
    visualShortLink,
    id,
    null,
    { ...values, lastModifyTime: now, lastModifyUserId: actor.userId },
    { actor, moduleName: MODULE_NAME, action: 'saveShortLink' },
  );
  return current.linkKey;
}

/** a new key: every link handed out before stops working */
export async function renewKey(tx: Tx, actor: AuditActor, current: LinkRow): Promise<string> {
  const linkKey = newKey();
  await updateVersioned(
    tx,
    visualShortLink,
    current.id,
    null,
    { linkKey, lastModifyTime: Date.now(), lastModifyUserId: actor.userId },
    { actor, moduleName: MODULE_NAME, action: 'renewShortLink' },
  );
  return linkKey;
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OpenLink {
  row: LinkRow;
  type: LinkKind;
  /** the password of this kind of link is on */
  locked: boolean;
}

/**
 * The link a public call was made with: the token must name this design with its current key, and the kind of
 * link must be switched on. `kind` is what the call needs (a record is created only through a form link).
 */
export async function openLink(db: Db, modelId: string, token: string | undefined, kind?: LinkKind): Promise<OpenLink> {
  const payload = readToken(token);
  if (!payload || payload.modelId !== modelId) throw refuse(m.linkInvalid);
  const row = await linkOf(db, modelId);
  if (!row || !sameKey(row.linkKey, payload.key)) throw refuse(m.linkInvalid);
  if (kind && payload.type !== kind) throw refuse(m.linkInvalid);
  if (payload.type === 'form' && row.formUse !== 1) throw refuse(m.formLinkOff);
  if (payload.type === 'list' && row.columnUse !== 1) throw refuse(m.listLinkOff);
  const locked = payload.type === 'form' ? row.formPassUse === 1 : row.columnPassUse === 1;
  return { row, type: payload.type, locked };
}

const passwordOf = (link: OpenLink) =>
  link.type === 'form'
    ? { hash: link.row.formPasswordHash, salt: link.row.formPasswordSalt }
    : { hash: link.row.columnPasswordHash, salt: link.row.columnPasswordSalt };

const ticketKey = (ticket: string) => `shortLinkTicket:${ticket}`;

/** checks the password (md5 hex) of an open link; the right one earns a ticket for this link and kind */
/** wrong passwords one link takes, from any address, before it refuses to check more for a while */
export const LINK_FAILURES_MAX = 30;
const FAILURE_WINDOW_MS = 10 * 60 * 1000;
const failuresKey = (link: OpenLink) => `shortLinkFailures:${link.row.id}:${link.type}`;

/** what a ticket keeps of the password it was earned with: enough to tell a changed one, nothing to guess from */
const passwordMark = (hash: string) => createHash('sha256').update(hash).digest('base64url').slice(0, 16);

export async function unlock(kv: KeyValueStore, link: OpenLink, md5: string): Promise<string> {
  const { hash, salt } = passwordOf(link);
  if (!link.locked || !hash || !salt) return '';
  // guessing is limited per link too, whatever addresses it comes from
  const failures = Number((await kv.get(failuresKey(link))) ?? 0);
  if (failures >= LINK_FAILURES_MAX) throw refuse('tooManyRequests');
  if (!(await verifyPassword(md5, hash, salt))) {
    await kv.incr(failuresKey(link), FAILURE_WINDOW_MS);
    throw refuse(m.linkPasswordWrong);
  }
  const ticket = randomBytes(24).toString('base64url');
  // the ticket remembers the password it was earned with: a changed password or key ends it
  await kv.set(
    ticketKey(ticket),
    JSON.stringify({ id: link.row.id, type: link.type, key: link.row.linkKey, mark: passwordMark(hash) }),
    TICKET_TTL_MS,
  );
  return ticket;
}

/** refuses a call on a protected link without a ticket its password earned */
export async function assertUnlocked(kv: KeyValueStore, link: OpenLink, ticket: string | undefined): Promise<void> {
  if (!link.locked) return;
  const saved = ticket && ticket.length <= 100 ? await kv.get(ticketKey(ticket)) : null;
  const value = saved ? (JSON.parse(saved) as { id: string; type: string; key: string; mark: string }) : null;
  const { hash } = passwordOf(link);
  if (
    !value ||
    !hash ||
    value.id !== link.row.id ||
    value.type !== link.type ||
    value.key !== link.row.linkKey ||
    value.mark !== passwordMark(hash)
  )
    throw refuse(m.linkUnlockFirst);
}

/** a field whose options come from a dictionary, given as the static options the visitor may choose */
function withInlineOptions(field: FieldConfig, options: OptionLists): FieldConfig {
  if (!isOptionField(field) || !usesDictionary(field)) return field;
  const list = options.get(field.__vModel__);
  const keys = optionKeys(field);
  const node = (value: string) => ({ [keys.label]: list?.labels.get(value) ?? value, [keys.value]: value });
  // a tree keeps its shape: the enabled options under enabled parents
  const below = (parent: string, depth = 0): Record<string, unknown>[] =>
    [...(list?.allowed ?? [])]
      .filter((value) => depth < 20 && (list?.parents.get(value) ?? '') === parent)
      .map((value) => {
        const children = below(value, depth + 1);
        return children.length ? { ...node(value), [keys.children]: children } : node(value);
      });
  const choices = isTreeOptionKey(field.__config__.jnpfKey) ? below('') : [...(list?.allowed ?? [])].map(node);
  return {
    ...field,
    options: choices as unknown as FieldConfig['options'],
    __config__: { ...field.__config__, dataType: 'static', dictionaryType: '' },
  };
}

/** the form a visitor fills in: the design's layout without system fields, numbers and pickers, options inlined */
export function publicFormData(model: Model, options: OptionLists): string {
  const form = parseDesignJson<FormDataJson>(model.formData) ?? ({ fields: [] } as unknown as FormDataJson);
  const keep = (list: readonly FieldConfig[]): FieldConfig[] =>
    list
      .filter((f) => !f.__vModel__ || visitorFills(f.__config__.jnpfKey))
      .map((f) => {
        const children = f.__config__.children;
        const field = Array.isArray(children) ? { ...f, __config__: { ...f.__config__, children: keep(children) } } : f;
        return f.__vModel__ ? withInlineOptions(field, options) : field;
      });
  return JSON.stringify({ ...form, fields: keep(Array.isArray(form.fields) ? form.fields : []) });
}

export interface PublicList {
  columns: ColumnItem[];
  searches: SearchItem[];
}

/**
 * The public list: the chosen columns (the design's column item when it has one, so labels and widths follow it)
 * and the chosen search conditions (the design's search item, else the field's default search), options inlined.
 * Fields no longer in the released form drop out.
 */
export function publicList(model: Model, row: LinkRow, options: OptionLists): PublicList {
  const columns: ColumnItem[] = [];
  for (const prop of row.columnText) {
    const field = model.byVModel.get(prop);
    if (!field || !isListableKey(field.__config__.jnpfKey)) continue;
    const designed = model.columns.find((c) => c.prop === prop);
    columns.push({
      ...(designed ?? { fixed: 'none', align: 'left', width: null }),
      label: designed?.label || labelOf(field),
      prop,
      jnpfKey: field.__config__.jnpfKey,
      sortable: designed?.sortable === true,
    } as ColumnItem);
  }
  const searches: SearchItem[] = [];
  for (const prop of row.columnCondition) {
    const field = model.byVModel.get(prop);
    if (!field || !visitorSearches(field.__config__.jnpfKey)) continue;
    const designed = model.searches.find((s) => s.prop === prop);
    searches.push({
      ...withInlineOptions(field, options),
      label: labelOf(field),
      prop,
      jnpfKey: field.__config__.jnpfKey,
      searchType: designed?.searchType ?? defaultSearchType(field.__config__.jnpfKey),
      isKeyword: false,
      searchMultiple: designed?.searchMultiple === true,
    } as SearchItem);
  }
  return { columns, searches };
}

export type PublicListExtras = Required<
  Pick<ColumnDataJson, 'showSummary' | 'summaryField' | 'thousands' | 'thousandsField' | 'complexHeaderList'>
>;

/**
 * The 合计 row, thousands separators and grouped headers of the public list, over the shared columns only (the
 * rules themselves are core's listExtras, applied by the page): a field that masks its text is never summed, and a
 * group keeps only its shared columns (a group left without any is dropped, its name not sent).
 */
export function publicListExtras(model: Model, columns: readonly ColumnItem[]): PublicListExtras {
  const shared = new Set(columns.map((c) => c.prop));
  const list = model.list;
  const sharedProps = (value: unknown, also: (prop: string) => boolean = () => true): string[] =>
    Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string' && shared.has(p) && also(p)) : [];
  const unmasked = (prop: string) => {
    const field = model.byVModel.get(prop);
    return !!field && !isMaskedField(field);
  };
  return {
    showSummary: list.showSummary === true,
    summaryField: sharedProps(list.summaryField, unmasked),
    thousands: list.thousands === true,
    thousandsField: sharedProps(list.thousandsField),
    complexHeaderList: complexHeadersOf(list.complexHeaderList)
      .map((header) => ({ ...header, childColumns: header.childColumns.filter((p) => shared.has(p)) }))
      .filter((header) => header.childColumns.length > 0),
  };
}

/** the largest page of a public list */
export const PUBLIC_PAGE_MAX = 100;

/** the model as the public list sees it: only the chosen columns sort, only the chosen conditions search, paged */
export function publicListModel(model: Model, list: PublicList): Model {
  return { ...model, columns: list.columns, searches: list.searches, list: { ...model.list, hasPage: true } };
}

/** "张三/zhangsan" → "张三": visitors see people's names, not their sign-in accounts */
const withoutAccount = (text: string) =>
  text
    .split(',')
    .map((name) => (name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : name))
    .join(',');

/** a row as a visitor sees it: shown values only (no raw ids), people without their accounts */
export function publicRow(fields: readonly FieldConfig[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = 'id' in row ? { id: row.id } : {};
  for (const field of fields) {
    const key = field.__vModel__;
    if (!(key in row)) continue;
    const value = row[key];
    const names = serverWidgetOf(field).names;
    const people = names === 'user' || names === 'pickedUsers';
    out[key] = people && typeof value === 'string' ? withoutAccount(value) : value;
  }
  return out;
}

/** the model a visitor's submission is checked against: the fields of the visitor's form (and the server's own) */
export function visitorModel(model: Model): Model {
  const visible = (f: FieldConfig) => !needsSignedInChoices(f.__config__.jnpfKey);
  // a sub-table keeps the columns a visitor's form shows (not its pickers)
  const fields = model.fields
    .filter(visible)
    .map((f) =>
      isSubTableKey(f.__config__.jnpfKey) && Array.isArray(f.__config__.children)
        ? { ...f, __config__: { ...f.__config__, children: f.__config__.children.filter(visible) } }
        : f,
    );
  return { ...model, fields, byVModel: new Map(fields.map((f) => [f.__vModel__, f])) };
}
