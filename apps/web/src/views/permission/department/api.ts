// Calls of the department screen: the companies on the left, the departments of one company on the right.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';
import type { TreeRecord } from '../../../components/admin';

export const ORGANIZE = '/api/permission/Organize';
export const DEPARTMENTS = `${ORGANIZE}/Department`;

export interface CompanyNode extends TreeRecord {
  parentId: string;
  type: string;
  children?: CompanyNode[] | null;
}

export interface DepartmentRow extends CommonRow {
  parentId: string;
  managerId: string;
  /** "realName/account" */
  manager: string;
  organize: string;
}

export interface DepartmentInput extends CommonInput {
  parentId: string;
  managerId: string;
}

export interface DepartmentInfo extends DepartmentInput {
  id: string;
  organizeIdTree: string[];
  version: number;
}

export const departmentKeys = {
  list: ['permission', 'department', 'list'] as const,
  companies: ['permission', 'department', 'companies'] as const,
  info: (id: string | undefined) => ['permission', 'department', 'info', id] as const,
};

export const departmentApi = {
  listUrl: DEPARTMENTS,
  /** every company (enabled or not) as a tree */
  companies: async () => (await http.get<{ list: CompanyNode[] }>(ORGANIZE, { type: 'company' })).data?.list ?? [],
  info: async (id: string) => (await http.get<DepartmentInfo>(`${DEPARTMENTS}/${id}`)).data!,
  create: (input: DepartmentInput) => http.post<string>(DEPARTMENTS, input),
  update: (id: string, input: DepartmentInput) => http.put(`${DEPARTMENTS}/${id}`, input),
  remove: (id: string) => http.delete(`${DEPARTMENTS}/${id}`),
  toggle: (id: string) => http.put(`${DEPARTMENTS}/${id}/Actions/State`),
};
