// Calls of the data-interface screen: interfaces, their variables and call log, the data sources an SQL
// interface reads, and the runs (preview, result fields).
import { http } from '../../../platform/request';

const BASE = '/api/system/DataInterface';
const VARIATE = '/api/system/DataInterfaceVariate';
const LOG = '/api/system/DataInterfaceLog';
const DATA_SOURCES = '/api/system/DataSource/Selector';

/** 1 SQL, 2 static data, 3 API (remote HTTP) */
export type InterfaceKind = 1 | 2 | 3;

export interface InterfaceRow {
  id: string;
  fullName: string;
  enCode: string;
  /** the kind's text (SQL操作, 静态数据, API操作) */
  type: string;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  tenantId?: string | null;
  isPostPosition?: number;
}

export interface InterfaceFilters extends Record<string, string> {
  category: string;
  type: string;
  enabledMark: string;
}

/** the create/update body: the form's keys and the JSON texts */
export interface InterfaceBody {
  fullName: string;
  enCode: string;
  category: string;
  type: InterfaceKind;
  hasPage: number;
  action: number | null;
  sortCode: number;
  enabledMark: number;
  description: string;
  isPostPosition: number;
  parameterJson: string;
  fieldJson: string;
  dataConfigJson: string;
  dataCountJson: string;
  dataEchoJson: string;
  dataJsJson: string;
  dataExceptionJson: string;
}

export interface InterfaceInfo extends Partial<Omit<InterfaceBody, 'type'>> {
  id: string;
  fullName: string;
  enCode: string;
  type: InterfaceKind | string;
  version?: number;
}

/** an interface parameter (parameterJson) */
export interface InterfaceParam {
  id: string;
  field: string;
  fieldName: string;
  dataType: 'varchar' | 'int' | 'datetime' | 'decimal';
  required: number;
  defaultValue: string;
}

export interface PreviewParam {
  field: string;
  defaultValue: string;
}

export interface DataSourceOption {
  id: string;
  fullName: string;
  dbType?: string;
}

export interface VariableRow {
  id: string;
  interfaceId: string;
  fullName: string;
  value: string | null;
  creatorTime: number | null;
  lastModifyTime: number | null;
  creatorUser: string | null;
}

export interface VariableInput {
  interfaceId: string;
  fullName: string;
  expression: string;
  value?: string;
}

export interface VariableInfo extends VariableInput {
  id: string;
  version?: number;
}

export const interfaceKeys = {
  all: ['systemData', 'dataInterface'] as const,
  list: ['systemData', 'dataInterface', 'list'] as const,
  variables: (interfaceId: string) => ['systemData', 'dataInterface', 'variables', interfaceId] as const,
};

export const interfaceApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<InterfaceInfo>(`${BASE}/${id}`)).data!,
  create: (body: InterfaceBody) => http.post<string | { id: string }>(BASE, body),
  update: (id: string, body: InterfaceBody & { version?: number }) => http.put(`${BASE}/${id}`, body),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  toggle: (id: string) => http.put(`${BASE}/${id}/Actions/State`),
  copy: (id: string) => http.post(`${BASE}/${id}/Actions/Copy`),
  exportUrl: (id: string) => `${BASE}/${id}/Actions/Export`,
  importUrl: `${BASE}/Actions/Import`,
  params: async (id: string) => (await http.get<InterfaceParam[]>(`${BASE}/GetParam/${id}`)).data ?? [],
  /** runs the saved interface with the given parameter values */
  preview: (id: string, paramList: readonly PreviewParam[]) =>
    http.post<unknown>(`${BASE}/${id}/Actions/Preview`, { paramList, origin: 'preview' }),
  /** the keys of the saved interface's result */
  fields: async (id: string, paramList: readonly PreviewParam[]) =>
    (await http.post<string[]>(`${BASE}/${id}/Actions/GetFields`, { paramList })).data ?? [],
  dataSources: async () => (await http.get<DataSourceOption[]>(DATA_SOURCES)).data ?? [],
  logUrl: (id: string) => `${LOG}/${id}`,
};

export const variableApi = {
  list: async (interfaceId: string, keyword: string) =>
    (await http.get<{ list: VariableRow[] }>(`${VARIATE}/${interfaceId}`, { keyword })).data?.list ?? [],
  info: async (id: string) => (await http.get<VariableInfo>(`${VARIATE}/${id}/Info`)).data!,
  create: (input: VariableInput) => http.post(VARIATE, input),
  update: (id: string, input: VariableInput & { version?: number }) => http.put(`${VARIATE}/${id}`, input),
  remove: (id: string) => http.delete(`${VARIATE}/${id}`),
  copy: (id: string) => http.post(`${VARIATE}/${id}/Actions/Copy`),
};
