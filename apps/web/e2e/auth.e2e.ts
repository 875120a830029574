// Sign-in, captcha, redirect after sign-in, lock screen and sign-out in a real browser.
import { describe, expect, it } from 'vitest';
import { ADMIN, adminApi, signIn, createUserWithPassword } from './support/api';
import { expectToast, newPage, screenshot, signInThroughPage, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser, openAt } = browserTestFile();

describe('sign-in page', () => {
  it('signs in with account and password and opens the home page', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await screenshot(page, 'login-1440');
    await signInThroughPage(page, ADMIN.account, ADMIN.password);
    await waitForShell(page);
    await page.waitForURL(/\/home$/);
    const token = await page.evaluate(() => localStorage.getItem('jnpf_token'));
    expect(token).toMatch(/^"bearer /);
    await page.context().close();
  });

  it('shows the server message for a wrong password and stays on the sign-in page', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await signInThroughPage(page, ADMIN.account, 'wrong-password');
    await expectToast(page, '账号或密码错误');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();
    await page.context().close();
  });

  it('returns to the address asked for before sign-in', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
    await signInThroughPage(page, ADMIN.account, ADMIN.password);
    await page.waitForURL(/\/profile$/);
    await page.getByRole('tab', { name: '个人资料' }).waitFor();
    await page.context().close();
  });

  it('asks for the captcha when the configuration turns it on, and reports a wrong one', async () => {
    const api = await adminApi(baseUrl);
    const previous = await api.patchSysConfig({ enableVerificationCode: 1 });
    try {
      const page = await newPage(browser(), baseUrl);
      await page.goto('/login');
      await page.getByPlaceholder('请输入账号').fill(ADMIN.account);
      await page.getByPlaceholder('请输入密码').click(); // leaving the account asks whether it needs a captcha
      const captcha = page.getByAltText('验证码');
      await captcha.waitFor();
      await expect.poll(() => captcha.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await page.getByPlaceholder('请输入密码').fill(ADMIN.password);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByText('请输入验证码').first().waitFor(); // required before anything is sent
      await page.getByPlaceholder('请输入验证码').fill('zzzz');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await expectToast(page, '验证码错误');
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, 'login-captcha');
      await page.context().close();
    } finally {
      await api.patchSysConfig(previous);
    }
  });

  it('shows the app-scan QR code on its tab', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await page.getByRole('tab', { name: '扫码登录' }).click();
    const qr = page.getByAltText('登录二维码');
    await qr.waitFor();
    expect(await page.locator('[data-scan-phase]').getAttribute('data-scan-phase')).toBe('waiting');
    await page.context().close();
  });
});

describe('lock screen', () => {
  it('stays locked across a reload and unlocks with the password', async () => {
    const token = await signIn(baseUrl, ADMIN.account, ADMIN.password);
    const page = await openAt('/home', { token });
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '锁定屏幕' }).click();
    await page.waitForURL(/\/lockScreen$/);
    await page.reload();
    await page.getByPlaceholder('请输入登录密码解锁').waitFor();
    expect(new URL(page.url()).pathname).toBe('/lockScreen');
    // Any other address leads back to the lock screen.
    await page.goto('/profile');
    await page.waitForURL(/\/lockScreen$/);
    await page.getByPlaceholder('请输入登录密码解锁').fill('wrong-password');
    await page.keyboard.press('Enter');
    await expectToast(page, '密码错误');
    await page.getByPlaceholder('请输入登录密码解锁').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await waitForShell(page);
    expect(await page.evaluate(() => localStorage.getItem('jnpf_lock'))).toBeNull();
    await page.context().close();
  });
});

describe('sign-out', () => {
  it('asks for confirmation, ends the session and clears the stored token', async () => {
    const token = await signIn(baseUrl, ADMIN.account, ADMIN.password);
    const page = await openAt('/home', { token });
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByText('确定要退出登录吗？').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login$/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('jnpf_token'),
      lock: localStorage.getItem('jnpf_lock'),
    }));
    expect(stored).toEqual({ token: null, lock: null });
    // The server has ended the session: the old token no longer works.
    const answer = await fetch(`${baseUrl}/api/oauth/CurrentUser`, { headers: { Authorization: token } });
    expect(((await answer.json()) as { code: number }).code).not.toBe(200);
    await page.context().close();
  });
});

describe('single sign-on entry', () => {
  it('takes over a session handed over in the address once confirmed and leaves the token out of it', async () => {
    const token = await signIn(baseUrl, ADMIN.account, ADMIN.password);
    const handover = `/sso?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent('/profile')}`;
    const page = await newPage(browser(), baseUrl);
    await page.goto(handover);
    // A signed-out browser is shown whose account it is about to sign in as, and stores nothing before the click.
    await page.getByText(new RegExp(`即将以 .+（${ADMIN.account}）的身份登录`)).waitFor();
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();
    await screenshot(page, 'sso-confirm');
    await page.getByRole('button', { name: '继续登录' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('tab', { name: '个人资料' }).waitFor();
    expect(page.url()).not.toContain('token');
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBe(JSON.stringify(token));

    // a forged token neither replaces nor ends the session
    await page.goto('/pcsso?token=bearer%20forged');
    await expectToast(page, '单点登录凭证无效或已过期');
    await page.waitForURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBe(JSON.stringify(token));
    await page.context().close();

    const signedOut = await newPage(browser(), baseUrl);
    await signedOut.goto('/sso');
    await expectToast(signedOut, '单点登录未提供登录凭证，请重新登录');
    await signedOut.waitForURL(/\/login$/);

    // a signed-out browser declines: it goes to the sign-in page without the token
    await signedOut.goto(handover);
    await signedOut.getByRole('button', { name: '返回登录页' }).click();
    await signedOut.waitForURL(/\/login$/);
    expect(await signedOut.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();

    // a forged token in a signed-out browser leads to the sign-in page with a message, storing nothing
    await signedOut.goto('/pcsso?token=bearer%20forged');
    await expectToast(signedOut, '单点登录凭证无效或已过期');
    await signedOut.waitForURL(/\/login$/);
    expect(await signedOut.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();
    await signedOut.context().close();
  });

  it('asks before replacing the session of someone else, and keeps it when told so', async () => {
    const api = await adminApi(baseUrl);
    const account = `sso${Date.now().toString(36).slice(-6)}`;
    await createUserWithPassword(api, account, '单点用户', 'abc12345');
    const userToken = await signIn(baseUrl, account, 'abc12345');
    const adminToken = await signIn(baseUrl, ADMIN.account, ADMIN.password);
    const page = await newPage(browser(), baseUrl, { token: adminToken });
    const handover = `/sso?token=${encodeURIComponent(userToken)}&redirect=%2Fprofile`;

    await page.goto(handover);
    await page.getByText(`单点登录的账号是“单点用户/${account}”`, { exact: false }).waitFor();
    expect(page.url()).not.toContain('token');
    await screenshot(page, 'sso-switch-question');
    await page.getByRole('button', { name: '保持当前账号' }).click();
    await page.waitForURL(/\/profile$/);
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBe(JSON.stringify(adminToken));

    await page.goto(handover);
    await page.getByRole('button', { name: '切换账号' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('button', { name: '用户菜单' }).getByText('单点用户').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBe(JSON.stringify(userToken));
    await page.context().close();
  });
});
