import { beforeEach, describe, expect, it } from 'vitest';
import { setLocked, setToken, useSession } from '../../../platform/session';
import { storageKey } from '../../../platform/storage';
import { takeOverSession } from './ssoHandover';

beforeEach(() => {
  setToken('bearer old');
  setLocked(true);
});

describe('single sign-on handover (/sso?token=)', () => {
  it('replaces the session and its lock with the handed-over token and leads to the in-app target', () => {
    expect(window.localStorage.getItem(storageKey('lock'))).not.toBeNull();
    expect(takeOverSession('?token=bearer%20new&redirect=%2Fprofile%3Ftab%3D2')).toBe('/profile?tab=2');
    expect(useSession.getState()).toMatchObject({ token: 'bearer new', locked: false });
    expect(window.localStorage.getItem(storageKey('lock'))).toBeNull();
  });

  it('leads home without a target, and never to another site', () => {
    expect(takeOverSession('?token=t1')).toBe('/home');
    expect(takeOverSession('?token=t2&redirect=https%3A%2F%2Fevil.example')).toBe('/home');
    expect(takeOverSession('?token=t3&redirect=%2F%2Fevil.example')).toBe('/home');
  });

  it('keeps the current session when no token is given', () => {
    expect(takeOverSession('?redirect=%2Fprofile')).toBeNull();
    expect(takeOverSession('?token=%20')).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: 'bearer old', locked: true });
  });
});
