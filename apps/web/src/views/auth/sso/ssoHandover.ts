// Single sign-on entry (/sso and /pcsso, shell.md §2.1): a sign-on gateway that obtained a session token for
// the user hands it over in the address: /sso?token=<token>[&redirect=<in-app path>]. The token replaces any
// session of this browser (and its lock); the guard then checks it with CurrentUser like any stored token,
// so a forged or expired one ends at the sign-in page with the server's message.
import { safeRedirectTarget } from '../../../platform/navigation';
import { resetSession, setToken } from '../../../platform/session';

/** Where the handover leads: the in-app redirect target once the token is stored, or null without a token. */
export function takeOverSession(search: string): string | null {
  const query = new URLSearchParams(search);
  const token = query.get('token')?.trim();
  if (!token) return null;
  resetSession();
  setToken(token);
  const target = safeRedirectTarget(query.get('redirect'));
  return target === '/' ? '/home' : target;
}
