// The session loader brings the route tables, the view registry and the menu rules; loaded on first use, they stay
// out of the sign-in page's code.
import type { CurrentUserResult } from '@jnpf/core';

export async function loadUserSessionLazily(): Promise<CurrentUserResult> {
  const { loadUserSession } = await import('./loadUserSession');
  return loadUserSession();
}
