// Loads the session info after sign-in or a page load and builds the dynamic routes.
import type { CurrentUserResult } from '@jnpf/core';
import { fetchCurrentUser } from '../../platform/api/oauth';
import { t } from '../../platform/i18n';
import { setUserSession } from '../../platform/session';
import { applicationIdFromPath } from '../../platform/storage';
import { buildRoutes } from '../routes/buildRoutes';
import { setRoutes } from '../routes/routeTable';
import { appViewRegistry } from '../routes/viewRegistry';

/** A session-info failure whose message has not been shown yet. */
export class SessionLoadError extends Error {
  override name = 'SessionLoadError';
}

export async function loadUserSession(): Promise<CurrentUserResult> {
  const response = await fetchCurrentUser(applicationIdFromPath(window.location.pathname));
  const result = response.data;
  if (!result) throw new SessionLoadError(t('session.verifyFailed'));
  if (!Array.isArray(result.menuList) || result.menuList.length === 0)
    throw new SessionLoadError(t('session.noPermission'));
  setRoutes(buildRoutes(result.menuList, appViewRegistry));
  setUserSession(result);
  return result;
}
