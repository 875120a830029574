// Calls of the system configuration screen.
import { http } from '../../../platform/request';

const BASE = '/api/system/SysConfig';

/** every key of the configuration, as GET answers it */
export type SysConfig = Record<string, string | number>;

export const sysConfigApi = {
  get: async () => (await http.get<SysConfig>(BASE)).data ?? {},
  save: (values: SysConfig) => http.put(BASE, values),
  /** type 0 tests the app secret (messages), 1 the contacts secret (synchronisation) */
  testWecom: (
    type: 0 | 1,
    body: { qyhCorpId: string; qyhAgentId: string; qyhAgentSecret: string; qyhCorpSecret: string },
  ) => http.post(`${BASE}/${type}/testQyWebChatConnect`, body),
  testDingTalk: (body: { dingSynAppKey: string; dingSynAppSecret: string; dingAgentId: string }) =>
    http.post(`${BASE}/testDingTalkConnect`, body),
};

export const sysConfigKey = ['system', 'sysConfig'] as const;
