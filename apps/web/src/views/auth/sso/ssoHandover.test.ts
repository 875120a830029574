import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocked, setToken, useSession } from '../../../platform/session';
import { storageKey } from '../../../platform/storage';
import { handOver, readHandover, takeOver } from './ssoHandover';
import { serveOwners } from './testing';

beforeEach(() => {
  setToken('bearer old');
  setLocked(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('single sign-on handover (/sso?token=)', () => {
  it('reads the token and an in-app target, never another site', () => {
    expect(readHandover('?token=bearer%20new&redirect=%2Fprofile%3Ftab%3D2')).toEqual({
      token: 'bearer new',
      target: '/profile?tab=2',
    });
    expect(readHandover('?token=t1')).toEqual({ token: 't1', target: '/home' });
    expect(readHandover('?token=t2&redirect=https%3A%2F%2Fevil.example')?.target).toBe('/home');
    expect(readHandover('?token=t3&redirect=%2F%2Fevil.example')?.target).toBe('/home');
    expect(readHandover('?redirect=%2Fprofile')).toBeNull();
    expect(readHandover('?token=%20')).toBeNull();
  });

  it('shows a browser without a session whose account the token is, and stores nothing before the user confirms', async () => {
    useSession.setState({ token: '' });
    window.localStorage.removeItem(storageKey('token'));
    const fetchMock = serveOwners({ 'bearer new': 'u2' });
    const step = await handOver({ token: 'bearer new', target: '/profile' }, '');
    expect(step).toEqual({
      kind: 'confirm',
      handover: { token: 'bearer new', target: '/profile' },
      incoming: { userId: 'u2', userName: 'name-u2', userAccount: 'u2' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('bearer new');
    expect(useSession.getState().token).toBe('');
    expect(window.localStorage.getItem(storageKey('token'))).toBeNull();

    // the page takes it over on the user's click
    takeOver(step.kind === 'confirm' ? step.handover.token : '');
    expect(useSession.getState()).toMatchObject({ token: 'bearer new', locked: false });
    expect(window.localStorage.getItem(storageKey('token'))).toBe(JSON.stringify('bearer new'));
    expect(window.localStorage.getItem(storageKey('lock'))).toBeNull();
  });

  it('sends a browser without a session to sign in when the handed-over token is refused, storing nothing', async () => {
    useSession.setState({ token: '' });
    window.localStorage.removeItem(storageKey('token'));
    serveOwners({});
    expect(await handOver({ token: 'bearer forged', target: '/profile' }, '')).toEqual({
      kind: 'refused',
      target: '/login',
    });
    expect(useSession.getState().token).toBe('');
    expect(window.localStorage.getItem(storageKey('token'))).toBeNull();
  });

  it('confirms like a signed-out browser when the stored session no longer works', async () => {
    serveOwners({ 'bearer new': 'u2' });
    expect(await handOver({ token: 'bearer new', target: '/home' }, 'bearer old')).toMatchObject({
      kind: 'confirm',
      incoming: { userId: 'u2' },
    });
    expect(useSession.getState().token).toBe('');
    expect(window.localStorage.getItem(storageKey('token'))).toBeNull();
  });

  it('goes on without asking or fetching when the handed-over token is the session already', async () => {
    const fetchMock = serveOwners({});
    expect(await handOver({ token: 'bearer old', target: '/profile' }, 'bearer old')).toEqual({
      kind: 'go',
      target: '/profile',
    });
    expect(useSession.getState()).toMatchObject({ token: 'bearer old', locked: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('replaces a session of the same user without asking', async () => {
    serveOwners({ 'bearer old': 'u1', 'bearer new': 'u1' });
    expect(await handOver({ token: 'bearer new', target: '/home' }, 'bearer old')).toEqual({
      kind: 'go',
      target: '/home',
    });
    expect(useSession.getState().token).toBe('bearer new');
  });

  it('asks before replacing a session of someone else, and changes nothing meanwhile', async () => {
    serveOwners({ 'bearer old': 'u1', 'bearer new': 'u2' });
    const step = await handOver({ token: 'bearer new', target: '/home' }, 'bearer old');
    expect(step).toMatchObject({
      kind: 'ask',
      current: { userId: 'u1', userName: 'name-u1' },
      incoming: { userId: 'u2', userName: 'name-u2' },
    });
    expect(useSession.getState()).toMatchObject({ token: 'bearer old', locked: true });
  });

  it('keeps a working session when the handed-over token is refused; ends one that does not work either', async () => {
    serveOwners({ 'bearer old': 'u1' });
    expect(await handOver({ token: 'bearer forged', target: '/home' }, 'bearer old')).toEqual({
      kind: 'refused',
      target: '/home',
    });
    expect(useSession.getState().token).toBe('bearer old');

    serveOwners({});
    expect(await handOver({ token: 'bearer forged', target: '/home' }, 'bearer old')).toEqual({
      kind: 'refused',
      target: '/login',
    });
    expect(useSession.getState().token).toBe('');
  });
});
