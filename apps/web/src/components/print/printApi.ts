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

export const printApi = {
  /** one record (formId) or several (ids): one object per record, in order */
  data: async (id: string, formIds: readonly string[]): Promise<PrintData[]> => {
    if (formIds.length === 1) return [(await http.get<PrintData>(`${BASE}/Data`, { id, formId: formIds[0]! })).data!];
    return (await http.get<PrintData[]>(`${BASE}/BatchData`, { id, formId: formIds.join(',') })).data ?? [];
  },
  options: async (ids: readonly string[]) =>
    (await http.post<{ id: string; fullName: string }[]>(`${BASE}/getListOptions`, { ids })).data ?? [],
  saveLog: (body: { printId: string; printTitle: string; printNum: number; formId: string }) =>
    http.post('/api/system/printLog/save', body),
};
