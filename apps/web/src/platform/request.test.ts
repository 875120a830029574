import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NavigationModuleNamespace from './navigation';

type NavigationModule = typeof NavigationModuleNamespace;

vi.mock('./feedback', () => ({ feedback: { error: vi.fn(), success: vi.fn(), notice: vi.fn() } }));
vi.mock('./navigation', async (importOriginal) => ({
  ...(await importOriginal<NavigationModule>()),
  navigateTo: vi.fn(),
  currentAppPath: vi.fn(() => '/system/user?tab=1'),
}));

const { feedback } = await import('./feedback');
const { navigateTo } = await import('./navigation');
const { setLanguage } = await import('./i18n');
const { setToken, useSession, getToken } = await import('./session');
const { buildUrl, failureMessage, http, isBypassUrl, request, RequestError } = await import('./request');

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(feedback.error).mockClear();
  vi.mocked(navigateTo).mockClear();
  await setLanguage('zh');
  setToken('bearer abc.def');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request headers and URL', () => {
  it('sends origin pc, the stored token verbatim and the interface language', async () => {
    answer({ code: 200, msg: 'Success', data: 1 });
    await http.get('/api/oauth/CurrentUser');
    const { headers } = lastCall();
    expect(headers['jnpf-origin']).toBe('pc');
    expect(headers.Authorization).toBe('bearer abc.def');
    expect(headers['jnpf-language']).toBe('zh');
  });

  it('sends the current language after a change', async () => {
    await setLanguage('en');
    answer({ code: 200, msg: 'Success' });
    await http.get('/api/x');
    expect(lastCall().headers['jnpf-language']).toBe('en');
  });

  it('omits Authorization when signed out', async () => {
    useSession.setState({ token: '' });
    answer({ code: 200, msg: 'Success' });
    await http.get('/api/oauth/getConfig/admin');
    expect(lastCall().headers).not.toHaveProperty('Authorization');
  });

  it('adds n=<unix seconds> to every URL, with ? or &', () => {
    expect(buildUrl('/api/a', undefined, 1_700_000_123_456)).toBe('/api/a?n=1700000123');
    expect(buildUrl('/api/a?x=1', undefined, 1_700_000_123_456)).toBe('/api/a?x=1&n=1700000123');
  });

  it('sends GET data as query parameters and skips empty values', async () => {
    answer({ code: 200, msg: 'Success' });
    await http.get('/api/message', { keyword: 'a b', currentPage: 2, type: undefined, ids: ['1', '2'], isRead: null });
    const url = new URL(lastCall().url, 'http://x');
    expect(url.searchParams.get('keyword')).toBe('a b');
    expect(url.searchParams.get('currentPage')).toBe('2');
    expect(url.searchParams.getAll('ids')).toEqual(['1', '2']);
    expect(url.searchParams.has('type')).toBe(false);
    expect(url.searchParams.has('isRead')).toBe(false);
    expect(url.searchParams.get('n')).toMatch(/^\d{10}$/);
    expect(lastCall().init.body).toBeUndefined();
  });

  it('sends JSON bodies by default and form bodies on request', async () => {
    answer({ code: 200, msg: 'Success' });
    await http.post('/api/a', { a: 1 });
    expect(lastCall().headers['Content-Type']).toContain('application/json');
    expect(lastCall().init.body).toBe('{"a":1}');

    answer({ code: 200, msg: 'Success' });
    await http.post('/api/b', { account: 'x@y', code: '' }, { form: true });
    expect(lastCall().headers['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(lastCall().init.body).toBe('account=x%40y&code=');
  });
});

describe('response rules', () => {
  it('resolves the whole envelope on code 200', async () => {
    answer({ code: 200, msg: 'Success', data: { id: '1' } });
    await expect(http.get('/api/a')).resolves.toEqual({ code: 200, msg: 'Success', data: { id: '1' } });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('shows the server message for 1.5 s and rejects on code 400', async () => {
    answer({ code: 400, msg: '名称重复' });
    const failure = await http.post('/api/a', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as InstanceType<typeof RequestError>).code).toBe(400);
    expect(feedback.error).toHaveBeenCalledWith('名称重复', 1.5);
    expect(getToken()).toBe('bearer abc.def');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('falls back to the localized generic message when the server gives none', async () => {
    answer({ code: 500, msg: '' });
    await expect(http.get('/api/a')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('请求出错，请重试', 1.5);
  });

  it.each([600, 601, 602])('code %i resets the token and goes to sign-in with a redirect back', async (code) => {
    answer({ code, msg: '登录过期,请重新登录' });
    await expect(http.get('/api/permission/Users')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('登录过期,请重新登录', 1.5);
    expect(getToken()).toBe('');
    expect(window.localStorage.getItem('jnpf_token')).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/login?redirect=%2Fsystem%2Fuser%3Ftab%3D1', { replace: true });
  });

  it('later 600 answers after the session ended stay silent', async () => {
    answer({ code: 600, msg: 'expired' });
    answer({ code: 600, msg: 'expired' });
    await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);
    expect(feedback.error).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledTimes(1);
  });

  it.each([600, 601, 602])('code %i on sign-in keeps the session and rejects with the whole body', async (code) => {
    const body = { code, msg: '您的帐号在其他地方已登录' };
    answer(body);
    await expect(http.post('/api/oauth/Login', { account: 'a' }, { form: true })).rejects.toEqual(body);
    expect(getToken()).toBe('bearer abc.def');
    expect(navigateTo).not.toHaveBeenCalled();
    expect(feedback.error).toHaveBeenCalledWith('您的帐号在其他地方已登录', 1.5);
  });

  it.each([600, 601, 602])('code %i on unlock keeps the session', async (code) => {
    answer({ code, msg: '密码错误' });
    await expect(http.post('/api/oauth/LockScreen', {})).rejects.toBeInstanceOf(RequestError);
    expect(getToken()).toBe('bearer abc.def');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('a failed sign-in (400) rejects with the whole body', async () => {
    answer({ code: 400, msg: '账号或密码错误' });
    await expect(http.post('/api/oauth/Login', {}, { form: true })).rejects.toEqual({
      code: 400,
      msg: '账号或密码错误',
    });
  });

  it.each([
    '/api/system/Base/DataSource/Actions/Test',
    '/api/system/DataSource/Actions/Test',
    '/api/visualdev/OnlineDev/123/Config',
    '/api/visualdev/Portal/123/auth',
    '/api/oauth/sso/getSsoInfo',
  ])('bypass URL %s returns the raw body even when code is not 200', async (url) => {
    answer({ code: 400, msg: 'connection refused', data: { ok: false } });
    await expect(http.get(url)).resolves.toEqual({ code: 400, msg: 'connection refused', data: { ok: false } });
    expect(feedback.error).not.toHaveBeenCalled();
  });

  it('does not treat words that merely contain "sso" as single sign-on', () => {
    expect(isBypassUrl('/api/workflow/processor/list')).toBe(false);
    expect(isBypassUrl('/api/pcsso/login')).toBe(true);
  });
});

describe('transport failures', () => {
  it('a network error shows 请求出错，请重试 and rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/api/a')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('请求出错，请重试', 1.5);
  });

  it('a body that is not JSON is a transport error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>502</html>', { status: 502 }));
    await expect(http.get('/api/a')).rejects.toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('请求出错，请重试', 1.5);
  });

  it('times out after the configured time', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/api/a', timeoutMs: 5_000 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await pending).toBeInstanceOf(RequestError);
    expect(feedback.error).toHaveBeenCalledWith('请求出错，请重试', 1.5);
  });

  it('gives the slow calls 100 s', async () => {
    vi.useFakeTimers();
    let aborted = false;
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = http.post('/api/system/DataSync/Actions/Execute', {}).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(99_000);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(aborted).toBe(true);
    await pending;
  });

  it("the caller's own cancellation is silent", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/api/a', signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(await pending).toBeInstanceOf(RequestError);
    expect(feedback.error).not.toHaveBeenCalled();
  });
});

describe('stale session answers', () => {
  it('a 600 for a token that has since been replaced does not end the new session', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = http.get('/api/a').catch(() => undefined);
    setToken('bearer new-session');
    release(new Response(JSON.stringify({ code: 600, msg: 'expired' })));
    await pending;
    expect(getToken()).toBe('bearer new-session');
    expect(navigateTo).not.toHaveBeenCalled();
    expect(feedback.error).not.toHaveBeenCalled();
  });
});

describe('failureMessage', () => {
  it("gives a refused call's server message, an envelope's msg, or the generic text", () => {
    const refused = new RequestError('该功能未发布', 400, { code: 400, msg: '该功能未发布', data: null }, true);
    expect(failureMessage(refused)).toBe('该功能未发布');
    expect(failureMessage({ code: 400, msg: '名称不能重复' })).toBe('名称不能重复');
    expect(failureMessage('直接的文字')).toBe('直接的文字');
    expect(failureMessage(undefined)).toBe('请求出错，请重试');
  });
});
