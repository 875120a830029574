import { md5Hex } from '@jnpf/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../platform/feedback';
import { setLocked, setToken, useSession } from '../../../platform/session';
import LockScreenPage from './LockScreenPage';

// Toasts are checked through the feedback module: antd's static toasts render in their own React root,
// which would outlive the test environment.
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

function renderLockScreen() {
  const router = createMemoryRouter(
    [
      { path: '/lockScreen', element: <LockScreenPage /> },
      { path: '*', element: <div>unlocked</div> },
    ],
    { initialEntries: ['/lockScreen'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.error).mockClear();
  setToken('bearer t');
  setLocked(true);
  useSession.setState({ userInfo: { userAccount: 'admin', userName: '管理员' } as never });
});

describe('LockScreenPage', () => {
  it('unlocks with the md5 of the password and clears the persisted lock', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: 'Success' })));
    const router = renderLockScreen();
    expect(screen.getByText('管理员')).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入登录密码解锁'), '123456{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/^\/api\/oauth\/LockScreen\?n=\d+$/);
    expect(JSON.parse(String(init!.body))).toEqual({ account: 'admin', password: md5Hex('123456') });
    expect(useSession.getState().locked).toBe(false);
    expect(window.localStorage.getItem('jnpf_lock')).toBeNull();
  });

  it('stays locked when the password is refused', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 400, msg: '密码错误' })));
    const router = renderLockScreen();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入登录密码解锁'), 'wrong{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((screen.getByPlaceholderText('请输入登录密码解锁') as HTMLInputElement).value).toBe(''));
    expect(router.state.location.pathname).toBe('/lockScreen');
    expect(useSession.getState().locked).toBe(true);
    expect(useSession.getState().token).toBe('bearer t');
    expect(feedback.error).toHaveBeenCalledWith('密码错误', 1.5);
  });
});
