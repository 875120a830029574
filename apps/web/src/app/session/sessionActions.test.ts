import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NavigationModuleNamespace from '../../platform/navigation';

type NavigationModule = typeof NavigationModuleNamespace;

vi.mock('../../platform/navigation', async (importOriginal) => ({
  ...(await importOriginal<NavigationModule>()),
  navigateTo: vi.fn(),
}));

const { navigateTo } = await import('../../platform/navigation');
const { setLocked, setToken, useSession } = await import('../../platform/session');
const { useRouteTable, setRoutes } = await import('../routes/routeTable');
const { useTags } = await import('../../layouts/tags/tagsStore');
const { queryClient } = await import('../queryClient');
const { lockScreen, signOut } = await import('./sessionActions');

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(navigateTo).mockClear();
});

describe('signOut', () => {
  it('tells the server, then clears token, caches, routes and tabs and goes to sign-in', async () => {
    setToken('bearer t');
    useSession.setState({ menuList: [{ id: 'm' } as never], permissionList: [{ modelId: 'm' } as never] });
    setRoutes([{ path: '/a', meta: {} as never, content: { kind: 'directory', firstChildPath: null } }]);
    useTags.setState({ views: [{ path: '/a' } as never] });
    queryClient.setQueryData(['dictionary'], [1, 2]);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: 'Success' })));

    await signOut();

    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/oauth\/Logout\?n=\d+$/);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('bearer t');
    expect(useSession.getState()).toMatchObject({ token: '', userInfo: null, menuList: [], permissionList: [] });
    expect(window.localStorage.getItem('jnpf_token')).toBeNull();
    expect(useRouteTable.getState().routes).toEqual([]);
    expect(useTags.getState().views).toEqual([]);
    expect(queryClient.getQueryData(['dictionary'])).toBeUndefined();
    expect(navigateTo).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('ends the local session even when the server cannot be reached', async () => {
    setToken('bearer t');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await signOut();
    expect(useSession.getState().token).toBe('');
    expect(navigateTo).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('lockScreen', () => {
  it('persists the lock flag before going to the lock screen', () => {
    setToken('bearer t');
    lockScreen();
    expect(window.localStorage.getItem('jnpf_lock')).toBe('true');
    expect(useSession.getState().locked).toBe(true);
    expect(navigateTo).toHaveBeenCalledWith('/lockScreen');
    setLocked(false);
    expect(window.localStorage.getItem('jnpf_lock')).toBeNull();
  });
});
