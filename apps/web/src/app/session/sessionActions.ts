// Session-level actions used by the header, the lock screen and the sign-in page.
import type { CurrentUserResult, Language, UserInfo } from '@jnpf/core';
import dayjs from 'dayjs';
import { logout } from '../../platform/api/oauth';
import { LAST_LOGIN_NOTICE_SECONDS } from '../../platform/config';
import { feedback } from '../../platform/feedback';
import { setLanguage, t } from '../../platform/i18n';
import { navigateTo } from '../../platform/navigation';
import { toLayoutTheme, updatePreferences } from '../../platform/preferences';
import { getToken, resetSession, setLocked, setToken } from '../../platform/session';
import { loadAntdLocale } from '../antdLocale';
import { loadUserSessionLazily } from './loadUserSessionLazily';

/**
 * After the server has issued a token (password or app-scan sign-in): store it, take the layout
 * the server returned, load the session info and show the last-login notice. The caller then navigates.
 */
export async function finishSignIn(token: string, theme: unknown): Promise<CurrentUserResult> {
  setToken(token);
  updatePreferences({ layoutType: toLayoutTheme(theme) });
  const session = await loadUserSessionLazily();
  showLastLoginNotice(session.userInfo);
  return session;
}

/**
 * Sign out: tell the server, then clear the token, caches, routes and tabs and go to the
 * sign-in page. The local session ends even when the server call fails.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Already reported by the request layer.
  }
  resetSession();
  navigateTo('/login', { replace: true });
}

/** Lock: the persisted flag first, so that a reload stays locked; unlocking asks for the password again. */
export function lockScreen(): void {
  setLocked(true);
  navigateTo('/lockScreen');
}

/**
 * Switches the interface language; when signed in the choice is saved on the server and the session info
 * is reloaded, since menu names come localized from the server (the menu, tags and breadcrumbs follow), and
 * the server data on screen is fetched again: the names of seeded dictionaries and the like come localized too.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await loadAntdLocale(language);
  await setLanguage(language);
  if (!getToken()) return;
  try {
    // signed in: the shell has loaded these already; importing them here keeps them off the sign-in page
    const [{ saveSystemLanguage }, { queryClient }] = await Promise.all([
      import('../../platform/api/currentUser'),
      import('../queryClient'),
    ]);
    await saveSystemLanguage(language);
    await loadUserSessionLazily();
    await queryClient.invalidateQueries();
  } catch {
    // Shown by the request layer; the interface language has changed either way.
  }
}

/** The last-login notice after sign-in: time, place and IP, for 2 seconds. */
export function showLastLoginNotice(userInfo: UserInfo | null | undefined): void {
  if (!userInfo || Number(userInfo.prevLogin) !== 1 || !userInfo.prevLoginTime) return;
  feedback.notice(
    t('login.lastLoginTitle'),
    t('login.lastLoginText', {
      time: dayjs(userInfo.prevLoginTime).format('YYYY-MM-DD HH:mm:ss'),
      place: userInfo.prevLoginIPAddressName || t('common.unknown'),
      ip: userInfo.prevLoginIPAddress || t('common.unknown'),
    }),
    LAST_LOGIN_NOTICE_SECONDS,
  );
}
