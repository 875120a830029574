import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../platform/feedback';
import { i18n } from '../platform/i18n';
import { setChatUnread, setNoticeUnread } from '../platform/messageCounts';
import { resetPreferences, updatePreferences, usePreferences } from '../platform/preferences';
import { setToken, useSession } from '../platform/session';
import AppMain from './parts/AppMain';
import AppSwitcher from './parts/AppSwitcher';
import MessageIcons from './parts/MessageIcons';
import ForcedPasswordChange from './password/ForcedPasswordChange';
import SettingsDrawer from './settings/SettingsDrawer';
import { useTags } from './tags/tagsStore';

vi.mock('../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// jsdom reports an English browser; these tests read the Chinese texts.
beforeAll(() => i18n.changeLanguage('zh'));

const fetchMock = vi.fn<typeof fetch>();
const ok = (data?: unknown, msg = 'Success') => new Response(JSON.stringify({ code: 200, msg, data }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetPreferences();
  setToken('bearer t');
});

describe('settings drawer', () => {
  it('applies choices to the preferences at once and saves the layout on the server', async () => {
    fetchMock.mockResolvedValue(ok());
    render(<SettingsDrawer open onClose={() => undefined} />);
    await userEvent.click(await screen.findByRole('radio', { name: '混合导航' }));
    expect(usePreferences.getState().layoutType).toBe('blend');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/^\/api\/permission\/Users\/Current\/SystemTheme\?n=\d+$/);
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ theme: 'blend' }) });

    await userEvent.click(screen.getByRole('radio', { name: '酱紫' }));
    await userEvent.click(screen.getByRole('radio', { name: '亮白' }));
    await userEvent.click(screen.getByRole('switch', { name: '页面缓存' }));
    await userEvent.click(screen.getByRole('switch', { name: '菜单搜索' }));
    expect(usePreferences.getState()).toMatchObject({
      themeColor: 'purple',
      sideStyle: 'lightWhite',
      useCache: true,
      showSearch: false,
    });
    expect(JSON.parse(window.localStorage.getItem('jnpf_preferences')!)).toMatchObject({ themeColor: 'purple' });

    await userEvent.click(screen.getByRole('button', { name: /恢复默认/ }));
    expect(usePreferences.getState()).toMatchObject({ layoutType: 'classic', themeColor: 'blue', useCache: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('chat and notice badges', () => {
  it('shows the counts from the store, capped at 99', async () => {
    render(<MessageIcons />);
    expect(document.querySelector('.ant-badge-count')).toBeNull();
    act(() => {
      setChatUnread(7);
      setNoticeUnread(120);
    });
    await screen.findByTitle('7');
    expect(screen.getByText('99+')).toBeTruthy();
  });
});

describe('application switcher', () => {
  it('makes the chosen system the main one and shows the server message', async () => {
    useSession.setState({
      userInfo: {
        systemId: '1',
        systemIds: [
          { id: '1', name: '开发平台', icon: '', currentSystem: true },
          { id: '2', name: '智慧园区', icon: '', currentSystem: false },
        ],
      } as never,
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, pathname: '/home' });
    fetchMock.mockResolvedValue(ok(undefined, '切换成功'));
    render(<AppSwitcher />);
    await userEvent.click(screen.getByRole('button', { name: '切换应用' }));
    expect(await screen.findByText('当前')).toBeTruthy();
    await userEvent.click(screen.getByText('开发平台')); // the current one: nothing happens
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByText('智慧园区'));
    await waitFor(() => expect(feedback.success).toHaveBeenCalledWith('切换成功', 1.5));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/^\/api\/permission\/Users\/Current\/major\?/);
    expect(JSON.parse(String(init!.body))).toEqual({ majorId: '2', majorType: 'System' });
    await vi.advanceTimersByTimeAsync(1100);
    expect(replace).toHaveBeenCalledWith('/');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is hidden with one system', () => {
    useSession.setState({ userInfo: { systemIds: [{ id: '1', name: 'A', icon: '', currentSystem: true }] } as never });
    render(<AppSwitcher />);
    expect(screen.queryByRole('button', { name: '切换应用' })).toBeNull();
  });
});

describe('forced password change', () => {
  const serveConfig = (mandatory: number) =>
    fetchMock.mockImplementation(async (input, init) => {
      const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://x').pathname}`;
      if (call === 'GET /api/oauth/getConfig/admin')
        return ok({ mandatoryModificationOfInitialPassword: mandatory, passwordStrengthLimit: 0 });
      throw new Error(`unexpected ${call}`);
    });

  it('opens when the password was never changed and the configuration demands it', async () => {
    serveConfig(1);
    useSession.setState({ userInfo: { userAccount: 'admin', changePasswordDate: null } as never });
    render(<ForcedPasswordChange />);
    expect(await screen.findByText('修改初始密码')).toBeTruthy();
  });

  it('stays closed when the configuration does not demand it or the password was changed', async () => {
    serveConfig(0);
    useSession.setState({ userInfo: { userAccount: 'admin', changePasswordDate: null } as never });
    const { unmount } = render(<ForcedPasswordChange />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('修改初始密码')).toBeNull();
    unmount();
    fetchMock.mockClear();
    useSession.setState({ userInfo: { userAccount: 'admin', changePasswordDate: 1700000000000 } as never });
    render(<ForcedPasswordChange />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('view cache (AppMain)', () => {
  function Counter({ name }: { name: string }) {
    const [count, setCount] = useState(0);
    const navigate = useNavigate();
    return (
      <div>
        <button onClick={() => setCount(count + 1)}>{`${name} ${count}`}</button>
        <button onClick={() => navigate(name === 'a' ? '/b' : '/a')}>{`leave ${name}`}</button>
      </div>
    );
  }

  function renderViews() {
    useTags.setState({
      views: ['/a', '/b'].map((path) => ({
        path,
        fullPath: path,
        name: path.slice(1),
        titleKey: null,
        title: path,
        menuType: null,
        affix: false,
      })),
      refreshCounts: {},
    });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <AppMain />,
          children: [
            { path: 'a', handle: { name: 'a', titleKey: 'route.home' }, element: <Counter name="a" /> },
            {
              path: 'b',
              handle: { name: 'b', titleKey: 'route.profile', noCache: true },
              element: <Counter name="b" />,
            },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
  }

  async function roundTrip() {
    await userEvent.click(await screen.findByRole('button', { name: 'a 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'leave a' }));
    await userEvent.click(await screen.findByRole('button', { name: 'b 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'leave b' }));
  }

  it('keeps a cacheable view’s state when the cache is on, but not a noCache view’s', async () => {
    updatePreferences({ useCache: true });
    renderViews();
    await roundTrip();
    expect(await screen.findByRole('button', { name: 'a 1' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'leave a' }));
    expect(await screen.findByRole('button', { name: 'b 0' })).toBeTruthy();
  });

  it('starts views afresh when the cache is off', async () => {
    renderViews();
    await roundTrip();
    expect(await screen.findByRole('button', { name: 'a 0' })).toBeTruthy();
  });
});
