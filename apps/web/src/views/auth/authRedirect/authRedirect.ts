// /auth-redirect (public): where an outside sign-in page (a social account, a company identity
// provider) sends its popup back. The answer in the address — code, state, or an error — goes to the window of
// this app that opened the popup, and only to a window of this site; then the popup closes itself. The
// answer is also left under a prefixed storage key, for an opener that listens to storage events instead.
import { storage } from '../../../platform/storage';

/** the message the opener receives */
export interface AuthRedirectMessage {
  type: 'jnpf:auth-redirect';
  /** the query the sign-in page sent back, as name → value */
  query: Record<string, string>;
}

export const AUTH_REDIRECT_KEY = 'authRedirect';

export function redirectQuery(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** the opener of this popup when it is a window of this site, else null */
function sameSiteOpener(win: Window): Window | null {
  const opener = win.opener as Window | null;
  if (!opener || opener === win) return null;
  try {
    // reading another site's location throws: such an opener gets nothing
    return opener.location.origin === win.location.origin ? opener : null;
  } catch {
    return null;
  }
}

/**
 * Hands the answer to the window that opened this popup and closes it. Returns false when there is no such
 * window (the page was opened on its own), in which case nothing is sent and the page stays.
 */
export function handBack(win: Window, search: string): boolean {
  const opener = sameSiteOpener(win);
  if (!opener) return false;
  const message: AuthRedirectMessage = { type: 'jnpf:auth-redirect', query: redirectQuery(search) };
  storage.set(AUTH_REDIRECT_KEY, message.query);
  opener.postMessage(message, win.location.origin);
  win.close();
  return true;
}
