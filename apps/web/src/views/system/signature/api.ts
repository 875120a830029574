// Calls of the electronic seal screen.
import { http } from '../../../platform/request';

const BASE = '/api/system/Signature';

export interface SignatureRow {
  id: string;
  fullName: string;
  enCode: string;
  /** the authorised users as "name/account；name/account" */
  userIds: string;
  creatorTime: number | null;
}

export interface SignatureInfo {
  id: string;
  fullName: string;
  enCode: string;
  userIds: string[];
  icon: string;
  sortCode: number;
  description: string;
  version?: number;
}

export type SignatureInput = Omit<SignatureInfo, 'id'>;

export const signatureKeys = { list: ['system', 'signature', 'list'] as const };

export const signatureApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<SignatureInfo>(`${BASE}/${id}`)).data!,
  create: (input: SignatureInput) => http.post(BASE, input),
  update: (id: string, input: SignatureInput) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
};
