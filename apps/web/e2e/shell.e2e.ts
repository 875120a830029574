// The shell's parts in a real browser: the tag bar, the header search, the settings drawer, the language,
// the view cache, the font size and the external-link route.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { screenshot, waitForShell, type ContextOptions } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

async function open(path: string, options: ContextOptions = {}): Promise<Page> {
  return openAt(path, { token: api.token, ...options });
}

/** Right-clicks a tab, chooses an item of its menu and waits until the menu has gone. */
async function tabCommand(page: Page, tab: string, command: string): Promise<void> {
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect.poll(() => openMenus.count()).toBe(0);
  await page.locator('[role="tab"]', { hasText: tab }).click({ button: 'right' });
  await openMenus.getByRole('menuitem', { name: command }).click();
  await expect.poll(() => openMenus.count()).toBe(0);
}

const tabTitles = (page: Page) => page.locator('[role="tab"][data-active]').allInnerTexts();
/** the tab titles once they settle (a tab is added or dropped just after the address changes) */
const trimmedTitles = async (page: Page) => (await tabTitles(page)).map((title) => title.trim());

describe('tag bar', () => {
  it('records visited views; closes, closes others, closes all and refreshes', async () => {
    const page = await open('/home');
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('菜单管理').click();
    await page.waitForURL(/\/system\/menu$/);
    await sider.getByText('系统公告').click();
    await page.waitForURL(/\/system\/notice$/);
    await sider.getByText('单据规则').click();
    await page.waitForURL(/\/system\/billRule$/);
    await expect.poll(() => trimmedTitles(page)).toEqual(['首页', '菜单管理', '系统公告', '单据规则']);

    // Closing the active tab goes to the last remaining one.
    await page.locator('[role="tab"][data-active="true"]').getByLabel('关闭').click();
    await page.waitForURL(/\/system\/notice$/);

    // Refresh passes through /redirect and comes back to the same view.
    await tabCommand(page, '系统公告', '刷新');
    await page.waitForURL(/\/system\/notice$/);
    await expect.poll(() => trimmedTitles(page)).toEqual(['首页', '菜单管理', '系统公告']);

    // Close others keeps the pinned home tab and the chosen one, and goes to it.
    await tabCommand(page, '菜单管理', '关闭其他');
    await page.waitForURL(/\/system\/menu$/);
    await expect.poll(() => trimmedTitles(page)).toEqual(['首页', '菜单管理']);

    // Close all leaves the pinned tab only.
    await tabCommand(page, '菜单管理', '关闭所有');
    await page.waitForURL(/\/home$/);
    await expect.poll(() => trimmedTitles(page)).toEqual(['首页']);
    await page.context().close();
  });
});

describe('header search', () => {
  it('opens with Ctrl+K, finds menus fuzzily and opens the chosen one with the keyboard', async () => {
    const page = await open('/home');
    await page.keyboard.press('Control+k');
    const input = page.getByPlaceholder('搜索菜单名称或地址');
    await input.waitFor();
    await input.fill('用户');
    const options = page.getByRole('option');
    await options.first().waitFor();
    const titles = await options.allInnerTexts();
    expect(titles.some((title) => title.includes('用户管理'))).toBe(true);
    await screenshot(page, 'header-search');
    // Move to the entry for user management and open it.
    const index = titles.findIndex((title) => title.includes('用户管理'));
    for (let step = 0; step < index; step += 1) await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL(/\/permission\/user$/);
    await expect.poll(() => page.getByRole('option').count()).toBe(0);
    // Searching by address works too.
    await page.keyboard.press('Control+k');
    await page.getByPlaceholder('搜索菜单名称或地址').fill('billRule');
    await page.getByRole('option').first().waitFor();
    await page.getByPlaceholder('搜索菜单名称或地址').press('Enter');
    await page.waitForURL(/\/system\/billRule$/);
    await page.context().close();
  });
});

describe('settings drawer', () => {
  it('applies layout, theme colour and switches at once, keeps them after a reload and saves the layout', async () => {
    const page = await open('/home');
    await page.getByRole('button', { name: '界面设置' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('radio', { name: '顶部导航' }).click();
    await drawer.getByRole('radio', { name: '极光绿' }).click();
    await drawer.getByRole('radio', { name: '亮白' }).click();
    await drawer.locator('[data-setting="tagsView"]').click();
    await screenshot(page, 'settings-drawer');
    await page.keyboard.press('Escape');

    const check = async () => {
      expect(await page.locator('.ant-layout[data-layout]').first().getAttribute('data-layout')).toBe('functional');
      expect(await page.locator('[role="tab"][data-active]').count()).toBe(0);
      const color = await page.evaluate(() =>
        document.documentElement.style.getPropertyValue('--app-color-primary').trim(),
      );
      expect(color).toBe('#3eac12');
      expect(await page.locator('.ant-menu-horizontal.ant-menu-light').count()).toBe(1);
    };
    await check();
    await page.reload();
    await waitForShell(page);
    await check();
    await screenshot(page, 'settings-after-reload');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jnpf_preferences') ?? '{}'));
    expect(stored).toMatchObject({
      layoutType: 'functional',
      themeColor: 'green',
      sideStyle: 'lightWhite',
      tagsView: false,
    });
    await expect
      .poll(async () => (await api.ok<{ theme: string }>('GET', '/api/permission/Users/Current/BaseInfo')).theme)
      .toBe('functional');
    await api.ok('PUT', '/api/permission/Users/Current/SystemTheme', { theme: 'classic' });
    await page.context().close();
  });
});

describe('language', () => {
  it('switches the interface language, keeps it after a reload and saves it on the server', async () => {
    const page = await open('/home');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await tabTitles(page)).map((title) => title.trim())).toEqual(['Home']);
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await screenshot(page, 'language-en');
    await expect
      .poll(async () => (await api.ok<{ language: string }>('GET', '/api/permission/Users/Current/BaseInfo')).language)
      .toBe('en');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await waitForShell(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.context().close();
  });
});

describe('view cache', () => {
  it('keeps a visited view’s state when its tab is shown again, only while the cache is on', async () => {
    const visitAndReturn = async (useCache: boolean) => {
      const page = await open('/profile', { preferences: { useCache } });
      await page.getByRole('tab', { name: '登录日志' }).click();
      await page.getByRole('columnheader', { name: '登录结果' }).waitFor();
      await page.locator('[role="tab"]', { hasText: '首页' }).click();
      await page.waitForURL(/\/home$/);
      await page.locator('[role="tab"]', { hasText: '个人信息' }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByRole('tab', { name: '个人资料' }).waitFor();
      const selected = await page.locator('.ant-tabs-tab-active').innerText();
      await page.context().close();
      return selected.trim();
    };
    expect(await visitAndReturn(true)).toBe('登录日志');
    expect(await visitAndReturn(false)).toBe('个人资料');
  });
});

describe('font size', () => {
  it('changes the input height of the whole application', async () => {
    const page = await open('/profile');
    const heightOfInput = async () => {
      await page.getByRole('button', { name: /编\s*辑/ }).click();
      const input = page.locator('input#realName');
      await input.waitFor();
      const height = await input.evaluate(
        (element) => element.closest('.ant-input-affix-wrapper, .ant-input')!.getBoundingClientRect().height,
      );
      await page.getByRole('button', { name: /取\s*消/ }).click();
      return Math.round(height);
    };
    expect(await heightOfInput()).toBe(32); // the application size is small by default: 32 px inputs
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '字体大小' }).click();
    await page.getByRole('radio', { name: /默认/ }).check();
    await screenshot(page, 'font-size-dialog');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    expect(await heightOfInput()).toBe(40);
    await page.context().close();
  });
});

describe('external link route', () => {
  it('opens an encoded address inside the app and refuses other schemes', async () => {
    const target = `${baseUrl}/api/oauth/getLoginConfig`;
    const page = await open(`/externalLink?href=${encodeURIComponent(target)}`);
    const frame = page.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(target);
    await page.goto(`/externalLink?href=${encodeURIComponent('javascript:alert(1)')}`);
    await page.getByText('链接地址无效，无法打开').waitFor();
    await page.context().close();
  });
});

describe('routes of features this version does not contain', () => {
  it('say so under their own title instead of "page not found"', async () => {
    const page = await open('/workFlowDetail?config=e30%3D');
    await page.getByText('“流程详情”所属的功能（邮件、工作流程）尚未包含在当前版本中。').waitFor();
    expect(new URL(page.url()).pathname).toBe('/workFlowDetail');
    await page.goto('/workFlow/entrust?config=1');
    await page.getByText('“流程委托”所属的功能（邮件、工作流程）尚未包含在当前版本中。').waitFor();
    await page.goto('/emailDetail?id=1');
    await page.getByText('“查看邮件”所属的功能（邮件、工作流程）尚未包含在当前版本中。').waitFor();
    await page.context().close();
  });
});
