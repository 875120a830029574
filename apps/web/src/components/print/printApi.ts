// The print calls any page makes: a template's data for records, the enabled templates among ids, the print log.
import type { PrintApprovalRecord } from '@jnpf/core';
import { http } from '../../platform/request';

const BASE = '/api/system/printDev';

export interface PrintData {
  printData: Record<string, unknown>;
  printTemplate: string;
  /** the template's page settings (JSON text) */
  pageParam?: string;
  operatorRecordList: PrintApprovalRecord[];
}

export interface PrintFieldNode {
  id: string;
  parentId: string;
  fullName: string;
  children?: PrintFieldNode[];
}

/** an enabled template under its category, as the Selector lists them */
export interface PrintSelectorNode {
  id: string;
  parentId: string;
  fullName: string;
  formModelId?: string;
  children?: PrintSelectorNode[];
}

/** a batch prints at most this many records (the server refuses more with the same words) */
export const PRINT_BATCH_MAX = 1000;

export const printApi = {
  /**
   * one record (formId) or several (ids, sent in the body: a long batch does not fit a query string): one
   * object per record, in order; menuId: the menu the page runs under (its permissions apply)
   */
  data: async (id: string, formIds: readonly string[], menuId = ''): Promise<PrintData[]> => {
    if (formIds.length === 1)
      return [(await http.get<PrintData>(`${BASE}/Data`, { id, formId: formIds[0]!, menuId })).data!];
    return (await http.post<PrintData[]>(`${BASE}/BatchData`, { id, formId: formIds, menuId })).data ?? [];
  },
  /** the enabled templates by category (type: 1 workflow forms, 2 function forms; empty: all) */
  selector: async (type: '' | 1 | 2 = '') =>
    (await http.get<{ list: PrintSelectorNode[] }>(`${BASE}/Selector`, { type })).data?.list ?? [],
  options: async (ids: readonly string[]) =>
    (await http.post<{ id: string; fullName: string }[]>(`${BASE}/getListOptions`, { ids })).data ?? [],
  saveLog: (body: { printId: string; printTitle: string; printNum: number; formId: string }) =>
    http.post('/api/system/printLog/save', body),
};
