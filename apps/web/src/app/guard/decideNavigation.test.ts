import { describe, expect, it } from 'vitest';
import { decideNavigation, isPublicPath, PUBLIC_PATHS, type NavigationState } from './decideNavigation';

const state = (overrides: Partial<NavigationState>): NavigationState => ({
  path: '/home',
  fullPath: '/home',
  hasToken: true,
  locked: false,
  sessionLoaded: true,
  ...overrides,
});

describe('decideNavigation', () => {
  it('without a token sends a private path to sign-in with the path as redirect', () => {
    expect(decideNavigation(state({ hasToken: false, path: '/system/user', fullPath: '/system/user?id=1' }))).toEqual({
      action: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser%3Fid%3D1',
    });
  });

  it.each(PUBLIC_PATHS)('without a token allows the public path %s', (path) => {
    expect(decideNavigation(state({ hasToken: false, path, fullPath: path, sessionLoaded: false }))).toEqual({
      action: 'allow',
    });
  });

  it.each(['/sso', '/pcsso'])('lets %s through whatever the session, even locked: it replaces the session', (path) => {
    for (const hasToken of [true, false])
      for (const locked of [true, false])
        expect(
          decideNavigation(state({ path, fullPath: `${path}?token=t`, hasToken, locked, sessionLoaded: false })),
        ).toEqual({ action: 'allow' });
  });

  it('treats the redirect helper as public', () => {
    expect(isPublicPath('/redirect/system/user')).toBe(true);
    expect(isPublicPath('/home')).toBe(false);
  });

  it('sends a signed-in user away from the sign-in page', () => {
    expect(decideNavigation(state({ path: '/login', fullPath: '/login?redirect=%2Fx' }))).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('sends every path to the lock screen while locked', () => {
    expect(decideNavigation(state({ locked: true, path: '/system/user' }))).toEqual({
      action: 'redirect',
      to: '/lockScreen',
    });
    expect(decideNavigation(state({ locked: true, path: '/404' }))).toEqual({ action: 'redirect', to: '/lockScreen' });
  });

  it('shows the lock screen while locked, loading the session first when needed (account and name)', () => {
    expect(decideNavigation(state({ locked: true, path: '/lockScreen', sessionLoaded: false }))).toEqual({
      action: 'loadSession',
    });
    expect(decideNavigation(state({ locked: true, path: '/lockScreen' }))).toEqual({ action: 'allow' });
  });

  it('leaves the lock screen when not locked', () => {
    expect(decideNavigation(state({ path: '/lockScreen' }))).toEqual({ action: 'redirect', to: '/' });
  });

  it('loads the session when no menus are loaded, then allows', () => {
    expect(decideNavigation(state({ sessionLoaded: false }))).toEqual({ action: 'loadSession' });
    expect(decideNavigation(state({ sessionLoaded: true }))).toEqual({ action: 'allow' });
  });
});
