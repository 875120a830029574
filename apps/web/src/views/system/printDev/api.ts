// Calls of the print-template screen.
import type { CommonInput, CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

const BASE = '/api/system/printDev';

export interface TemplateRow extends CommonRow {
  category: string;
  categoryId: string;
  type: number;
  sourceType: number;
  creatorUser: string;
  lastModifyUser: string;
  lastModifyTime: number | null;
}

export interface TemplateInput extends CommonInput {
  /** the printDev dictionary item's enCode */
  category: string;
  /** 1 流程表单, 2 功能表单 */
  type: 1 | 2;
  /** 1 SQL over a data source, 2 a released online form */
  sourceType: 1 | 2;
  dbLinkId: string;
  sqlTemplate: string;
  formModelId: string;
  printTemplate: string;
  pageParam: string;
}

export interface TemplateInfo extends TemplateInput {
  id: string;
}

export interface PrintLogRow {
  id: string;
  printTitle: string;
  printNum: number;
  creatorUser: string;
  creatorTime: number | null;
}

export const printDevKeys = { list: ['system', 'printDev', 'list'] as const };

export const printDevApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<TemplateInfo>(`${BASE}/${id}`)).data!,
  create: (input: TemplateInput) => http.post(BASE, input),
  update: (id: string, input: TemplateInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  toggle: (id: string) => http.put(`${BASE}/${id}/Actions/State`),
  copy: (id: string) => http.post(`${BASE}/${id}/Actions/Copy`),
  exportUrl: (id: string) => `${BASE}/${id}/Actions/Export`,
  importUrl: `${BASE}/Actions/Import`,
  logUrl: (id: string) => `/api/system/printLog/${id}`,
};
