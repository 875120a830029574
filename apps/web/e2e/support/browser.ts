// Chromium for the browser tests: Debian's chromium driven by playwright-core (no browser download), one
// browser per test file and a fresh context (storage, cookies) per test. Screenshots go to
// test-results/screenshots/ at the repository root.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const repoRoot = path.resolve(decodeURIComponent(new URL('../../../..', import.meta.url).pathname));
export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * One browser for the calling test file: launched before its tests, closed after them. Call it at the top of the
 * file, before the file's own beforeAll, which then finds the browser launched (before hooks run in order).
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser of browserForFile() is there only in tests and later hooks');
    return browser;
  };
}

export interface ContextOptions {
  width?: number;
  height?: number;
  /** A token to start signed in with (stored as the app stores it). */
  token?: string;
  /** Stored interface preferences (platform/preferences). */
  preferences?: Record<string, unknown>;
  /** Stored interface language; zh unless given. */
  language?: 'zh' | 'zhtw' | 'en';
}

/** A fresh context at the given size, in Chinese, optionally signed in with a token. */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const localStorage = [{ name: 'jnpf_language', value: JSON.stringify(options.language ?? 'zh') }];
  if (options.token) localStorage.push({ name: 'jnpf_token', value: JSON.stringify(options.token) });
  if (options.preferences) localStorage.push({ name: 'jnpf_preferences', value: JSON.stringify(options.preferences) });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: 'zh-CN',
    storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage }] },
  });
  await context.addInitScript(recordToasts);
  // Generous: the machine may be busy with other work; a passing step never waits this long.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

export async function newPage(browser: Browser, baseUrl: string, options: ContextOptions = {}): Promise<Page> {
  const context = await newContext(browser, baseUrl, options);
  const page = await context.newPage();
  settleBeforeClicks(page);
  return page;
}

/** A new page (see newPage) at this path, once the signed-in shell is there. */
export async function openInShell(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: ContextOptions = {},
): Promise<Page> {
  const page = await newPage(browser, baseUrl, options);
  await page.goto(path);
  await waitForShell(page);
  return page;
}

/** a list row's action behind its 更多 (more) menu: opens the menu and picks the item */
export async function rowMoreAction(page: Page, row: Locator, label: string): Promise<void> {
  await row.getByRole('button', { name: /更\s*多/ }).click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: label }).first().click();
}

/** The last dialog whose text contains this title. */
export function dialogWith(page: Page, title: string): Locator {
  return page.locator('.ant-modal').filter({ hasText: title }).last();
}

/**
 * Picks a user in the "select user" dialog a user field opens: clicks the field (a locator of the field, or of
 * its label), searches `keyword`, clicks the entry titled `entry` ("real name/account") in the matching list,
 * optionally screenshots the dialog (`shot`, at 1440 and 800 px wide, the window then back at 1440) and confirms.
 */
export async function pickUserInDialog(
  page: Page,
  field: Locator,
  keyword: string,
  entry: string,
  shot?: string,
): Promise<void> {
  await field.click();
  const picker = page.locator('.ant-modal').filter({ hasText: '选择用户' }).last();
  const box = picker.getByRole('searchbox', { name: '请输入关键词查询' });
  await box.fill(keyword);
  await box.press('Enter');
  await picker.getByRole('listbox', { name: '全部数据' }).getByTitle(entry, { exact: true }).first().click();
  await picker.getByRole('list', { name: '已选' }).getByText(entry).waitFor();
  if (shot) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, `${shot}-1440`);
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, `${shot}-800`);
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  await picker.getByRole('button', { name: /^\s*确\s*定\s*$/ }).click();
  await picker.waitFor({ state: 'hidden' });
}

/**
 * Runs in the page: resolves once no finite animation has run for two frames (at most 3 s). Spinners and other
 * endless animations do not count.
 */
async function animationsSettled(): Promise<void> {
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const running = () =>
    document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return animation.playState === 'running' && timing?.iterations !== Infinity;
    });
  const deadline = performance.now() + 3000;
  let quietFrames = 0;
  while (quietFrames < 2 && performance.now() < deadline) {
    const busy = running();
    if (busy.length) {
      quietFrames = 0;
      await Promise.race([
        Promise.all(busy.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, 500)),
      ]);
    } else quietFrames += 1;
    await frame();
  }
}

let clicksSettle = false;
/**
 * Every locator click first waits for running animations to end. A dialog zooming in moves under the pointer
 * between Playwright's check of the button and its click when the machine is busy, and the click then lands
 * beside the button: the cause of rare failures after "click OK in a dialog that has just opened".
 */
function settleBeforeClicks(page: Page): void {
  if (clicksSettle) return;
  clicksSettle = true;
  const prototype = Object.getPrototypeOf(page.locator('body')) as Pick<Locator, 'click'>;
  const click = prototype.click;
  prototype.click = async function settledClick(this: Locator, ...args: Parameters<Locator['click']>) {
    await this.page()
      .evaluate(animationsSettled)
      .catch(() => undefined); // (a page that navigates away meanwhile has nothing left to wait for)
    return click.apply(this, args);
  };
}

/** Saves a full-window screenshot as test-results/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Let opening menus and drawers finish their animation.
  await page.waitForTimeout(350);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Fails when the page scrolls sideways (document.documentElement.scrollWidth > innerWidth). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`).toBeLessThanOrEqual(innerWidth);
}

/** Signs in through the sign-in page's form. */
export async function signInThroughPage(page: Page, account: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Waits for the signed-in shell (the header's user menu). */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).waitFor();
}

/** The text of antd's toasts currently shown. */
/**
 * Runs in every page: records the text of each toast as it appears. A toast lasts 1.5 s, which a poll of the
 * visible ones can miss on a busy machine; the record keeps it until a test has taken it.
 */
function recordToasts(): void {
  const seen: { text: string; taken: boolean }[] = [];
  const lastText = new WeakMap<Element, string>();
  Object.assign(window, { __toastsSeen: seen });
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-message-notice')) {
      const text = notice.textContent?.trim() ?? '';
      if (text && lastText.get(notice) !== text) {
        lastText.set(notice, text);
        seen.push({ text, taken: false });
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Waits until a toast containing this text has appeared since the page loaded, and takes it (once only). */
export async function expectToast(page: Page, text: string, timeout = 15_000): Promise<void> {
  const take = (wanted: string) => {
    const seen = (window as unknown as { __toastsSeen?: { text: string; taken: boolean }[] }).__toastsSeen ?? [];
    const toast = seen.find((entry) => !entry.taken && entry.text.includes(wanted));
    if (toast) toast.taken = true;
    return toast ? toast.text : seen.map((entry) => entry.text).join(' | ');
  };
  await expect.poll(() => page.evaluate(take, text), { timeout, message: `a toast with "${text}"` }).toContain(text);
}

/** The texts of the toasts on screen now. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allInnerTexts();
}

/**
 * Picks an area in the "省市区" dialog an area field opens (a click on `field`): clicks the areas named in `names`
 * in turn (each opening the next level) or, without names, the first area of each level until one is picked
 * (the field's level, or an area with nothing below), optionally screenshots the dialog (`shot`, at 1440 and 800 px
 * wide, the window then back at 1440) and confirms.
 */
export async function pickAreaInDialog(page: Page, field: Locator, names?: readonly string[], shot?: string) {
  await field.click();
  const dialog = page
    .locator('.ant-modal')
    .filter({ has: page.locator('.ant-modal-title', { hasText: /^省市区$/ }) })
    .last();
  const titles = dialog.locator('.ant-tree-title');
  const picked = dialog.getByRole('list', { name: '已选' }).getByRole('listitem');
  await titles.first().waitFor();
  if (names) {
    for (const name of names) await titles.getByText(name, { exact: true }).first().click();
  } else {
    // an opened area's children come right after it, so the first area of each level is the depth-th title
    for (let depth = 0; depth < 4 && !(await picked.count()); depth += 1) {
      const before = await titles.count();
      await titles.nth(depth).click();
      for (let wait = 0; wait < 50 && !(await picked.count()) && (await titles.count()) === before; wait += 1)
        await page.waitForTimeout(100);
    }
  }
  await picked.first().waitFor();
  if (shot) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, `${shot}-1440`);
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, `${shot}-800`);
    await page.setViewportSize({ width: 1440, height: 900 });
  }
  const box = (await dialog.elementHandle())!;
  await (await box.$('.ant-modal-footer button.ant-btn-primary'))!.click();
  await box.waitForElementState('hidden');
}
