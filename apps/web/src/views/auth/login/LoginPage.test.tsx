import { readFileSync } from 'node:fs';
import { encryptLoginPassword } from '@jnpf/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '../../../platform/i18n';
import { feedback } from '../../../platform/feedback';
import { resetSession, useSession } from '../../../platform/session';
import { usePreferences, resetPreferences } from '../../../platform/preferences';
import LoginPage from './LoginPage';

// Toasts are checked through the feedback module: antd's static toasts render in their own React root,
// which would outlive the test environment.
vi.mock('../../../platform/feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));

// jsdom reports an English browser; these tests read the Chinese texts.
beforeAll(() => i18n.changeLanguage('zh'));

const fetchMock = vi.fn<typeof fetch>();

type Reply = (url: string, init: RequestInit) => unknown;
/** Answers each "METHOD /api/path" (the query aside) with the given envelope; any other call fails the test. */
function serve(routes: Record<string, Reply>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const call = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://x').pathname}`;
    const reply = routes[call];
    if (!reply) throw new Error(`unexpected call ${call}`);
    return new Response(JSON.stringify(reply(url, init ?? {})));
  });
}

const currentUser = {
  code: 200,
  msg: 'Success',
  data: {
    menuList: [{ id: 'm', type: 2, enCode: 'a', fullName: 'A', urlAddress: 'a', children: [] }],
    permissionList: [],
    userInfo: { userAccount: 'admin', userName: '管理员', prevLogin: 0 },
    sysConfigInfo: { sysName: '智慧园区' },
  },
};

function renderLogin(initialPath = '/login?redirect=%2Fa') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: [initialPath] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function formBody(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(String(init.body)));
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.error).mockClear();
  resetSession();
  resetPreferences();
});

describe('LoginPage', () => {
  it('signs in with the encrypted password, loads the session and follows the redirect', async () => {
    let loginBody: Record<string, string> = {};
    serve({
      'GET /api/oauth/getConfig/admin': () => ({ code: 200, msg: 'Success', data: { enableVerificationCode: 0 } }),
      'POST /api/oauth/Login': (_url, init) => {
        loginBody = formBody(init);
        return { code: 200, msg: 'Success', data: { token: 'bearer t-1', theme: 'functional' } };
      },
      'GET /api/oauth/CurrentUser': () => currentUser,
    });
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入账号'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), '123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(loginBody).toEqual({
      account: 'admin',
      password: encryptLoginPassword('123456'),
      code: '',
      timestamp: '',
      origin: 'password',
      grant_type: 'password',
      jnpf_ticket: '',
    });
    expect(useSession.getState().token).toBe('bearer t-1');
    expect(window.localStorage.getItem('jnpf_token')).toBe('"bearer t-1"');
    expect(usePreferences.getState().layoutType).toBe('functional');
    expect(useSession.getState().menuList).toHaveLength(1);
  });

  it('shows the captcha the account requires and sends its key as timestamp', async () => {
    let loginBody: Record<string, string> = {};
    serve({
      'GET /api/oauth/getConfig/13800000000%40zhang': () => ({
        code: 200,
        msg: 'Success',
        data: { enableVerificationCode: 1, verificationCodeNumber: 5 },
      }),
      'POST /api/oauth/Login': (_url, init) => {
        loginBody = formBody(init);
        return { code: 200, msg: 'Success', data: { token: 't', theme: 'classic' } };
      },
      'GET /api/oauth/CurrentUser': () => currentUser,
    });
    const router = renderLogin('/login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入账号'), '13800000000@zhang');
    await user.click(screen.getByPlaceholderText('请输入密码'));
    const image = await screen.findByAltText('验证码');
    const key = image.getAttribute('src')!.replace('/api/file/ImageCode/', '');
    expect(key).toMatch(/^\d+$/);
    const codeInput = screen.getByPlaceholderText('请输入验证码');
    expect(codeInput.getAttribute('maxlength')).toBe('5');

    await user.click(image); // a click draws a new one
    const newKey = screen.getByAltText('验证码').getAttribute('src')!.replace('/api/file/ImageCode/', '');
    expect(newKey).not.toBe(key);

    await user.type(screen.getByPlaceholderText('请输入密码'), 'secret');
    await user.type(codeInput, 'ab12c');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(loginBody).toMatchObject({ account: '13800000000@zhang', code: 'ab12c', timestamp: newKey });
  });

  it('stays on the page without a token when sign-in is refused', async () => {
    serve({
      'GET /api/oauth/getConfig/admin': () => ({ code: 200, msg: 'Success', data: { enableVerificationCode: 0 } }),
      'POST /api/oauth/Login': () => ({ code: 400, msg: '账号或密码错误' }),
    });
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入账号'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /登\s*录/ })).not.toHaveProperty('disabled', true));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/oauth/Login'))).toBe(true),
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().token).toBe('');
    expect(feedback.error).toHaveBeenCalledWith('账号或密码错误', 1.5);
  });

  it('refuses the sign-in when the user has no menus', async () => {
    serve({
      'GET /api/oauth/getConfig/admin': () => ({ code: 200, msg: 'Success', data: { enableVerificationCode: 0 } }),
      'POST /api/oauth/Login': () => ({ code: 200, msg: 'Success', data: { token: 't', theme: 'classic' } }),
      'GET /api/oauth/CurrentUser': () => ({ ...currentUser, data: { ...currentUser.data, menuList: [] } }),
    });
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('请输入账号'), 'admin');
    await user.type(screen.getByPlaceholderText('请输入密码'), '123456');
    await user.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith('您的权限不足，请联系管理员'));
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().token).toBe('');
  });
  it('signs in by app scan: QR of the ticket, polling every 2 s, the token of a confirmed ticket', async () => {
    const statuses = [{ status: 0 }, { status: 1 }, { status: 2, value: 'bearer scanned', theme: 'plain' }];
    serve({
      'GET /api/oauth/codeCertificate': () => ({ code: 200, msg: 'Success', data: '0123456789abcdef0123456789abcdef' }),
      'GET /api/oauth/codeCertificateStatus/0123456789abcdef0123456789abcdef': () => ({
        code: 200,
        msg: 'Success',
        data: statuses.shift() ?? { status: -1 },
      }),
      'GET /api/oauth/CurrentUser': () => currentUser,
    });
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: '扫码登录' }));
    const qr = await screen.findByAltText('登录二维码');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'), { timeout: 9000 });
    expect(useSession.getState().token).toBe('bearer scanned');
    expect(usePreferences.getState().layoutType).toBe('plain');
  }, 20_000);

  it('names the sign-in methods briefly in English, each tab on one line', async () => {
    serve({});
    await setLanguage('en');
    try {
      renderLogin();
      const tabs = await screen.findAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['Sign in', 'QR code', 'SMS']);
      const loginCss = readFileSync(`${import.meta.dirname}/LoginPage.module.css`, 'utf8');
      expect(loginCss).toMatch(/\.method,\s*\.methodActive\s*\{[^}]*white-space:\s*nowrap/);
    } finally {
      await setLanguage('zh');
    }
  });

  it('signs in with a text-message code: number check, send with countdown, then the code', async () => {
    const calls: { url: string; body: unknown }[] = [];
    serve({
      'POST /api/oauth/SmsCode': (url, init) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return { code: 200, msg: '验证码已发送', data: null };
      },
      'POST /api/oauth/SmsLogin': (url, init) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return { code: 200, msg: 'Success', data: { token: 'bearer sms', theme: 'classic' } };
      },
      'GET /api/oauth/CurrentUser': () => currentUser,
    });
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: '短信登录' }));
    const mobile = await screen.findByPlaceholderText('请输入手机号');
    await user.type(mobile, '12345');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请正确输入您的手机号')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.clear(mobile);
    await user.type(mobile, '13800001111');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toMatch(/^\d+秒后重新获取$/));
    expect((screen.getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]!.body).toEqual({ mobile: '13800001111' });

    await user.type(screen.getByPlaceholderText('请输入短信验证码'), '123');
    await user.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    expect(await screen.findByText('请输入6位短信验证码')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('请输入短信验证码'), '456');
    await user.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/a'));
    expect(calls[1]!.body).toEqual({ mobile: '13800001111', code: '123456' });
    expect(useSession.getState().token).toBe('bearer sms');
  });
});
