// Calls of the online-user screen: the live sessions, and forcing them offline.
import { http } from '../../../platform/request';

export const ONLINE_USERS = '/api/system/OnlineUser';

/** one live session; its key is the session id, never the token */
export interface OnlineRow {
  sessionId: string;
  userName: string;
  organize: string;
  loginTime: number;
  lastTime: number;
  loginIPAddress: string;
  loginAddress: string;
  loginSystem: string;
  loginBrowser: string;
  device: string;
}

export const onlineUserKeys = { list: ['permission', 'onlineUser', 'list'] as const };

export const onlineUserApi = {
  listUrl: ONLINE_USERS,
  forceOffline: (sessionId: string) => http.delete(`${ONLINE_USERS}/${sessionId}`),
  forceOfflineMany: (sessionIds: string[]) => http.delete(ONLINE_USERS, { ids: sessionIds }),
};
