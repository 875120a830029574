// Calls of the organisation screen: companies under /Organize, departments under
// /Organize/Department.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

export const ORGANIZE = '/api/permission/Organize';

export type OrgKind = 'company' | 'department';

export interface OrganizeRow extends CommonRow {
  parentId: string;
  type: OrgKind;
  hasChildren?: boolean;
  isLeaf?: boolean;
  children?: OrganizeRow[] | null;
}

export interface OrganizeInput extends CommonInput {
  parentId: string;
  managerId?: string;
  propertyJson?: Record<string, string>;
}

export interface OrganizeInfo extends OrganizeInput {
  id: string;
  category: OrgKind;
  propertyJson?: Record<string, string> & string;
  version: number;
}

const base = (kind: OrgKind) => (kind === 'company' ? ORGANIZE : `${ORGANIZE}/Department`);

export const organizeApi = {
  children: async (id: string) =>
    (await http.get<{ list: OrganizeRow[] }>(`${ORGANIZE}/AsyncList/${id}`)).data?.list ?? [],
  search: async (keyword: string) => (await http.get<{ list: OrganizeRow[] }>(ORGANIZE, { keyword })).data?.list ?? [],
  info: async (kind: OrgKind, id: string) => (await http.get<OrganizeInfo>(`${base(kind)}/${id}`)).data!,
  create: (kind: OrgKind, input: OrganizeInput) => http.post(base(kind), input),
  update: (kind: OrgKind, id: string, input: OrganizeInput) => http.put(`${base(kind)}/${id}`, input),
  remove: (kind: OrgKind, id: string) => http.delete(`${base(kind)}/${id}`),
  toggle: (kind: OrgKind, id: string) => http.put(`${base(kind)}/${id}/Actions/State`),
};
