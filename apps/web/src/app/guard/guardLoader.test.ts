import type { CurrentUserResult, MenuItem } from '@jnpf/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NavigationModuleNamespace from '../../platform/navigation';

type NavigationModule = typeof NavigationModuleNamespace;

vi.mock('../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.mock('../../platform/navigation', async (importOriginal) => ({
  ...(await importOriginal<NavigationModule>()),
  navigateTo: vi.fn(),
  currentAppPath: vi.fn(() => '/home'),
}));

const { feedback } = await import('../../platform/feedback');
const { setLocked, setToken, useSession, resetSession } = await import('../../platform/session');
const { useRouteTable } = await import('../routes/routeTable');
const { appPathOf, createGuardLoader } = await import('./guardLoader');

const fetchMock = vi.fn<typeof fetch>();
const guard = createGuardLoader('');

const pageMenu = {
  id: 'm1',
  type: 2,
  enCode: 'a.b',
  fullName: 'A',
  urlAddress: 'a/b',
  children: [],
} as unknown as MenuItem;

function answerCurrentUser(body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body)));
}

function session(menuList: MenuItem[]): CurrentUserResult {
  return {
    menuList,
    permissionList: [],
    userInfo: { userId: 'u1', userAccount: 'admin', userName: '管理员' } as CurrentUserResult['userInfo'],
    sysConfigInfo: { title: '平台' } as CurrentUserResult['sysConfigInfo'],
  };
}

async function navigate(path: string): Promise<string | null> {
  try {
    await guard({ request: new Request(`http://app${path}`), params: {}, context: undefined } as never);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.error).mockClear();
  resetSession();
});

describe('guard loader', () => {
  it('sends a signed-out visitor to sign-in', async () => {
    expect(await navigate('/system/user?x=1')).toBe('/login?redirect=%2Fsystem%2Fuser%3Fx%3D1');
    expect(await navigate('/login')).toBeNull();
  });

  it('loads the session and builds the routes, then lets the navigation through', async () => {
    setToken('t1');
    answerCurrentUser({ code: 200, msg: 'Success', data: session([pageMenu]) });
    expect(await navigate('/a/b')).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/api\/oauth\/CurrentUser\?systemCode=&n=\d+$/);
    expect(useSession.getState().userInfo?.userAccount).toBe('admin');
    expect(useRouteTable.getState().routes.map((route) => route.path)).toEqual(['/a/b']);
    expect(await navigate('/home')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1); // loaded once
  });

  it('fails with 验证失败，请重新登录。 when no data comes back', async () => {
    setToken('t1');
    answerCurrentUser({ code: 200, msg: 'Success' });
    expect(await navigate('/home')).toBe('/login?redirect=%2Fhome');
    expect(feedback.error).toHaveBeenCalledWith('验证失败，请重新登录。');
    expect(useSession.getState().token).toBe('');
  });

  it('fails with 您的权限不足，请联系管理员 when the menu list is empty', async () => {
    setToken('t1');
    answerCurrentUser({ code: 200, msg: 'Success', data: session([]) });
    expect(await navigate('/home')).toBe('/login?redirect=%2Fhome');
    expect(feedback.error).toHaveBeenCalledWith('您的权限不足，请联系管理员');
    expect(window.localStorage.getItem('jnpf_token')).toBeNull();
  });

  it('shows a refused session call only once (the request layer already did)', async () => {
    setToken('t1');
    answerCurrentUser({ code: 600, msg: '登录过期,请重新登录' });
    expect(await navigate('/home')).toBe('/login?redirect=%2Fhome');
    expect(feedback.error).toHaveBeenCalledTimes(1);
    expect(feedback.error).toHaveBeenCalledWith('登录过期,请重新登录', 1.5);
  });

  it('keeps a locked session on the lock screen, after a reload too', async () => {
    setToken('t1');
    setLocked(true);
    expect(await navigate('/home')).toBe('/lockScreen');
    answerCurrentUser({ code: 200, msg: 'Success', data: session([pageMenu]) });
    expect(await navigate('/lockScreen')).toBeNull();
    expect(window.localStorage.getItem('jnpf_lock')).toBe('true');
  });

  it('strips the application base path', () => {
    expect(appPathOf(new URL('http://x/JNPF_APP_crm/home'), '/JNPF_APP_crm')).toBe('/home');
    expect(appPathOf(new URL('http://x/JNPF_APP_crm'), '/JNPF_APP_crm')).toBe('/');
  });
});
