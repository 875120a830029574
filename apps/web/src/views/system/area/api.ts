// Calls of the area screen.
import type { CommonInput } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

const BASE = '/api/system/Area';
/** the parent id of top-level areas */
export const ROOT = '-1';

export interface AreaRow {
  id: string;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  hasChildren: boolean;
  isLeaf: boolean;
}

export interface AreaInfo extends CommonInput {
  id: string;
  parentId: string;
  parentName: string;
}

export type AreaInput = Omit<AreaInfo, 'id' | 'parentName'>;

export interface SelectorNode {
  id: string;
  fullName: string;
  isLeaf: boolean;
}

export const areaApi = {
  children: async (nodeId: string, keyword = '') =>
    (await http.get<{ list: AreaRow[] }>(`${BASE}/${nodeId}`, { keyword })).data?.list ?? [],
  selector: async (parentId: string, excludeId: string) =>
    (await http.get<{ list: SelectorNode[] }>(`${BASE}/${parentId}/Selector/${excludeId || '0'}`)).data?.list ?? [],
  info: async (id: string) => (await http.get<AreaInfo>(`${BASE}/${id}/Info`)).data!,
  create: (input: AreaInput) => http.post(BASE, input),
  update: (id: string, input: AreaInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  toggle: (id: string) => http.put(`${BASE}/${id}/Actions/State`),
};
