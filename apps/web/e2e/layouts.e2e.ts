// The four layouts at a desktop width (1440 px) and below the mobile breakpoint (800 px): the right frame, no
// sideways scrolling, a screenshot each; the top menu's overflow, the blend layout's left menu and the
// mobile drawer.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/api';
import { expectNoHorizontalOverflow, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { openAt } = browserTestFile();
const LAYOUTS = ['classic', 'functional', 'blend', 'plain'] as const;
let token: string;

beforeAll(async () => {
  token = adminToken();
});

async function open(layout: string, width: number, path = '/home'): Promise<Page> {
  return openAt(path, { token, width, height: 900, preferences: { layoutType: layout } });
}

const frame = (page: Page) => page.locator('.ant-layout[data-layout]').first().getAttribute('data-layout');

describe.each(LAYOUTS)('%s layout', (layout) => {
  it('fits 1440 px', async () => {
    const page = await open(layout, 1440, '/system/menu');
    expect(await frame(page)).toBe(layout);
    await page.locator('[role="tab"][data-active="true"]', { hasText: '菜单管理' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `layout-${layout}-1440`);
    await page.context().close();
  });

  it('fits 800 px as the mobile layout', async () => {
    const page = await open(layout, 800, '/system/menu');
    expect(await frame(page)).toBe('mobile');
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `layout-${layout}-800`);
    await page.context().close();
  });
});

describe('navigation parts', () => {
  it('puts the top entries that do not fit under "More ..."', async () => {
    const page = await open('functional', 1000);
    const more = page.locator('.ant-menu-horizontal').getByText('更多...');
    await more.waitFor();
    await more.hover();
    await page.locator('.ant-menu-submenu-popup').getByText('在线开发').waitFor();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'layout-functional-1000-more');
    await page.context().close();
  });

  it('shows the chosen top entry’s children in the blend layout’s left menu', async () => {
    const page = await open('blend', 1440);
    await page.locator('.ant-menu-horizontal').getByText('组织权限').click();
    await page.waitForURL(/\/permission\/organize$/);
    const side = page.locator('.ant-layout-sider');
    await side.getByText('用户管理').waitFor();
    expect(await side.getByText('系统配置').count()).toBe(0);
    await page.context().close();
  });

  it('opens the menu drawer on a narrow screen and closes it after navigating', async () => {
    const page = await open('classic', 800);
    await page.getByRole('button', { name: '展开侧边栏' }).click();
    const drawer = page.locator('.ant-drawer-open');
    // the group of the current view may already be open: a click would close it then
    const group = drawer.getByRole('menuitem', { name: '系统管理' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await drawer.getByText('系统公告').click();
    await page.waitForURL(/\/system\/notice$/);
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await page.context().close();
  });
});
