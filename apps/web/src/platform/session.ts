// The signed-in session: token and lock flag (persisted, so a reload stays signed in or locked) and the session info of
// GET /api/oauth/CurrentUser (memory only; the navigation guard reloads it after a page load).
import type { CurrentUserResult, MenuItem, PermissionEntry, SysConfigInfo, UserInfo } from '@jnpf/core';
import { create } from 'zustand';
import { storage, StorageNames } from './storage';

export interface SessionState {
  token: string;
  locked: boolean;
  userInfo: UserInfo | null;
  menuList: MenuItem[];
  permissionList: PermissionEntry[];
  /** Last system configuration seen; kept so the sign-in page can show the product's own name. */
  sysConfigInfo: Partial<SysConfigInfo>;
}

function readStoredToken(): string {
  const value = storage.get(StorageNames.token);
  return typeof value === 'string' ? value : '';
}

function readStoredSysConfig(): Partial<SysConfigInfo> {
  const value = storage.get(StorageNames.sysConfig);
  return value && typeof value === 'object' ? (value as Partial<SysConfigInfo>) : {};
}

export const useSession = create<SessionState>(() => ({
  token: readStoredToken(),
  locked: storage.get(StorageNames.lock) === true,
  userInfo: null,
  menuList: [],
  permissionList: [],
  sysConfigInfo: readStoredSysConfig(),
}));

export function getToken(): string {
  return useSession.getState().token;
}

export function setToken(token: string): void {
  storage.set(StorageNames.token, token);
  useSession.setState({ token });
}

export function setLocked(locked: boolean): void {
  if (locked) storage.set(StorageNames.lock, true);
  else storage.remove(StorageNames.lock);
  useSession.setState({ locked });
}

export function setUserSession(result: CurrentUserResult): void {
  const sysConfigInfo = result.sysConfigInfo ?? {};
  storage.set(StorageNames.sysConfig, sysConfigInfo);
  useSession.setState({
    userInfo: result.userInfo,
    menuList: result.menuList,
    permissionList: result.permissionList ?? [],
    sysConfigInfo,
  });
}

/** The guard's "menus loaded" test: a session without menus is not usable. */
export function isSessionLoaded(): boolean {
  return useSession.getState().menuList.length > 0;
}

type ResetHook = () => void;
const resetHooks = new Set<ResetHook>();

/**
 * Lets other stores (route table, tag bar, server-state caches, socket) empty themselves when the
 * session ends, without the session knowing them. Returns an unregister function.
 */
export function onSessionReset(hook: ResetHook): () => void {
  resetHooks.add(hook);
  return () => resetHooks.delete(hook);
}

/**
 * Token reset: clears the stored token and lock flag, the user, menu and permission
 * lists, and every registered cache. The last system configuration is kept for the sign-in page.
 */
export function resetSession(): void {
  storage.remove(StorageNames.token);
  storage.remove(StorageNames.lock);
  useSession.setState({ token: '', locked: false, userInfo: null, menuList: [], permissionList: [] });
  for (const hook of resetHooks) hook();
}
