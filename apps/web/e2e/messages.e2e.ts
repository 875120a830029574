// In-site messages end to end: the administrator releases a notice to
// a user through the API; the user, signed in in a second browser context, sees the header badge rise
// without reloading (socket messagePush), opens the drawer, sees the notice, opens its detail and the badge
// drops; the message centre (/messageRecord) lists it as read.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, signIn, type Api, createUserWithPassword } from './support/api';
import { expectNoHorizontalOverflow, newPage, screenshot, toasts, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();
const stamp = Date.now().toString(36);
const ACCOUNT = `msg${stamp}`;
const PASSWORD = 'abc12345';
const TITLE = `年终放假通知${stamp}`;
let api: Api;
let userId: string;

beforeAll(async () => {
  api = await adminApi(baseUrl);
  userId = await createUserWithPassword(api, ACCOUNT, '消息接收人', PASSWORD);
});

/** the number on the bell's badge; 0 when no badge shows */
async function noticeBadge(page: Page): Promise<number> {
  const count = page.getByTestId('header-notice').locator('.ant-badge-count');
  if ((await count.count()) === 0 || !(await count.first().isVisible())) return 0;
  return Number((await count.first().getAttribute('title')) ?? 0);
}

/** resolves once the page's socket has received its initMessage */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"initMessage"')) resolve();
      }),
    );
  });
}

async function releaseNotice(): Promise<string> {
  const id = await api.ok<string>('POST', '/api/message/Notice', {
    title: TITLE,
    excerpt: '春节放假安排',
    bodyText: '<p>各位同事：春节放假<strong>七天</strong>，请提前安排工作。</p><ul><li>值班表另行通知</li></ul>',
    toUserIds: userId,
    files: '[]',
  });
  await api.ok('PUT', `/api/message/Notice/${id}/Actions/Release`);
  return id;
}

describe('in-site messages', () => {
  it('a released notice reaches the user live; reading it lowers the badge', { timeout: 180_000 }, async () => {
    const token = await signIn(baseUrl, ACCOUNT, PASSWORD);
    const page = await newPage(browser(), baseUrl, { token });
    const ready = socketReady(page);
    await page.goto('/home');
    await waitForShell(page);
    await ready;
    expect(await noticeBadge(page)).toBe(0);

    await releaseNotice();
    // the socket's messagePush raises the badge; the page is not reloaded
    await expect.poll(() => noticeBadge(page), { timeout: 15_000 }).toBe(1);

    await page.getByTestId('header-notice').click();
    const drawer = page.locator('.ant-drawer-open').filter({ hasText: '站内消息' });
    await drawer.waitFor();
    const item = drawer.getByRole('button', { name: new RegExp(TITLE) });
    await item.waitFor();
    await expect.poll(() => item.innerText()).toContain('未读');
    expect(await drawer.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'messages-drawer-1440');

    await item.click();
    const detail = page.getByTestId('message-detail');
    await detail.waitFor();
    await detail.getByRole('heading', { name: TITLE }).waitFor();
    await detail.getByText('七天').waitFor();
    await detail.getByText('春节放假安排').waitFor();
    await expect.poll(() => detail.innerText()).toContain('管理员/admin');
    await expect.poll(() => noticeBadge(page)).toBe(0);
    await screenshot(page, 'messages-detail-1440');
    await page
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await detail.waitFor({ state: 'hidden' });
    await expect.poll(() => item.innerText()).toContain('已读');

    // the message centre lists it, read
    await drawer.getByRole('button', { name: /查看更多/ }).click();
    await page.waitForURL(/\/messageRecord$/);
    await drawer.waitFor({ state: 'hidden' });
    const row = page.locator('.ant-table-tbody tr', { hasText: TITLE });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('公告消息');
    await expect.poll(() => row.innerText()).toContain('已读');
    await screenshot(page, 'messages-record-1440');

    // a narrow window: the page and the drawer still fit
    await page.setViewportSize({ width: 800, height: 900 });
    await row.waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'messages-record-800');
    await page.getByTestId('header-notice').click();
    await drawer.waitFor();
    // 'unread only' is on: the read notice is not listed
    await drawer.getByText('暂无消息').waitFor();
    await drawer.getByRole('switch').click();
    await drawer.getByRole('button', { name: new RegExp(TITLE) }).waitFor();
    await screenshot(page, 'messages-drawer-800');
    await expectNoHorizontalOverflow(page);

    // 'All read' asks first; with nothing unread the server's refusal is shown
    await drawer.getByRole('button', { name: /全部已读/ }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定要将全部消息标记为已读吗？' });
    await confirm.waitFor();
    await screenshot(page, 'messages-all-read-confirm-800');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await toasts(page)).join(' ')).toContain('暂无未读消息');
  });
});
