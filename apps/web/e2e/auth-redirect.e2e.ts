// /auth-redirect in a real browser: a popup opened by the sign-in page comes back with an outside sign-in's
// answer; the answer reaches the page that opened it and the popup closes. Opened on its own, the page says
// the step is done and does not keep the code in the address.
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();

describe('/auth-redirect', () => {
  it('hands the answer to the window that opened it and closes', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/login');
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .waitFor();
    const received = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          window.addEventListener('message', (event) => resolve({ origin: event.origin, data: event.data }), {
            once: true,
          });
          window.open('/auth-redirect?code=abc123&state=s1', 'auth', 'width=500,height=600');
        }),
    );
    const popup = await page.waitForEvent('popup');
    expect(await received).toEqual({
      origin: baseUrl,
      data: { type: 'jnpf:auth-redirect', query: { code: 'abc123', state: 's1' } },
    });
    await popup.waitForEvent('close');
    await page.context().close();
  });

  it('opened on its own, says the step is done and drops the code from the address', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto('/auth-redirect?code=abc123');
    await page.getByText('登录认证已完成').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/login/);
    await page.context().close();
  });
});
