// The editor's model of a data interface: the JSON texts of the wire (dataConfigJson, parameterJson …) parsed
// into a draft the editor changes, and the draft written back into the create/update body.
import type { InterfaceBody, InterfaceInfo, InterfaceKind, InterfaceParam } from './api';

/** where a header/query/body value of an API interface comes from */
export type ValueSource = 1 | 2 | 3 | 4;
export const VALUE_SOURCES: readonly ValueSource[] = [1, 2, 3, 4];
/** the page parameters a source-4 value may name */
export const PAGE_PARAMS = ['currentPage', 'pageSize', 'keyword'] as const;

export interface ApiParam {
  id: string;
  field: string;
  /** 1 interface parameter, 2 variable, 3 constant, 4 page parameter */
  source: ValueSource;
  /** the parameter's or variable's name, the constant, or the page parameter */
  defaultValue: string;
}

/** 0 none, 1 form-data, 2 x-www-form-urlencoded, 3 JSON, 4 XML */
export type BodyType = 0 | 1 | 2 | 3 | 4;

export interface ApiData {
  /** 1 GET, 2 POST */
  method: 1 | 2;
  url: string;
  header: ApiParam[];
  query: ApiParam[];
  /** the JSON/XML text (body types 3, 4) */
  body: string;
  /** the fields of a form body (body types 1, 2), sent as a JSON text in `body` */
  bodyFields: ApiParam[];
  bodyType: BodyType;
}

export interface DataConfig {
  staticData: string;
  sqlData: { dbLinkId: string; sql: string };
  apiData: ApiData;
}

export interface ResultField {
  id: string;
  field: string;
  /** the field's label (the reference keeps it as defaultValue) */
  defaultValue: string;
}

export interface BaseValues {
  fullName: string;
  enCode: string;
  category?: string;
  type: InterfaceKind;
  /** SQL: 3 query, 1 insert, 2 update, 4 delete */
  action: number | null;
  hasPage: number;
  isPostPosition: number;
  sortCode: number;
  enabledMark: number;
  description: string;
}

export interface Draft {
  config: DataConfig;
  count: DataConfig;
  echo: DataConfig;
  params: InterfaceParam[];
  fields: ResultField[];
  dataJs: string;
  dataException: string;
}

/** the platform's own database */
export const DEFAULT_DB_LINK = '0';

export const DEFAULT_DATA_JS = '(data) => {\n  // 处理数据逻辑\n\n  // 返回所需的数据\n  return data\n}';
export const DEFAULT_DATA_EXCEPTION = '(data) => {\n  // 返回true表示接口验证成功，false表示失败\n  return true\n}';

export const newId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 16);

export function emptyConfig(): DataConfig {
  return {
    staticData: '',
    sqlData: { dbLinkId: DEFAULT_DB_LINK, sql: '' },
    apiData: { method: 1, url: '', header: [], query: [], body: '', bodyFields: [], bodyType: 0 },
  };
}

export function newDraft(): Draft {
  return {
    config: emptyConfig(),
    count: emptyConfig(),
    echo: emptyConfig(),
    params: [],
    fields: [],
    dataJs: DEFAULT_DATA_JS,
    dataException: DEFAULT_DATA_EXCEPTION,
  };
}

export function newBase(kind: InterfaceKind, category?: string): BaseValues {
  return {
    fullName: '',
    enCode: '',
    category,
    type: kind,
    action: kind === 1 ? 3 : null,
    hasPage: 0,
    isPostPosition: 0,
    sortCode: 0,
    enabledMark: 1,
    description: '',
  };
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function apiParams(value: unknown): ApiParam[] {
  return asArray<Partial<ApiParam>>(value).map((p) => ({
    id: p.id ?? newId(),
    field: p.field ?? '',
    source: (VALUE_SOURCES as readonly number[]).includes(Number(p.source)) ? (Number(p.source) as ValueSource) : 3,
    defaultValue: p.defaultValue == null ? '' : String(p.defaultValue),
  }));
}

function parseConfig(text: string | null | undefined): DataConfig {
  const raw = parseJson<
    Partial<{ staticData: unknown; sqlData: Partial<DataConfig['sqlData']>; apiData: Record<string, unknown> }>
  >(text, {});
  const api = raw.apiData ?? {};
  const bodyType = [0, 1, 2, 3, 4].includes(Number(api.bodyType)) ? (Number(api.bodyType) as BodyType) : 0;
  const formBody = bodyType === 1 || bodyType === 2;
  const body = typeof api.body === 'string' ? api.body : api.body == null ? '' : JSON.stringify(api.body);
  return {
    staticData:
      typeof raw.staticData === 'string'
        ? raw.staticData
        : raw.staticData == null
          ? ''
          : JSON.stringify(raw.staticData, null, 2),
    sqlData: { dbLinkId: raw.sqlData?.dbLinkId || DEFAULT_DB_LINK, sql: raw.sqlData?.sql ?? '' },
    apiData: {
      method: Number(api.method) === 2 ? 2 : 1,
      url: typeof api.url === 'string' ? api.url : '',
      header: apiParams(api.header),
      query: apiParams(api.query),
      body: formBody ? '' : body,
      bodyFields: formBody ? apiParams(Array.isArray(api.body) ? api.body : parseJson(body, [])) : [],
      bodyType,
    },
  };
}

function writeConfig(config: DataConfig): string {
  const { bodyFields, ...api } = config.apiData;
  const formBody = api.bodyType === 1 || api.bodyType === 2;
  return JSON.stringify({
    staticData: config.staticData,
    sqlData: config.sqlData,
    apiData: { ...api, body: formBody ? JSON.stringify(bodyFields) : api.bodyType === 0 ? '' : api.body },
  });
}

function parseParams(text: string | null | undefined): InterfaceParam[] {
  return asArray<Partial<InterfaceParam>>(parseJson(text, [])).map((p) => ({
    id: p.id ?? newId(),
    field: p.field ?? '',
    fieldName: p.fieldName ?? '',
    dataType: p.dataType && ['varchar', 'int', 'datetime', 'decimal'].includes(p.dataType) ? p.dataType : 'varchar',
    required: Number(p.required) === 1 ? 1 : 0,
    defaultValue: p.defaultValue == null ? '' : String(p.defaultValue),
  }));
}

function parseFields(text: string | null | undefined): ResultField[] {
  return asArray<Partial<ResultField>>(parseJson(text, [])).map((f) => ({
    id: f.id ?? newId(),
    field: f.field ?? '',
    defaultValue: f.defaultValue ?? '',
  }));
}

/** the kind of a record read back: the number, or the list's text */
export function kindOf(type: InterfaceKind | string | undefined): InterfaceKind {
  const n = Number(type);
  if (n === 1 || n === 2 || n === 3) return n;
  if (typeof type === 'string' && /sql/i.test(type)) return 1;
  if (typeof type === 'string' && /(api|service)/i.test(type)) return 3;
  return 2;
}

export function fromInfo(info: InterfaceInfo): { base: BaseValues; draft: Draft } {
  const type = kindOf(info.type);
  return {
    base: {
      fullName: info.fullName,
      enCode: info.enCode,
      category: info.category || undefined,
      type,
      action: info.action ?? (type === 1 ? 3 : null),
      hasPage: info.hasPage ?? 0,
      isPostPosition: info.isPostPosition ?? 0,
      sortCode: info.sortCode ?? 0,
      enabledMark: info.enabledMark ?? 1,
      description: info.description ?? '',
    },
    draft: {
      config: parseConfig(info.dataConfigJson),
      count: parseConfig(info.dataCountJson),
      echo: parseConfig(info.dataEchoJson),
      params: parseParams(info.parameterJson),
      fields: parseFields(info.fieldJson),
      dataJs: info.dataJsJson || DEFAULT_DATA_JS,
      dataException: info.dataExceptionJson || DEFAULT_DATA_EXCEPTION,
    },
  };
}

/** whether the interface is paged: an API, or an SQL query */
export const pageable = (base: Pick<BaseValues, 'type' | 'action'>) =>
  base.type === 3 || (base.type === 1 && base.action === 3);

export function toBody(base: BaseValues, draft: Draft): InterfaceBody {
  const hasPage = pageable(base) ? base.hasPage : 0;
  return {
    fullName: base.fullName.trim(),
    enCode: base.enCode.trim(),
    category: base.category ?? '',
    type: base.type,
    hasPage,
    action: base.type === 1 ? (base.action ?? 3) : null,
    sortCode: base.sortCode ?? 0,
    enabledMark: base.enabledMark ?? 1,
    description: base.description ?? '',
    isPostPosition: base.isPostPosition ?? 0,
    parameterJson: JSON.stringify(draft.params),
    fieldJson: JSON.stringify(draft.fields),
    dataConfigJson: writeConfig(draft.config),
    dataCountJson: hasPage ? writeConfig(draft.count) : '',
    dataEchoJson: hasPage ? writeConfig(draft.echo) : '',
    dataJsJson: base.type === 2 ? '' : draft.dataJs,
    dataExceptionJson: base.type === 3 ? draft.dataException : '',
  };
}

export type Problem =
  | 'sqlRequired'
  | 'countSqlRequired'
  | 'echoSqlRequired'
  | 'staticRequired'
  | 'staticInvalid'
  | 'urlRequired'
  | 'paramNameRequired'
  | 'paramNameDuplicate'
  | 'paramNameAt'
  | 'apiParamNameRequired'
  | 'fieldRequired';

/** what the draft lacks before it can be saved, first problem first */
export function problemsOf(base: BaseValues, draft: Draft): Problem[] {
  const problems: Problem[] = [];
  const hasPage = pageable(base) && base.hasPage === 1;
  if (base.type === 1) {
    if (!draft.config.sqlData.sql.trim()) problems.push('sqlRequired');
    if (hasPage && !draft.count.sqlData.sql.trim()) problems.push('countSqlRequired');
    if (hasPage && !draft.echo.sqlData.sql.trim()) problems.push('echoSqlRequired');
  }
  if (base.type === 2) {
    if (!draft.config.staticData.trim()) problems.push('staticRequired');
    else if (jsonError(draft.config.staticData)) problems.push('staticInvalid');
  }
  if (base.type === 3) {
    if (!draft.config.apiData.url.trim()) problems.push('urlRequired');
    const api = draft.config.apiData;
    const rows = [...api.header, ...api.query, ...(api.bodyType === 1 || api.bodyType === 2 ? api.bodyFields : [])];
    if (rows.some((row) => !row.field.trim())) problems.push('apiParamNameRequired');
  }
  const names = draft.params.map((p) => p.field.trim());
  if (names.some((name) => !name)) problems.push('paramNameRequired');
  if (names.some((name) => name.includes('@'))) problems.push('paramNameAt');
  if (new Set(names.filter(Boolean)).size < names.filter(Boolean).length) problems.push('paramNameDuplicate');
  if (draft.fields.some((f) => !f.field.trim())) problems.push('fieldRequired');
  return problems;
}

/** the JSON parser's complaint about a text, or null when it is valid JSON */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
