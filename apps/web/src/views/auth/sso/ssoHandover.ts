// Single sign-on entry (/sso and /pcsso, public routes): a sign-on gateway that obtained a session token for
// the user hands it over in the address: /sso?token=<token>[&redirect=<in-app path>]. The guard checks a taken
// token with CurrentUser like any stored one. A signed-out browser is shown whose account the token is and takes
// it over only when the user confirms, so a crafted link cannot silently sign a victim in to the sender's
// account (login CSRF). A browser already signed in as someone else is asked before its session is replaced,
// and keeps it when the handed-over token is not valid, so a crafted link cannot silently swap or end a session.
import type { CurrentUserResult } from '@jnpf/core';
import { API_BASE } from '../../../platform/config';
import { currentLanguage } from '../../../platform/i18n';
import { safeRedirectTarget } from '../../../platform/navigation';
import { resetSession, setToken } from '../../../platform/session';

export interface Handover {
  token: string;
  /** the in-app path to open afterwards */
  target: string;
}

/** The handover in a /sso query, or null without a token. */
export function readHandover(search: string): Handover | null {
  const query = new URLSearchParams(search);
  const token = query.get('token')?.trim();
  if (!token) return null;
  const target = safeRedirectTarget(query.get('redirect'));
  return { token, target: target === '/' ? '/home' : target };
}

/** Replaces the browser's session (and its lock) with the handed-over token. */
export function takeOver(token: string): void {
  resetSession();
  setToken(token);
}

export interface TokenOwner {
  userId: string;
  userName: string;
  userAccount: string;
}

/**
 * Whose session a token is, or null when the server refuses it. Asked outside the request layer: a refused
 * token here must neither show the layer's message nor end the browser's own session.
 */
export async function ownerOf(token: string): Promise<TokenOwner | null> {
  try {
    const response = await fetch(`${API_BASE}/api/oauth/CurrentUser?systemCode=`, {
      headers: { Authorization: token, 'jnpf-origin': 'pc', 'jnpf-language': currentLanguage() },
    });
    const body = (await response.json()) as { code?: number; data?: CurrentUserResult };
    const info = body.code === 200 ? body.data?.userInfo : undefined;
    return info ? { userId: info.userId, userName: info.userName, userAccount: info.userAccount } : null;
  } catch {
    return null;
  }
}

export type HandoverStep =
  | { kind: 'go'; target: string }
  | { kind: 'refused'; target: string }
  | { kind: 'confirm'; handover: Handover; incoming: TokenOwner }
  | { kind: 'ask'; handover: Handover; current: TokenOwner; incoming: TokenOwner };

/**
 * What a handover does given the browser's current token. The token is taken over here only on 'go' (a session
 * of the same user); on 'confirm' (no working session) and 'ask' (someone else's session) nothing is stored
 * until the page calls takeOver on the user's answer.
 */
export async function handOver(handover: Handover, currentToken: string): Promise<HandoverStep> {
  if (currentToken === handover.token) return { kind: 'go', target: handover.target };
  if (!currentToken) {
    const incoming = await ownerOf(handover.token);
    return incoming ? { kind: 'confirm', handover, incoming } : { kind: 'refused', target: '/login' };
  }
  const [incoming, current] = await Promise.all([ownerOf(handover.token), ownerOf(currentToken)]);
  if (!incoming) {
    if (current) return { kind: 'refused', target: handover.target };
    resetSession(); // neither token works
    return { kind: 'refused', target: '/login' };
  }
  if (!current) {
    // The stored session no longer works: the browser is signed out in effect, so it confirms like one.
    resetSession();
    return { kind: 'confirm', handover, incoming };
  }
  if (current.userId === incoming.userId) {
    takeOver(handover.token);
    return { kind: 'go', target: handover.target };
  }
  return { kind: 'ask', handover, current, incoming };
}
