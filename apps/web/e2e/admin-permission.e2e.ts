// The permission area end to end, in a real browser against the built server: the administrator creates an
// organisation, a department, a position, a role and a user through the screens, and grants the role one
// menu (岗位管理) and two of its buttons through a permission group whose members (the role, and the user found by
// keyword) are chosen in the users/organisation selector. The new user, signed in in a second
// browser context, sees exactly that menu and those buttons; revoking one button hides it after a reload,
// without signing in again.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, Api, signIn, resetPassword } from './support/api';
import { newPage, screenshot, waitForShell } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser } = browserTestFile();
let api: Api;
const stamp = Date.now().toString(36);
const names = {
  company: `测试公司${stamp}`,
  department: `测试部门${stamp}`,
  position: `测试岗位${stamp}`,
  role: `测试角色${stamp}`,
  group: `测试权限组${stamp}`,
  account: `u${stamp}`,
  realName: `测试用户${stamp}`,
};
const PASSWORD = 'abc12345';

beforeAll(async () => {
  api = new Api(baseUrl, await signIn(baseUrl, ADMIN.account, ADMIN.password));
});

const dialog = (page: Page) => page.locator('.ant-modal:visible').last();
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

async function fill(scope: Locator, label: string, value: string) {
  await scope.getByLabel(label, { exact: true }).fill(value);
}

/** opens a Select / TreeSelect by its label, searches and picks the option with this text */
async function pick(page: Page, scope: Locator, label: string, option: string, search = option) {
  const box = scope.getByLabel(label, { exact: true });
  await box.click();
  await box.fill(search);
  await dropdown(page).getByTitle(option, { exact: true }).first().click();
  await page.keyboard.press('Escape').catch(() => undefined);
}

async function confirmDialog(page: Page) {
  const modal = dialog(page);
  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await modal.waitFor({ state: 'hidden' });
}

async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await waitForShell(page);
  await page.getByText(title, { exact: true }).first().waitFor();
}

describe('organisation, users, roles and permissions', () => {
  it(
    'grants a role one menu and two buttons; the user sees exactly those; a revoked button disappears',
    { timeout: 180_000 },
    async () => {
      const token = api.token;
      const admin = await newPage(browser(), baseUrl, { token });

      // organisation and department
      await openScreen(admin, '/permission/organize', '组织管理');
      await admin.getByRole('button', { name: '新建公司' }).click();
      let form = dialog(admin);
      await fill(form, '公司名称', names.company);
      await fill(form, '公司编码', `C${stamp}`);
      await confirmDialog(admin);
      await admin.getByText(names.company).waitFor();
      await admin.getByRole('button', { name: '新建部门' }).click();
      form = dialog(admin);
      await pick(admin, form, '所属组织', names.company);
      await fill(form, '部门名称', names.department);
      await fill(form, '部门编码', `D${stamp}`);
      await confirmDialog(admin);
      await screenshot(admin, 'admin-permission-organize');

      // position in the department
      await openScreen(admin, '/permission/position', '岗位管理');
      await admin.getByRole('button', { name: /新\s*建/ }).click();
      form = dialog(admin);
      await pick(admin, form, '所属组织', names.department);
      await fill(form, '岗位名称', names.position);
      await fill(form, '岗位编码', `P${stamp}`);
      await form.getByLabel('岗位类型', { exact: true }).click();
      await dropdown(admin).getByTitle('管理岗位').click();
      await confirmDialog(admin);
      await admin.getByText(names.position).waitFor();

      // a global role
      await openScreen(admin, '/permission/role', '角色管理');
      await admin.getByRole('button', { name: /新\s*建/ }).click();
      form = dialog(admin);
      await fill(form, '角色名称', names.role);
      await fill(form, '角色编码', `R${stamp}`);
      await form.getByLabel('全局').check();
      await confirmDialog(admin);
      await admin.getByText(names.role).waitFor();

      // the user, in the department, with the position and the role
      await openScreen(admin, '/permission/user', '用户管理');
      await admin.getByRole('button', { name: /新\s*建/ }).click();
      form = dialog(admin);
      await fill(form, '账户', names.account);
      await fill(form, '姓名', names.realName);
      await form.getByLabel('性别', { exact: true }).click();
      await dropdown(admin).locator('.ant-select-item-option').first().click();
      await pick(admin, form, '所属组织', names.department);
      await pick(admin, form, '岗位', names.position);
      await pick(admin, form, '角色', names.role);
      await confirmDialog(admin);
      await admin.getByText(names.account).waitFor();
      await screenshot(admin, 'admin-permission-users');
      const users = await api.ok<{ list: { id: string; account: string }[] }>(
        'GET',
        `/api/permission/Users?keyword=${names.account}&currentPage=1&pageSize=20`,
      );
      const userId = users.list.find((u) => u.account === names.account)!.id;
      await resetPassword(api, userId, PASSWORD);

      // a permission group with the role as member, granted 岗位管理 with 新建 and 编辑
      await openScreen(admin, '/permission/authorize', '权限组');
      await admin.getByRole('button', { name: /新\s*建/ }).click();
      form = dialog(admin);
      await fill(form, '名称', names.group);
      await fill(form, '编码', `G${stamp}`);
      await confirmDialog(admin);
      const row = admin.locator('tr', { hasText: names.group });
      // members in the users/organisation selector: the role from the role tab, the user found by keyword
      await row.getByRole('button', { name: '权限成员' }).click();
      form = dialog(admin);
      const selected = form.getByRole('list', { name: '已选' });
      const search = async (keyword: string) => {
        const box = form.getByRole('searchbox', { name: '请输入关键词查询' });
        await box.fill(keyword);
        await box.press('Enter');
      };
      // the department tab: the organisation tree; its search lists the matching organisations
      await form.locator('.ant-tree').getByTitle(names.company, { exact: true }).waitFor();
      await search(names.department);
      await form.getByRole('listbox', { name: '部门' }).getByTitle(names.department, { exact: true }).waitFor();
      await screenshot(admin, 'admin-permission-members-departments');
      // the role tab: a list searched on the server, each role with its organisations
      await form.getByRole('tab', { name: '角色' }).click();
      await search(names.role);
      await form.getByRole('listbox', { name: '角色' }).getByTitle(names.role, { exact: true }).click();
      await screenshot(admin, 'admin-permission-members-roles');
      await form.getByRole('tab', { name: '用户' }).click();
      await search(names.account);
      const userEntry = `${names.realName}/${names.account}`;
      await form.getByRole('listbox', { name: '用户' }).getByTitle(userEntry, { exact: true }).click();
      await selected.getByText(userEntry).waitFor();
      expect(await selected.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining(names.role),
        expect.stringContaining(userEntry),
      ]);
      await admin.setViewportSize({ width: 1440, height: 900 });
      await screenshot(admin, 'admin-permission-members-1440');
      await admin.setViewportSize({ width: 800, height: 900 });
      await screenshot(admin, 'admin-permission-members-800');
      await admin.setViewportSize({ width: 1440, height: 900 });
      await confirmDialog(admin);
      await row.getByText(names.role).waitFor();
      await row.getByText(names.realName).waitFor();
      // reopened: both members, named; cancel keeps them
      await row.getByRole('button', { name: '权限成员' }).click();
      form = dialog(admin);
      await form.getByRole('list', { name: '已选' }).getByText(userEntry).waitFor();
      expect(await form.getByRole('list', { name: '已选' }).getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining(names.role),
        expect.stringContaining(userEntry),
      ]);
      await form.getByRole('button', { name: /取\s*消/ }).click();
      await form.waitFor({ state: 'hidden' });

      // batch grant, first step: roles, positions and users in the same selector (only those tabs: the batch
      // form takes nothing else), the user found by keyword; the next step is the grant drawer, closed unsaved
      await admin.getByRole('button', { name: '批量授权' }).click();
      form = dialog(admin);
      await form.getByText('所选角色、岗位和用户的权限将被替换为下一步勾选的权限').waitFor();
      expect(await form.getByRole('tab').allInnerTexts()).toEqual(['角色', '岗位', '用户']);
      await form.getByRole('button', { name: /下一步/ }).click();
      await form.getByText('请选择授权对象').waitFor();
      await search(names.role);
      await form.getByRole('listbox', { name: '角色' }).getByTitle(names.role, { exact: true }).click();
      await form.getByText('请选择授权对象').waitFor({ state: 'hidden' });
      await form.getByRole('tab', { name: '用户' }).click();
      await search(names.account);
      await form.getByRole('listbox', { name: '用户' }).getByTitle(userEntry, { exact: true }).click();
      await form.getByRole('list', { name: '已选' }).getByText(userEntry).waitFor();
      await screenshot(admin, 'admin-permission-batch-1440');
      await admin.setViewportSize({ width: 800, height: 900 });
      await screenshot(admin, 'admin-permission-batch-800');
      await admin.setViewportSize({ width: 1440, height: 900 });
      await form.getByRole('button', { name: /下一步/ }).click();
      const batchDrawer = admin.locator('.ant-drawer-open');
      await batchDrawer.getByText('批量授权 - 2个对象').waitFor();
      await batchDrawer.locator('.ant-drawer-close').click();
      await batchDrawer.waitFor({ state: 'hidden' });

      const grant = async (buttons: string[]) => {
        await row.getByRole('button', { name: '权限设置' }).click();
        const drawer = admin.locator('.ant-drawer-open');
        const tree = drawer.locator('.ant-tree');
        const next = drawer.getByRole('button', { name: /下一步/ });
        const checked = async (title: string) =>
          (await tree.locator('.ant-tree-treenode', { hasText: title }).last().getAttribute('class'))?.includes(
            'ant-tree-treenode-checkbox-checked',
          );
        const setChecked = async (title: string, on: boolean) => {
          if ((await checked(title)) !== on) await tree.getByTitle(title, { exact: true }).last().click();
        };
        await tree.waitFor();
        const system = tree.locator('.ant-tree-checkbox').first();
        if (!(await system.getAttribute('class'))?.includes('ant-tree-checkbox-checked')) await system.click();
        await next.click();
        await tree.getByTitle('岗位管理', { exact: true }).waitFor();
        await setChecked('岗位管理', true);
        await next.click();
        await tree.getByTitle('新增', { exact: true }).waitFor();
        for (const name of ['新增', '编辑', '删除']) await setChecked(name, buttons.includes(name));
        await drawer.getByRole('button', { name: /保\s*存/ }).click();
        await drawer.waitFor({ state: 'hidden' });
      };
      await grant(['新增', '编辑']);
      await screenshot(admin, 'admin-permission-groups');

      // the new user, in a second browser context
      const userToken = await signIn(baseUrl, names.account, PASSWORD);
      const user = await newPage(browser(), baseUrl, { token: userToken });
      // the menu opens by its address; the side menu then shows its group opened: one page, 岗位管理
      await user.goto('/permission/position');
      await waitForShell(user);
      const sider = user.locator('.ant-layout-sider');
      await sider.getByText('岗位管理').waitFor();
      const pages = await sider.locator('.ant-menu-item').allInnerTexts();
      expect(pages.map((text) => text.trim()).filter(Boolean)).toEqual(['岗位管理']);
      expect(await sider.locator('.ant-menu-submenu-title').allInnerTexts()).toEqual(['组织权限']);
      await user.getByText(names.position).waitFor();
      const positionRow = user.locator('tr', { hasText: names.position });
      await screenshot(user, 'admin-permission-user-sees');
      await expect.poll(() => user.getByRole('button', { name: /新\s*建/ }).count()).toBe(1);
      await expect.poll(() => positionRow.getByRole('button', { name: /编\s*辑/ }).count()).toBe(1);
      expect(await positionRow.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);

      // revoke 编辑: after a reload it is gone, with the same session
      await grant(['新增']);
      await user.reload();
      await user.getByText(names.position).waitFor();
      await expect.poll(() => user.getByRole('button', { name: /新\s*建/ }).count()).toBe(1);
      expect(
        await user
          .locator('tr', { hasText: names.position })
          .getByRole('button', { name: /编\s*辑/ })
          .count(),
      ).toBe(0);
      expect(await user.evaluate(() => localStorage.getItem('jnpf_token'))).toBe(JSON.stringify(userToken));
      await screenshot(user, 'admin-permission-user-revoked');
    },
  );
});
