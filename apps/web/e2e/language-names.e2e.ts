// The shell in English names the built-in menus in English, in the side menu, the tag bar and the breadcrumbs:
// opened in English, and switched to English with tabs open (no reload); the seeded dictionaries the screens
// read come in English too. Screenshots: test-results/screenshots/language-names-*.png.
import { MENU_NAMES_BY_CODE } from '@jnpf/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { newPage, screenshot, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

afterAll(async () => {
  // the administrator's saved language is the server's: leave it Chinese for the files after this one
  await api?.ok('PUT', '/api/permission/Users/Current/SystemLanguage', { language: 'zh' });
});

/** the built-in menus' Chinese names: none may show in English (menus other test files made keep their names) */
const BUILT_IN_CHINESE = new Set([...MENU_NAMES_BY_CODE.values()].map((names) => names.zh));
const sider = (page: Page) => page.locator('.ant-layout-sider');
const tabTitles = async (page: Page) =>
  (await page.locator('[role="tab"][data-active]').allInnerTexts()).map((title) => title.trim());
const breadcrumbs = async (page: Page) =>
  (await page.locator('.ant-breadcrumb li').allInnerTexts())
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => t && t !== '/');

/** the texts of the side menu's entries (directories and pages) as shown */
const sideMenuTexts = async (page: Page) =>
  (await sider(page).locator('.ant-menu-title-content').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

describe('the shell in English', () => {
  it('names the menus, tags and breadcrumbs in English when opened in English', async () => {
    const page = await newPage(browser(), baseUrl, { token: api.token, language: 'en' });
    await page.goto('/home');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const side = sider(page);
    await side.getByText('Permissions', { exact: true }).click();
    await side.getByText('Users', { exact: true }).click();
    await page.waitForURL(/\/permission\/user$/);
    // the first directory (System) is open from the home page
    await side.getByText('Bill Rules', { exact: true }).click();
    await page.waitForURL(/\/system\/billRule$/);
    await expect.poll(() => tabTitles(page)).toEqual(['Home', 'Users', 'Bill Rules']);
    await expect.poll(() => breadcrumbs(page)).toEqual(['Home', 'System', 'Bill Rules']);
    const menus = await sideMenuTexts(page);
    expect(menus).toEqual(expect.arrayContaining(['System', 'Bill Rules', 'Users', 'Permissions']));
    expect(menus.filter((text) => BUILT_IN_CHINESE.has(text))).toEqual([]);
    await screenshot(page, 'language-names-en');
    await page.context().close();
  });

  it('renames them without a reload when switched to English with tabs open', async () => {
    const page = await newPage(browser(), baseUrl, { token: api.token });
    await page.goto('/home');
    await waitForShell(page);
    const side = sider(page);
    await side.getByText('系统数据', { exact: true }).click();
    await side.getByText('数据字典', { exact: true }).click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    await side.getByText('单据规则', { exact: true }).click();
    await page.waitForURL(/\/system\/billRule$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '数据字典', '单据规则']);
    await expect.poll(() => breadcrumbs(page)).toEqual(['首页', '系统管理', '单据规则']);

    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['Home', 'Dictionaries', 'Bill Rules']);
    await expect.poll(() => breadcrumbs(page)).toEqual(['Home', 'System', 'Bill Rules']);
    expect(await sideMenuTexts(page)).toEqual(expect.arrayContaining(['System', 'Bill Rules']));
    expect(reloaded).toBe(false);

    // the dictionary screen lists the seeded categories in English
    await page.locator('[role="tab"]', { hasText: 'Dictionaries' }).click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    const tree = page.locator('.ant-tree-title');
    await tree.filter({ hasText: /^System Dictionaries$/ }).waitFor();
    await tree.filter({ hasText: /^Gender$/ }).click();
    await page.locator('main .ant-table-row').filter({ hasText: 'Female' }).waitFor();
    await screenshot(page, 'language-names-switched');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await expect.poll(() => tabTitles(page)).toEqual(['首頁', '數據字典', '單據規則']);
    await page.context().close();
  });
});
