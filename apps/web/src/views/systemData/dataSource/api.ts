// Calls of the data-connection screen: the paged list, the record, its writes and the connection test.
import type { ApiResult } from '@jnpf/core';
import { http } from '../../../platform/request';

const BASE = '/api/system/DataSource';

export type DbType = 'PostgreSQL' | 'MySQL';

/** the default port of each database kind */
export const DEFAULT_PORTS: Record<DbType, number> = { PostgreSQL: 5432, MySQL: 3306 };

export interface DataSourceRow {
  id: string;
  fullName: string;
  dbType: DbType;
  host: string;
  port: number;
  serviceName: string;
  userName: string;
  sortCode: number;
  enabledMark: number;
  creatorTime: number | null;
  creatorUser: string | null;
}

export interface DataSourceInput {
  fullName: string;
  dbType: DbType;
  host: string;
  port: number;
  serviceName: string;
  userName: string;
  /** write-only: empty on an update keeps the stored one */
  password: string;
  dbSchema?: string;
  connectionLimit: number;
  sortCode: number;
  enabledMark: number;
  description: string;
}

export interface DataSourceInfo extends DataSourceInput {
  id: string;
  version?: number;
}

export interface DataSourceFilters extends Record<string, string> {
  dbType: string;
}

export const dataSourceKeys = { list: ['systemData', 'dataSource', 'list'] as const };

export const dataSourceApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<DataSourceInfo>(`${BASE}/${id}`)).data!,
  create: (input: DataSourceInput) => http.post(BASE, input),
  update: (id: string, input: DataSourceInput & { version?: number }) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  /** the connection test answers its code as it is (200 connected, else the driver's reason) */
  test: (input: DataSourceInput & { id?: string }): Promise<ApiResult<unknown>> =>
    http.post(`${BASE}/Actions/Test`, input),
};
