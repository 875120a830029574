// The navigation guard's rules as a pure function, so that each case is tested on its own.
import { loginPathFor } from '../../platform/navigation';

/** Routes open without sign-in, plus the not-found page. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/auth-redirect',
  '/sso',
  '/pcsso',
  '/formShortLink',
  '/lockScreen',
  '/404',
];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.includes(path) || path.startsWith('/redirect/');
}

export interface NavigationState {
  /** Target path without query. */
  path: string;
  /** Target path with query, used for the sign-in redirect. */
  fullPath: string;
  hasToken: boolean;
  locked: boolean;
  /** Session info (menus) is loaded. */
  sessionLoaded: boolean;
}

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** Load the session info and routes, then decide again. */
  | { action: 'loadSession' };

const allow: NavigationDecision = { action: 'allow' };
const redirect = (to: string): NavigationDecision => ({ action: 'redirect', to });

/** Single sign-on entries: open whatever the session, as they replace it (views/auth/sso). */
const SSO_PATHS: ReadonlySet<string> = new Set(['/sso', '/pcsso']);

export function decideNavigation(state: NavigationState): NavigationDecision {
  if (SSO_PATHS.has(state.path)) return allow;
  if (!state.hasToken) return isPublicPath(state.path) ? allow : redirect(loginPathFor(state.fullPath));
  if (state.path === '/login') return redirect('/');
  if (state.locked && state.path !== '/lockScreen') return redirect('/lockScreen');
  // The lock screen only makes sense while locked; it needs the session too (account, name, avatar).
  if (!state.locked && state.path === '/lockScreen') return redirect('/');
  if (!state.sessionLoaded) return { action: 'loadSession' };
  return allow;
}
