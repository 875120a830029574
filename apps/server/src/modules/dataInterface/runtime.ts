// Running a data interface: parameters and system variables bound (never written into SQL text), SQL on its
// source in a read-only transaction with a time and row limit, static JSON, or an HTTP call; then the exception
// check and the transform in the sandbox. List pages (SQL pages in the database), InfoByIds and GetFields.
import { UNPAGED_ROWS_MAX } from '@jnpf/core';
import { and, eq } from 'drizzle-orm';
import { dataInterfaceVariate, dataInterface as diTable, dataSource, user } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { SYSTEM_VARIABLES } from '../../platform/dataScope.js';
import { refuse } from '../../platform/errors.js';
import { escapeLike } from '../../platform/paging.js';
import { driverRefusal, PLATFORM_SOURCE, runnerOf, type SqlRunner } from './connect.js';
import { m } from './messages.js';
import {
  isWriting,
  configOf,
  isRequired,
  paramsOf,
  TYPE_API,
  TYPE_SQL,
  TYPE_STATIC,
  type ApiItem,
  type InterfaceRow,
  type ParamModel,
} from './model.js';
import { sendOutbound } from './outbound.js';
import { isBlankScript, runScript } from './sandbox.js';
import { configOf as sourceConfigOf } from './sources.js';
import { compileSql, refuseProtected, refuseSensitive, type BindValue, type Resolved } from './sqlText.js';

/** the most rows one call answers (a popup without paging reads them at once) */
export const MAX_ROWS = UNPAGED_ROWS_MAX;
const MAX_VARIABLE_DEPTH = 3;

export interface Caller {
  userId: string;
  isAdministrator: boolean;
}

export interface PageParams {
  currentPage: number;
  pageSize: number;
  keyword: string;
}

export interface CallInput {
  /** parameter values by field (paramList's field → defaultValue) */
  params: Record<string, unknown>;
  page?: PageParams;
  echo?: { showKey: string; showValue: string };
  formId?: string;
}

export interface CallContext {
  app: AppContext;
  /** the signed-in caller; null for an outside application (user variables are then empty) */
  caller: Caller | null;
  depth?: number;
}

/** paramList [{field, defaultValue}] → {field: value} */
export function paramValues(list: { field?: string | null; defaultValue?: unknown }[] | undefined) {
  const out: Record<string, unknown> = {};
  for (const p of list ?? []) if (p.field) out[p.field] = p.defaultValue;
  return out;
}

/** a paramList item that names a system variable (sourceType 4): its value is the caller's, never the client's */
interface ParamListItem {
  field?: string | null;
  defaultValue?: unknown;
  sourceType?: unknown;
  relationField?: unknown;
}

/**
 * paramList → {field: value}, with parameters bound to a system variable (sourceType 4, relationField "@userId"
 * …) resolved for the caller; a list of values (sub-organisations) is passed comma-joined
 */
export async function resolvedParamValues(
  ctx: CallContext,
  list: readonly ParamListItem[] | undefined,
  formId?: string,
): Promise<Record<string, unknown>> {
  const out = paramValues(list?.map((p) => ({ field: p.field ?? null, defaultValue: p.defaultValue })));
  const resolver = variableResolver(ctx, formId ? { params: {}, formId } : { params: {} });
  for (const p of list ?? []) {
    if (!p.field || Number(p.sourceType) !== 4 || typeof p.relationField !== 'string') continue;
    if (!p.relationField.startsWith('@') || ['@keyword', '@showKey', '@showValue'].includes(p.relationField)) {
      out[p.field] = null;
      continue;
    }
    const v = await resolver.resolve(p.relationField);
    out[p.field] = v instanceof Date ? v.getTime() : Array.isArray(v) ? v.join(',') : (v ?? null);
  }
  return out;
}

// ------------------------------------------------------------------------------------------- values

/** a parameter's value typed by its declaration: "" and absent take the default, then null; wrong types refused */
function typedValue(p: ParamModel, raw: unknown): BindValue {
  let v = raw === undefined || raw === null || raw === '' ? p.defaultValue : raw;
  if (v === undefined || v === null || v === '') {
    if (isRequired(p)) throw refuse(m.paramRequired, { name: p.field });
    return null;
  }
  if (typeof v === 'object') v = JSON.stringify(v);
  const type = (p.dataType ?? 'varchar').toLowerCase();
  if (type === 'int' || type === 'bigint') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isSafeInteger(n)) throw refuse(m.paramInvalid, { name: p.field, type });
    return n;
  }
  if (type === 'decimal') {
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    if (!Number.isFinite(n)) throw refuse(m.paramInvalid, { name: p.field, type });
    return n;
  }
  if (type === 'datetime') {
    const n = typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : Date.parse(String(v));
    if (!Number.isFinite(n)) throw refuse(m.paramInvalid, { name: p.field, type });
    return new Date(n);
  }
  return String(v).slice(0, 10_000);
}

/** the system variables of the caller, page and echo parameters, resolved on first use */
function variableResolver(ctx: CallContext, input: CallInput) {
  const cache = new Map<string, Promise<Resolved | undefined>>();
  const { app, caller } = ctx;
  const scope = (name: keyof typeof SYSTEM_VARIABLES) =>
    caller ? app.dataScope.variableValues(caller.userId, name) : Promise.resolve([] as string[]);
  const resolve = async (name: string): Promise<Resolved | undefined> => {
    const page = input.page;
    switch (name) {
      case '@user':
      case '@userId':
      case '@currentUser':
        return caller?.userId ?? null;
      case '@userAndSub':
      case '@userAndSubordinates':
      case '@userAraSubordinates':
        return scope('@userAndSubordinates');
      case '@organize':
      case '@organizeId':
      case '@currentOrganize':
        return (await scope('@organizeId'))[0] ?? null;
      case '@organizeAndSub':
      case '@organizationAndSuborganization':
        return scope('@organizationAndSuborganization');
      case '@branchManageOrganize':
      case '@branchManageOrganizeAndSub':
        return scope(name);
      case '@position':
      case '@positionId':
      case '@currentPosition': {
        if (!caller) return null;
        const [row] = await app.db.select({ p: user.positionId }).from(user).where(eq(user.id, caller.userId));
        return row?.p?.split(',')[0] ?? null;
      }
      case '@formId':
        return input.formId ?? null;
      case '@currentTime':
        return Date.now();
      case '@keyword':
        return page?.keyword ?? '';
      case '@currentPage':
        return page?.currentPage ?? 1;
      case '@pageSize':
        return page?.pageSize ?? MAX_ROWS;
      case '@offsetSize':
        return page ? (page.currentPage - 1) * page.pageSize : 0;
      case '@showKey':
        return input.echo?.showKey ?? null;
      case '@showValue':
        return input.echo?.showValue ?? null;
      default:
        return undefined;
    }
  };
  return {
    /** resolves every @name the text uses, so that the SQL reader can ask synchronously */
    async prepare(text: string) {
      for (const [, name] of text.matchAll(/@([A-Za-z_][A-Za-z0-9_]*)/g)) {
        const key = `@${name}`;
        if (!cache.has(key)) cache.set(key, resolve(key));
      }
      const out = new Map<string, Resolved | undefined>();
      for (const [k, v] of cache) out.set(k, await v);
      return (name: string) => out.get(name);
    },
    resolve,
  };
}

function paramResolver(row: InterfaceRow, input: CallInput) {
  const declared = new Map(paramsOf(row).map((p) => [p.field, p]));
  const values = new Map<string, BindValue>();
  for (const [field, p] of declared) values.set(field, typedValue(p, input.params[field]));
  return { known: (name: string) => declared.has(name), value: (name: string) => values.get(name) ?? null };
}

// ------------------------------------------------------------------------------------------- SQL

async function runnerFor(ctx: CallContext, dbLinkId: string): Promise<SqlRunner> {
  if (dbLinkId === PLATFORM_SOURCE) return runnerOf(ctx.app, PLATFORM_SOURCE, null);
  const [row] = await ctx.app.db.select().from(dataSource).where(eq(dataSource.id, dbLinkId)).limit(1);
  if (!row) throw refuse(m.sourceNotFound);
  if (row.enabledMark !== 1) throw refuse(m.sourceDisabled);
  return runnerOf(ctx.app, row.id, sourceConfigOf(ctx.app, row));
}

/** checks SQL text at save and at run: one statement, no refused words, no protected platform data */
export function checkSqlText(
  sql: string,
  dbLinkId: string,
  writing: boolean,
  dialect: 'postgres' | 'mysql' = 'postgres',
) {
  const compiled = compileSql(
    sql,
    dialect,
    () => null,
    () => null,
    () => true,
  );
  refuseSensitive(compiled.words, writing);
  if (dbLinkId === PLATFORM_SOURCE) refuseProtected(compiled.words, writing);
  return compiled;
}

interface PreparedSql {
  runner: SqlRunner;
  text: string;
  values: BindValue[];
  writing: boolean;
}

async function prepareSql(
  ctx: CallContext,
  row: InterfaceRow,
  input: CallInput,
  sqlText: string,
): Promise<PreparedSql> {
  const config = configOf(row);
  const dbLinkId = config.sqlData?.dbLinkId || PLATFORM_SOURCE;
  const writing = isWriting(row.action);
  if (writing && !ctx.caller?.isAdministrator) throw refuse(m.writeAdminOnly);
  const runner = await runnerFor(ctx, dbLinkId);
  const params = paramResolver(row, input);
  const variables = await variableResolver(ctx, input).prepare(sqlText);
  const compiled = compileSql(sqlText, runner.dialect, params.value, variables, params.known);
  refuseSensitive(compiled.words, writing);
  if (dbLinkId === PLATFORM_SOURCE) refuseProtected(compiled.words, writing);
  return { runner, text: compiled.text, values: compiled.values, writing };
}

async function runSql(p: PreparedSql, text: string, values: BindValue[]) {
  try {
    return await p.runner.run(text, values, p.writing);
  } catch (err) {
    throw driverRefusal(err);
  }
}

const quoteIdent = (dialect: 'postgres' | 'mysql', name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw refuse(m.fieldUnknown, { name: name.slice(0, 64) });
  return dialect === 'postgres' ? `"${name}"` : `\`${name}\``;
};

const bindMark = (p: PreparedSql, values: BindValue[], v: BindValue) => {
  values.push(v);
  return p.runner.dialect === 'postgres' ? `$${values.length}` : '?';
};

/** all rows of the interface's SQL, at most MAX_ROWS (more is refused); a writing interface answers its count */
async function sqlRows(ctx: CallContext, row: InterfaceRow, input: CallInput): Promise<unknown> {
  const sqlText = configOf(row).sqlData?.sql ?? '';
  const p = await prepareSql(ctx, row, input, sqlText);
  if (p.writing) {
    const res = await runSql(p, p.text, p.values);
    return { rowCount: res.rowCount };
  }
  const res = await runSql(p, `select * from (${p.text}) jnpf_q limit ${MAX_ROWS + 1}`, p.values);
  if (res.rows.length > MAX_ROWS) throw refuse(m.tooManyRows, { max: MAX_ROWS });
  return res.rows.map(plainRow);
}

/** driver values as JSON carries them: dates as ms, big numbers as numbers when safe */
function plainRow(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) {
    if (v instanceof Date) out[k] = v.getTime();
    else if (typeof v === 'bigint') out[k] = Number.isSafeInteger(Number(v)) ? Number(v) : String(v);
    else if (Buffer.isBuffer(v)) out[k] = v.toString('base64');
    else out[k] = v;
  }
  return out;
}

// ------------------------------------------------------------------------------------------- HTTP

async function variableValue(ctx: CallContext, ref: string): Promise<string> {
  const depth = (ctx.depth ?? 0) + 1;
  if (depth > MAX_VARIABLE_DEPTH) throw refuse(m.variateLoop);
  const [v] = await ctx.app.db
    .select()
    .from(dataInterfaceVariate)
    .where(eq(dataInterfaceVariate.id, ref))
    .limit(1)
    .then(async (rows) =>
      rows.length
        ? rows
        : ctx.app.db.select().from(dataInterfaceVariate).where(eq(dataInterfaceVariate.fullName, ref)).limit(1),
    );
  if (!v) return '';
  if (!v.expression?.trim()) return v.value ?? '';
  const [source] = await ctx.app.db
    .select()
    .from(diTable)
    .where(and(eq(diTable.id, v.interfaceId), eq(diTable.enabledMark, 1)))
    .limit(1);
  if (!source) return v.value ?? '';
  const data = await executeInterface({ ...ctx, depth }, source, { params: {} });
  const result = await runScript(v.expression, data);
  const value = typeof result === 'string' ? result : JSON.stringify(result);
  await ctx.app.db
    .update(dataInterfaceVariate)
    .set({ value, lastModifyTime: Date.now() })
    .where(eq(dataInterfaceVariate.id, v.id));
  return value;
}

async function apiItemValue(ctx: CallContext, row: InterfaceRow, input: CallInput, item: ApiItem): Promise<string> {
  const ref = item.defaultValue === undefined || item.defaultValue === null ? '' : String(item.defaultValue);
  switch (item.source) {
    case 1: {
      const declared = paramsOf(row).find((p) => p.field === ref);
      if (!declared) throw refuse(m.paramUndefined, { name: ref });
      const v = typedValue(declared, input.params[ref]);
      return v === null ? '' : v instanceof Date ? String(v.getTime()) : String(v);
    }
    case 2:
      return variableValue(ctx, ref);
    case 4: {
      const page = input.page;
      if (ref === 'currentPage') return String(page?.currentPage ?? 1);
      if (ref === 'pageSize') return String(page?.pageSize ?? 20);
      if (ref === 'keyword') return page?.keyword ?? '';
      return '';
    }
    case 5:
      if (ref === 'showKey') return input.echo?.showKey ?? '';
      if (ref === 'showValue') return input.echo?.showValue ?? '';
      return '';
    default:
      return ref;
  }
}

const xmlEscape = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

async function apiCall(ctx: CallContext, row: InterfaceRow, input: CallInput): Promise<unknown> {
  const api = configOf(row).apiData;
  if (!api?.url) throw refuse(m.httpUrlInvalid);
  let url: URL;
  try {
    url = new URL(api.url);
  } catch {
    throw refuse(m.httpUrlInvalid);
  }
  const value = (item: ApiItem) => apiItemValue(ctx, row, input, item);
  for (const item of api.query ?? []) if (item.field) url.searchParams.append(item.field, await value(item));
  const headers: Record<string, string> = {};
  for (const item of api.header ?? []) {
    if (!item.field || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(item.field)) continue;
    headers[item.field.toLowerCase()] = (await value(item)).replace(/[\r\n]/g, ' ');
  }
  let body: Buffer | undefined;
  const method = api.method === 2 ? 'POST' : 'GET';
  if (method === 'POST' && api.bodyType) {
    if (api.bodyType === 1 || api.bodyType === 2) {
      const items = Array.isArray(api.body) ? api.body : [];
      const pairs: [string, string][] = [];
      for (const item of items) if (item.field) pairs.push([item.field, await value(item)]);
      if (api.bodyType === 2) {
        body = Buffer.from(new URLSearchParams(pairs).toString());
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else {
        const boundary = `----jnpf${Date.now().toString(16)}`;
        const parts = pairs.map(
          ([k, v]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${v}\r\n`,
        );
        body = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      }
    } else {
      // JSON or XML text: {name} takes an interface parameter, encoded for the format (never raw)
      const template = typeof api.body === 'string' ? api.body : '';
      const declared = paramResolver(row, input);
      const filled = template.replace(/\{([A-Za-z_][A-Za-z0-9_.]*)\}/g, (all, name: string) => {
        if (!declared.known(name)) return all;
        const v = declared.value(name);
        const plain = v === null ? '' : v instanceof Date ? String(v.getTime()) : String(v);
        if (api.bodyType === 4) return xmlEscape(plain);
        return JSON.stringify(plain).slice(1, -1);
      });
      body = Buffer.from(filled);
      headers['content-type'] ??= api.bodyType === 4 ? 'application/xml' : 'application/json';
    }
  }
  const res = await sendOutbound(
    { method, url, headers, ...(body ? { body } : {}) },
    ctx.app.config.dataInterface.allowHosts,
  );
  if (res.status >= 400) throw refuse(m.httpStatus, { status: res.status });
  try {
    return JSON.parse(res.text) as unknown;
  } catch {
    return res.text;
  }
}

// ------------------------------------------------------------------------------------------- the whole call

/** the interface's result: raw data, exception check, transform */
export async function executeInterface(ctx: CallContext, row: InterfaceRow, input: CallInput): Promise<unknown> {
  let data: unknown;
  if (row.type === TYPE_SQL) data = await sqlRows(ctx, row, input);
  else if (row.type === TYPE_STATIC) data = staticData(row);
  else if (row.type === TYPE_API) data = await apiCall(ctx, row, input);
  else throw refuse(m.typeInvalid);
  return afterScripts(row, data);
}

function staticData(row: InterfaceRow): unknown {
  const s = configOf(row).staticData;
  if (s === undefined || s === null || s === '') return [];
  if (typeof s !== 'string') return s;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    throw refuse(m.staticInvalid);
  }
}

async function afterScripts(row: InterfaceRow, data: unknown): Promise<unknown> {
  if (!isBlankScript(row.dataExceptionJson)) {
    const ok = await runScript(row.dataExceptionJson!, data);
    if (!ok) throw refuse(m.exceptionCheck);
  }
  if (!isBlankScript(row.dataJsJson)) return runScript(row.dataJsJson!, data);
  return data;
}

// ------------------------------------------------------------------------------------------- lists

export interface ListRequest {
  page: PageParams;
  /** the fields the keyword is looked for in (relationField, columnOptions) */
  searchFields: string[];
}

const rowsOf = (data: unknown): Record<string, unknown>[] | null => {
  const list = Array.isArray(data) ? data : (data as { list?: unknown })?.list;
  if (!Array.isArray(list)) return null;
  return list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r));
};

function matches(r: Record<string, unknown>, fields: string[], keyword: string) {
  const k = keyword.toLowerCase();
  const keys = fields.length ? fields : Object.keys(r);
  return keys.some((f) => {
    const v = r[f];
    return v !== null && v !== undefined && typeof v !== 'object' && String(v).toLowerCase().includes(k);
  });
}

/** one page of the interface's rows with the total */
export async function listPage(ctx: CallContext, row: InterfaceRow, input: CallInput, req: ListRequest) {
  const { page } = req;
  if (row.type === TYPE_SQL && !isWriting(row.action)) return sqlPage(ctx, row, input, req);
  const data = await executeInterface(ctx, row, input);
  // an API that pages itself answers {list, pagination: {total}} or {list, total}
  if (row.type === TYPE_API && row.hasPage === 1) {
    const list = rowsOf(data);
    if (!list) throw refuse(m.notSpec);
    const d = data as { total?: unknown; pagination?: { total?: unknown } };
    const total = Number(d.pagination?.total ?? d.total ?? list.length);
    return { list, pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total } };
  }
  const all = rowsOf(data);
  if (!all) throw refuse(m.notSpec);
  const found = page.keyword ? all.filter((r) => matches(r, req.searchFields, page.keyword)) : all;
  const start = (page.currentPage - 1) * page.pageSize;
  return {
    list: found.slice(start, start + page.pageSize),
    pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total: found.length },
  };
}

/** the column carrying a page's total count beside its rows (a name no interface's own query would use) */
const TOTAL_COLUMN = 'jnpf_q_total_rows';

async function sqlPage(ctx: CallContext, row: InterfaceRow, input: CallInput, req: ListRequest) {
  const { page } = req;
  const sqlText = configOf(row).sqlData?.sql ?? '';
  const p = await prepareSql(ctx, row, { ...input, page }, sqlText);
  const dialect = p.runner.dialect;
  // paged by the interface itself: its SQL uses @offsetSize/@pageSize and dataCountJson counts
  if (row.hasPage === 1 && row.dataCountJson?.trim() && /@(offsetSize|pageSize|currentPage)/.test(sqlText)) {
    const counted = await prepareSql(ctx, row, { ...input, page }, row.dataCountJson);
    const [rows, count] = await Promise.all([
      runSql(p, `select * from (${p.text}) jnpf_q limit ${MAX_ROWS + 1}`, p.values),
      runSql(counted, counted.text, counted.values),
    ]);
    const first = count.rows[0] ?? {};
    const total = Number(Object.values(first)[0] ?? 0);
    const list = (await afterScripts(row, rows.rows.map(plainRow))) as unknown;
    return { list: rowsOf(list) ?? [], pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total } };
  }
  const values = [...p.values];
  let where = '';
  if (page.keyword && req.searchFields.length) {
    const pattern = `%${escapeLike(page.keyword)}%`;
    const parts = req.searchFields.map((f) =>
      dialect === 'postgres'
        ? `cast(jnpf_q.${quoteIdent(dialect, f)} as text) ilike ${bindMark(p, values, pattern)}`
        : `cast(jnpf_q.${quoteIdent(dialect, f)} as char) like ${bindMark(p, values, pattern)}`,
    );
    where = ` where ${parts.join(' or ')}`;
  }
  const offset = (page.currentPage - 1) * page.pageSize;
  const countText = `select count(*) as total from (${p.text}) jnpf_q${where}`;
  let found: Record<string, unknown>[];
  let total: number;
  if (dialect === 'postgres') {
    // one pass: the page with the count of every matching row beside it (the interface's query, often a scan,
    // runs once, not once for the page and again for the count); past the last page no row carries the count
    const res = await runSql(
      p,
      `select jnpf_q.*, count(*) over () as ${TOTAL_COLUMN} from (${p.text}) jnpf_q${where} limit ${page.pageSize} offset ${offset}`,
      values,
    );
    found = res.rows.map(({ [TOTAL_COLUMN]: _total, ...rest }) => rest);
    total = res.rows.length
      ? Number(res.rows[0]![TOTAL_COLUMN])
      : offset
        ? Number((await runSql(p, countText, values)).rows[0]?.total ?? 0)
        : 0;
  } else {
    // MySQL before 8 has no window functions
    const [rows, count] = await Promise.all([
      runSql(p, `select * from (${p.text}) jnpf_q${where} limit ${page.pageSize} offset ${offset}`, values),
      runSql(p, countText, values),
    ]);
    found = rows.rows;
    total = Number(count.rows[0]?.total ?? 0);
  }
  const list = await afterScripts(row, found.map(plainRow));
  return { list: rowsOf(list) ?? [], pagination: { currentPage: page.currentPage, pageSize: page.pageSize, total } };
}

/** the rows whose `propsValue` field is one of `ids` (the echo query when the interface has one) */
export async function rowsByIds(
  ctx: CallContext,
  row: InterfaceRow,
  input: CallInput,
  propsValue: string,
  ids: string[],
) {
  if (!ids.length) return [];
  if (row.type === TYPE_SQL && !isWriting(row.action)) {
    if (row.dataEchoJson?.trim()) {
      const out: Record<string, unknown>[] = [];
      for (const id of ids) {
        const p = await prepareSql(
          ctx,
          row,
          { ...input, echo: { showKey: propsValue, showValue: id } },
          row.dataEchoJson,
        );
        const res = await runSql(p, `select * from (${p.text}) jnpf_q limit 1`, p.values);
        if (res.rows[0]) out.push(plainRow(res.rows[0]));
      }
      return rowsOf(await afterScripts(row, out)) ?? [];
    }
    const sqlText = configOf(row).sqlData?.sql ?? '';
    const p = await prepareSql(ctx, row, input, sqlText);
    const values = [...p.values];
    const marks = ids.map((id) => bindMark(p, values, id)).join(', ');
    const cast = p.runner.dialect === 'postgres' ? 'text' : 'char';
    const res = await runSql(
      p,
      `select * from (${p.text}) jnpf_q where cast(jnpf_q.${quoteIdent(p.runner.dialect, propsValue)} as ${cast}) in (${marks}) limit ${MAX_ROWS}`,
      values,
    );
    return rowsOf(await afterScripts(row, res.rows.map(plainRow))) ?? [];
  }
  const all = rowsOf(await executeInterface(ctx, row, input));
  if (!all) throw refuse(m.notSpec);
  const wanted = new Set(ids);
  return all.filter((r) => wanted.has(String(r[propsValue] ?? '')));
}

/** the result's field names (the first row's keys) */
export async function fieldsOf(ctx: CallContext, row: InterfaceRow, input: CallInput): Promise<string[]> {
  const data = await executeInterface(ctx, row, input);
  const list = rowsOf(data);
  if (!list) throw refuse(m.notSpec);
  return list[0] ? Object.keys(list[0]) : [];
}

// ------------------------------------------------------------------------------------------- other modules

/**
 * one read-only query another module keeps (a print template's SQL) run under the interfaces' rules: the
 * caller's system variables and @formId bound, never written into the text; {name} parameters, writing words
 * and the platform's protected data refused; a read-only transaction with the statement time limit; at most
 * `maxRows` rows (more is refused)
 */
export async function runReadQuery(
  ctx: CallContext,
  dbLinkId: string,
  sqlText: string,
  formId: string | null,
  maxRows = MAX_ROWS,
): Promise<Record<string, unknown>[]> {
  const p = await prepareReadQuery(ctx, dbLinkId, sqlText, formId);
  const res = await runSql(p, `select * from (${p.text}) jnpf_q limit ${maxRows + 1}`, p.values);
  if (res.rows.length > maxRows) throw refuse(m.tooManyRows, { max: maxRows });
  return res.rows.map(plainRow);
}

/**
 * the column names of a read-only query (checked and run as runReadQuery, with @formId null): the query is
 * left-joined to one row, so that its columns show even when it finds nothing
 */
export async function readQueryColumns(ctx: CallContext, dbLinkId: string, sqlText: string): Promise<string[]> {
  const p = await prepareReadQuery(ctx, dbLinkId, sqlText, null);
  const res = await runSql(
    p,
    `select jnpf_q.* from (select 1 as jnpf_one) jnpf_o left join (${p.text}) jnpf_q on 1 = 1 limit 1`,
    p.values,
  );
  return Object.keys(res.rows[0] ?? {});
}

async function prepareReadQuery(
  ctx: CallContext,
  dbLinkId: string,
  sqlText: string,
  formId: string | null,
): Promise<PreparedSql> {
  const runner = await runnerFor(ctx, dbLinkId || PLATFORM_SOURCE);
  const variables = await variableResolver(ctx, formId === null ? { params: {} } : { params: {}, formId }).prepare(
    sqlText,
  );
  const compiled = compileSql(
    sqlText,
    runner.dialect,
    () => null,
    (name) => (name === '@formId' ? formId : variables(name)),
    () => false,
  );
  refuseSensitive(compiled.words, false);
  if ((dbLinkId || PLATFORM_SOURCE) === PLATFORM_SOURCE) refuseProtected(compiled.words, false);
  return { runner, text: compiled.text, values: compiled.values, writing: false };
}
