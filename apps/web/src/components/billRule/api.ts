// Calls of the number-rule screen.
import type { CommonInput, CommonRow } from '../form/CommonFields';
import { http } from '../../platform/request';

const BASE = '/api/system/BillRule';

export interface RuleRow extends CommonRow {
  category: string | null;
  categoryId: string;
  type: number;
  prefix: string;
  suffix: string;
  dateFormat: string | null;
  digit: number | null;
  startNumber: string | null;
  example: string | null;
  outputNumber: string | null;
  creatorUser: string | null;
  lastModifyTime: number | null;
}

export interface RuleInput extends CommonInput {
  category: string;
  prefix: string;
  suffix: string;
  type: 1 | 2 | 3;
  dateFormat: string | null;
  digit: number | null;
  startNumber: string | null;
  randomType: 1 | 2 | null;
  randomDigit: 16 | 32 | null;
}

export interface RuleInfo extends RuleInput {
  id: string;
  example: string | null;
  outputNumber: string | null;
}

export const billRuleKeys = {
  all: ['system', 'billRule'] as const,
  list: ['system', 'billRule', 'list'] as const,
};

export const billRuleApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<RuleInfo>(`${BASE}/${id}`)).data!,
  create: (input: RuleInput) => http.post(BASE, input),
  update: (id: string, input: RuleInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  toggle: (id: string) => http.put(`${BASE}/${id}/Actions/State`),
  exportUrl: (id: string) => `${BASE}/${id}/Actions/Export`,
  importUrl: `${BASE}/Actions/Import`,
};
