// Calls of the application screen: list (keyword), add, edit and delete applications.
import type { CommonRow } from '../../../components/form/CommonFields';
import { http } from '../../../platform/request';

export const SYSTEMS = '/api/system/System';

export interface SystemRow extends CommonRow {
  icon: string;
  isMain: number;
  mainSystem: boolean;
  version: number;
}

export type SystemInput = Pick<
  SystemRow,
  'fullName' | 'enCode' | 'icon' | 'sortCode' | 'enabledMark' | 'description'
> & {
  version?: number;
};

export const systemKeys = { list: ['system', 'system', 'list'] as const };

export const systemApi = {
  list: async (keyword: string) => (await http.get<{ list: SystemRow[] }>(SYSTEMS, { keyword })).data?.list ?? [],
  create: (input: SystemInput) => http.post(SYSTEMS, input),
  update: (id: string, input: SystemInput) => http.put(`${SYSTEMS}/${id}`, input),
  remove: (id: string) => http.delete(`${SYSTEMS}/${id}`),
};
