// Calls of the interface-authentication screen: applications that may call data interfaces from outside,
// their secrets, the interfaces granted to them and their usage log.
import { http } from '../../../platform/request';

const BASE = '/api/system/InterfaceOauth';
const INTERFACE_SELECTOR = '/api/system/DataInterface/Selector';

export interface AuthRow {
  id: string;
  appId: string;
  appName: string;
  /** ms timestamp, or null: valid forever */
  usefulLife: number | null;
  verifySignature: number;
  enabledMark: number;
  sortCode: number;
  creatorTime: number | null;
  creatorUser: string | null;
}

export interface AuthInput {
  appId: string;
  appName: string;
  appSecret: string;
  verifySignature: number;
  usefulLife: number | null;
  whiteList: string;
  sortCode: number;
  enabledMark: number;
  description: string;
}

export interface GrantedInterface {
  id: string;
  fullName: string;
  enCode: string;
  type: string | number;
}

export interface AuthInfo extends Partial<AuthInput> {
  id: string;
  appId: string;
  appName: string;
  version?: number;
  list?: GrantedInterface[];
}

/** a node of the data-interface selector: categories (category "0") holding interfaces (category "1") */
export interface InterfaceNode {
  id: string;
  fullName: string;
  parentId?: string;
  category?: string;
  enCode?: string;
  children?: InterfaceNode[];
}

/** signed headers for one outside GET call of an interface (Actions/GetAuth) */
export interface SignedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** ms timestamp after which the signature is refused */
  expiresAt: number;
}

export const authKeys = { list: ['systemData', 'interfaceAuth', 'list'] as const };

export const authApi = {
  listUrl: BASE,
  info: async (id: string) => (await http.get<AuthInfo>(`${BASE}/${id}`)).data!,
  create: (input: AuthInput) => http.post(BASE, input),
  update: (id: string, input: AuthInput & { version?: number }) => http.put(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete(`${BASE}/${id}`),
  newSecret: async () => (await http.get<string>(`${BASE}/getAppSecret`)).data ?? '',
  saveInterfaces: (id: string, interfaceIds: readonly string[]) =>
    http.post(`${BASE}/saveInterfaceList`, { interfaceIdentId: id, dataInterfaceIds: interfaceIds.join(',') }),
  logUrl: (id: string) => `${BASE}/dataInterfaceLog/${id}`,
  signedCall: async (appId: string, interfaceId: string) => {
    // the query keys as the reference spells them (intefaceId)
    const query = new URLSearchParams({ appId, intefaceId: interfaceId });
    return (await http.post<SignedCall>(`/api/system/DataInterface/Actions/GetAuth?${query}`)).data!;
  },
  interfaceTree: async () => (await http.get<InterfaceNode[]>(INTERFACE_SELECTOR)).data ?? [],
};
