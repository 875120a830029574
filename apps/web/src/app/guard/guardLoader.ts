// Runs the guard before every navigation as the root route's loader (the root route revalidates always).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { feedback } from '../../platform/feedback';
import { loginPathFor } from '../../platform/navigation';
import { failureMessage, wasNotified } from '../../platform/request';
import { isSessionLoaded, resetSession, useSession } from '../../platform/session';
import { loadUserSessionLazily } from '../session/loadUserSessionLazily';
import { decideNavigation } from './decideNavigation';

/** The in-app path of a request URL, without the router base path. */
export function appPathOf(url: URL, basePath: string): string {
  const pathname =
    basePath && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  return decodeURI(pathname);
}

export function createGuardLoader(basePath: string) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const path = appPathOf(url, basePath);
    const fullPath = path + url.search;
    // At most one session load per navigation: after it the decision is final.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { token, locked } = useSession.getState();
      const decision = decideNavigation({
        path,
        fullPath,
        hasToken: Boolean(token),
        locked,
        sessionLoaded: isSessionLoaded(),
      });
      if (decision.action === 'allow') return null;
      if (decision.action === 'redirect') throw redirect(decision.to);
      try {
        await loadUserSessionLazily();
      } catch (error) {
        resetSession();
        if (!wasNotified(error)) feedback.error(failureMessage(error));
        throw redirect(loginPathFor(fullPath));
      }
    }
    return null;
  };
}
