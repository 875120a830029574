// Walks the seeded menu tree as the administrator: opens every menu the shell can navigate to, one after another
// in one signed-in page, and fails a menu's test on any /api answer whose code is not 200, any page error or
// console error, any visible 加载失败 or error toast, and any list whose data columns sit hidden behind a fixed
// column at 1440 px. Saves a screenshot of each page at 1440 and 800 px (test-results/screenshots/menu-walk-*).
// The walk causes no failing call of its own: it only opens screens. Then the same walk as a user granted a few
// menus of different kinds through a permission group: the shell shows exactly those, each works, and a menu not
// granted, opened by its address, shows the not-found page rather than its data.
import type { MenuItem } from '@jnpf/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveMenuAction } from '../src/app/routes/buildRoutes';
import { adminToken, Api, createPlainUser, grantMenusThroughGroup, signIn } from './support/api';
import { newPage, screenshot, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 900 };

interface Entry {
  title: string;
  path: string;
}

/** The leaves of the menu tree that navigate inside the app, in the tree's order. */
function navigableMenus(menus: readonly MenuItem[], trail: string[] = []): Entry[] {
  return menus.flatMap((menu) => {
    const names = [...trail, menu.fullName];
    if (menu.children?.length) return navigableMenus(menu.children, names);
    if (menu.type === 0 || menu.type === 1) return [];
    const action = resolveMenuAction(menu);
    return action.kind === 'navigate' ? [{ title: names.join(' / '), path: action.path }] : [];
  });
}

const api = new Api(baseUrl, adminToken());
const session = await api.ok<{ menuList: MenuItem[] }>('GET', '/api/oauth/CurrentUser');
const entries = navigableMenus(session.menuList);

/** What went wrong on the page since the last take(). */
interface Problems {
  take(): string[];
  add(problem: string): void;
  /** /api calls still waiting for their answer */
  inFlight(): number;
}

function watch(page: Page): Problems {
  let problems: string[] = [];
  let pending = 0;
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (isApi(request.url())) pending += 1;
  });
  page.on('requestfailed', (request) => {
    if (!isApi(request.url())) return;
    pending -= 1;
    problems.push(`${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
  });
  page.on('requestfinished', (request) => {
    if (isApi(request.url())) pending -= 1;
  });
  // answers are judged as they arrive; the check counts as a call in flight until it has read the body
  page.on('response', (response) => {
    if (!isApi(response.url())) return;
    pending += 1;
    void (async () => {
      const request = response.request();
      const where = `${request.method()} ${new URL(response.url()).pathname}`;
      try {
        if (response.status() >= 400) problems.push(`${where} answered HTTP ${response.status()}`);
        const type = response.headers()['content-type'] ?? '';
        if (!type.includes('json')) return;
        const body = (await response.json()) as { code?: number; msg?: string };
        if (body && typeof body === 'object' && 'code' in body && body.code !== 200) {
          problems.push(`${where} answered code ${body.code}: ${body.msg}`);
        }
      } catch {
        // a body the page has already let go of (navigation) tells nothing
      } finally {
        pending -= 1;
      }
    })();
  });
  return {
    take() {
      const taken = problems;
      problems = [];
      return taken;
    },
    add(problem) {
      problems.push(problem);
    },
    inFlight: () => pending,
  };
}

/** Runs in every page: records the text of each error toast or error notification as it appears. */
function recordErrorToasts(): void {
  const seen: string[] = [];
  const noted = new WeakSet<Element>();
  Object.assign(window, { __errorToasts: seen });
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.ant-message-error, .ant-notification-notice-error')) {
      if (noted.has(toast)) continue;
      noted.add(toast);
      seen.push(toast.textContent?.trim() ?? '');
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until no /api call has been waiting for 600 ms (at most 20 s). */
async function settle(page: Page, problems: Problems): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(150);
    if (problems.inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 600) return;
  }
  problems.add('calls to /api still waiting after 20 s');
}

/**
 * The data columns of the visible tables that no horizontal scroll position shows: at every scroll offset the
 * column lies under the left and right fixed columns (or outside the table). Runs in the page.
 */
function columnsHiddenBehindFixed(): string[] {
  const hidden: string[] = [];
  for (const table of document.querySelectorAll<HTMLElement>('.ant-table-wrapper')) {
    const container = table.querySelector<HTMLElement>('.ant-table-container');
    if (!container || container.getBoundingClientRect().width === 0) continue;
    const box = container.getBoundingClientRect();
    const scrollers = [...table.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')];
    const maxScroll = Math.max(0, ...scrollers.map((element) => element.scrollWidth - element.clientWidth));
    const scrolled = Math.max(0, ...scrollers.map((element) => element.scrollLeft));
    const cells = [...table.querySelectorAll<HTMLTableCellElement>('thead th')].filter(
      (cell) => cell.colSpan <= 1 && cell.getBoundingClientRect().width >= 1,
    );
    const fixedLeft = cells.filter((cell) => cell.classList.contains('ant-table-cell-fix-left'));
    const fixedRight = cells.filter((cell) => cell.classList.contains('ant-table-cell-fix-right'));
    if (!fixedLeft.length && !fixedRight.length) continue;
    const left = Math.max(box.left, ...fixedLeft.map((cell) => cell.getBoundingClientRect().right));
    const right = Math.min(box.right, ...fixedRight.map((cell) => cell.getBoundingClientRect().left));
    for (const cell of cells) {
      if (fixedLeft.includes(cell) || fixedRight.includes(cell)) continue;
      if (
        cell.classList.contains('ant-table-selection-column') ||
        cell.classList.contains('ant-table-row-expand-icon-cell')
      )
        continue;
      const rect = cell.getBoundingClientRect();
      // the column's place with the table scrolled to offset; the best view over all offsets
      let best = 0;
      for (let offset = 0; offset <= maxScroll + 10; offset += 10) {
        const from = rect.left + scrolled - Math.min(offset, maxScroll);
        const shown = Math.min(from + rect.width, right) - Math.max(from, left);
        best = Math.max(best, shown);
      }
      if (best < Math.min(rect.width / 2, 30)) {
        const name = cell.textContent?.trim() || `column ${cells.indexOf(cell) + 1}`;
        hidden.push(`"${name}" (${Math.round(rect.width)} px wide, at most ${Math.max(0, Math.round(best))} px shown)`);
      }
    }
  }
  return hidden;
}

/** What the page shows wrong now, with what went wrong since the last take(). */
async function problemsOnScreen(page: Page, problems: Problems): Promise<string[]> {
  const found = problems.take();
  const failedLoads = await page.getByText('加载失败').filter({ visible: true }).count();
  if (failedLoads) found.push(`${failedLoads} visible 加载失败`);
  const toasts = await page.evaluate(() => (window as unknown as { __errorToasts: string[] }).__errorToasts);
  found.push(...toasts.map((text) => `error toast: ${text}`));
  const hidden = await page.evaluate(columnsHiddenBehindFixed);
  found.push(...hidden.map((column) => `column hidden behind a fixed column at 1440 px: ${column}`));
  return found;
}

/**
 * Opens a menu's page in the shell as the side menu does, lets it settle, and returns what went wrong; saves a
 * screenshot at 1440 and at 800 px.
 */
async function walkTo(page: Page, problems: Problems, path: string, prefix: string): Promise<string[]> {
  await page.setViewportSize(WIDE);
  await page.evaluate(() => {
    (window as unknown as { __errorToasts: string[] }).__errorToasts.length = 0;
  });
  // in-app navigation, as the side menu does: the shell and its session stay
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await settle(page, problems);
  await page.waitForTimeout(300);

  const found = await problemsOnScreen(page, problems);

  const name = `${prefix}${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(NARROW);
  await screenshot(page, `${name}-800`);
  found.push(...problems.take());
  return found;
}

let page: Page;
let problems: Problems;

beforeAll(async () => {
  page = await newPage(browser(), baseUrl, { token: adminToken(), ...WIDE });
  await page.context().addInitScript(recordErrorToasts);
  problems = watch(page);
  await page.goto('/home');
  await waitForShell(page);
  await settle(page, problems);
  expect(problems.take(), 'the home page').toEqual([]);
});

describe('every menu of the seeded tree', () => {
  it('has menus to walk', () => {
    expect(entries.length).toBeGreaterThan(10);
  });

  it.each(entries)('$title ($path)', async ({ path }) => {
    expect(await walkTo(page, problems, path, 'menu-walk')).toEqual([]);
  });
});

describe("the walk's checks", () => {
  it('see a failing call, a page error, a console error, an error toast, 加载失败 and a hidden column', async () => {
    const probe = await newPage(browser(), baseUrl, {
      token: adminToken(),
      ...WIDE,
    });
    await probe.context().addInitScript(recordErrorToasts);
    const seen = watch(probe);
    await probe.goto('/home');
    await waitForShell(probe);
    await settle(probe, seen);
    expect(seen.take()).toEqual([]);
    await probe.evaluate(async () => {
      const answer = await fetch('/api/menu-walk/no-such-route', { headers: { 'jnpf-origin': 'pc' } });
      await answer.text();
      console.error('a console error of the probe');
      setTimeout(() => {
        throw new Error('a page error of the probe');
      });
      // 备注 (150 to 300 px) lies wholly under the fixed 操作 column (100 to 300 px) of a table that cannot scroll
      const box = document.createElement('div');
      box.innerHTML = `
        <div class="ant-table-wrapper"><div class="ant-table-container" style="position: relative; width: 300px">
          <div class="ant-table-content" style="overflow: hidden"><table style="table-layout: fixed; width: 300px">
            <thead><tr><th style="width: 150px">名称</th><th style="width: 150px">备注</th>
              <th class="ant-table-cell-fix-right" style="position: absolute; right: 0; top: 0; width: 200px">操作</th>
            </tr></thead>
          </table></div>
        </div></div>
        <div class="ant-message-error">probe toast</div><span>加载失败</span>`;
      document.body.prepend(box);
    });
    await settle(probe, seen);
    await probe.waitForTimeout(200);
    const found = (await problemsOnScreen(probe, seen)).join('\n');
    expect(found).toMatch(/GET \/api\/menu-walk\/no-such-route answered/);
    expect(found).toContain('console error: a console error of the probe');
    expect(found).toContain('page error: a page error of the probe');
    expect(found).toContain('error toast: probe toast');
    expect(found).toContain('visible 加载失败');
    expect(found).toMatch(/hidden behind a fixed column at 1440 px: "备注"/);
    expect(found).not.toMatch(/"名称"/);
    await probe.context().close();
  });
});

interface Placed {
  menu: MenuItem;
  /** its directories, outermost first */
  trail: MenuItem[];
}

/** The menu of the administrator's tree at this address, with its directories. */
function menuAt(
  address: string,
  menus: readonly MenuItem[] = session.menuList,
  trail: MenuItem[] = [],
): Placed | undefined {
  for (const menu of menus) {
    if (menu.urlAddress === address && !menu.children?.length) return { menu, trail };
    const found = menuAt(address, menu.children ?? [], [...trail, menu]);
    if (found) return found;
  }
  return undefined;
}

/** Every menu of a tree, parents before children, in the tree's order. */
function everyMenu(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((menu) => [menu, ...everyMenu(menu.children ?? [])]);
}

/** Every menu of a tree as the path of its names, parents before children. */
function namePaths(menus: readonly MenuItem[], trail: string[] = []): string[] {
  return menus.flatMap((menu) => {
    const names = [...trail, menu.fullName];
    return [names.join(' / '), ...namePaths(menu.children ?? [], names)];
  });
}

describe('a user granted a few menus through a permission group', () => {
  // a dictionary (tree and items), a list with a category filter, a list with a release action, a plain list
  // under another directory
  const GRANTED = ['systemData/dictionary', 'system/billRule', 'system/notice', 'permission/group'];
  const NOT_GRANTED = '/permission/user';
  const PASSWORD = 'Walk@2026';
  const stamp = Date.now().toString(36);
  const granted = GRANTED.map((address) => {
    const found = menuAt(address);
    if (!found) throw new Error(`no menu at ${address} in the seeded tree`);
    return found;
  });
  const expectedPaths = [
    ...new Set(
      granted.flatMap(({ menu, trail }) =>
        [...trail, menu].map((_, index, line) =>
          line
            .slice(0, index + 1)
            .map((item) => item.fullName)
            .join(' / '),
        ),
      ),
    ),
  ].sort();
  // the directories and pages in the tree's order, as the side menu shows them
  const inTreeOrder = (ids: ReadonlySet<string>) => everyMenu(session.menuList).filter((menu) => ids.has(menu.id));
  const directories = inTreeOrder(new Set(granted.flatMap(({ trail }) => trail.map((item) => item.id)))).map(
    (menu) => menu.fullName,
  );
  const pagesInOrder = inTreeOrder(new Set(granted.map(({ menu }) => menu.id)));
  const leaves = granted.map(({ menu }) => menu.fullName);
  let userPage: Page;
  let userProblems: Problems;
  let userMenus: MenuItem[];

  beforeAll(async () => {
    const account = `walker${stamp}`;
    const userId = await createPlainUser(api, account, '巡检员', PASSWORD);
    await grantMenusThroughGroup(
      api,
      userId,
      { fullName: `巡检组${stamp}`, enCode: `walk${stamp}` },
      granted.map(({ menu, trail }) => ({ id: menu.id, ancestors: trail.map((item) => item.id) })),
    );
    const token = await signIn(baseUrl, account, PASSWORD);
    const own = await new Api(baseUrl, token).ok<{ menuList: MenuItem[] }>('GET', '/api/oauth/CurrentUser');
    userMenus = own.menuList;
    userPage = await newPage(browser(), baseUrl, { token, ...WIDE });
    await userPage.context().addInitScript(recordErrorToasts);
    userProblems = watch(userPage);
    await userPage.goto('/home');
    await waitForShell(userPage);
    await settle(userPage, userProblems);
    expect(await problemsOnScreen(userPage, userProblems), 'the home page').toEqual([]);
  });

  it('is served exactly the granted menus and their directories', () => {
    expect(namePaths(userMenus).sort()).toEqual(expectedPaths);
  });

  it('sees exactly those menus in the side menu', async () => {
    const sider = userPage.locator('.ant-layout-sider');
    await expect.poll(() => sider.locator('.ant-menu-submenu-title').allInnerTexts()).toEqual(directories);
    // each directory opened shows its granted pages and nothing else
    for (const directory of directories) {
      const submenu = sider.locator('.ant-menu-submenu', {
        has: userPage.locator(':scope > .ant-menu-submenu-title', { hasText: directory }),
      });
      const title = submenu.locator(':scope > .ant-menu-submenu-title');
      if (!(await submenu.getAttribute('class'))?.includes('ant-menu-submenu-open')) await title.click();
      const expected = pagesInOrder
        .filter((menu) => granted.some((one) => one.menu === menu && one.trail.some((d) => d.fullName === directory)))
        .map((menu) => menu.fullName);
      await expect
        .poll(async () =>
          (await submenu.locator('.ant-menu-item').allInnerTexts()).map((text) => text.trim()).filter(Boolean),
        )
        .toEqual(expected);
    }
    const items = (await sider.locator('.ant-menu-item').allTextContents()).map((text) => text.trim());
    expect(items.filter(Boolean).sort()).toEqual([...leaves].sort());
    await screenshot(userPage, 'menu-walk-restricted-menus');
  });

  it.each(GRANTED)('opens %s and it works', async (address) => {
    expect(await walkTo(userPage, userProblems, `/${address}`, 'menu-walk-restricted')).toEqual([]);
  });

  it('shows the not-found page, not the data, for a menu not granted opened by its address', async () => {
    const asked: string[] = [];
    userPage.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/permission/Users') asked.push(path);
    });
    await userPage.setViewportSize(WIDE);
    await userPage.goto(NOT_GRANTED);
    await userPage.waitForURL((url) => url.pathname === '/404');
    await userPage.getByText('404', { exact: true }).waitFor();
    await settle(userPage, userProblems);
    expect(asked).toEqual([]);
    expect(await userPage.locator('.ant-table').count()).toBe(0);
    await screenshot(userPage, 'menu-walk-restricted-not-granted');
    expect(await problemsOnScreen(userPage, userProblems)).toEqual([]);
  });
});
