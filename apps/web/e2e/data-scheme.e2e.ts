// Data permissions of a menu in a real browser against the built server: on the menu screen the administrator
// gives 用户管理 (permission.user) a data-permission field organizeId whose value is the current organisation
// and its sub-organisations, builds a scheme with one condition on it in the condition editor, saves it,
// reopens it and finds it loaded, and the server holds the conditions as sent.
// Screenshots at 1440 and 800 px go to test-results/screenshots/scheme-*.png.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot, dialogWith } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const SCHEME = { name: `本组织及下级${stamp}`, code: `orgAndSub${stamp}` };
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** opens a select and clicks its option with exactly this text */
async function pick(page: Page, box: Locator, option: string) {
  await box.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: exactly(option) })
    .first()
    .click();
}

/** the menu screen, searched down to 用户管理, and that menu's data-permission drawer on the given tab */
async function openDataDrawer(
  width: number,
  entry: '数据权限' | '数据权限字段',
): Promise<{ page: Page; drawer: Locator }> {
  const page = await openAt('/system/menu', { token: api.token, width });
  await page.getByLabel('关键词').fill('用户管理');
  await page.getByLabel('关键词').press('Enter');
  const row = page.locator('main .ant-table-row').filter({ hasText: 'permission/user' });
  await row.waitFor();
  await row.getByRole('button', { name: /更\s*多/ }).click();
  const item = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').filter({ hasText: exactly(entry) });
  // the data permissions of a menu are offered only once the menu has them switched on
  if ((await item.getAttribute('aria-disabled')) === 'true') {
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const form = dialogWith(page, '编辑菜单');
    await form.getByLabel('数据权限').click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '更新成功');
    await form.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /更\s*多/ }).click();
  }
  await item.click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '数据权限 - 用户管理' });
  await drawer.waitFor();
  return { page, drawer };
}

describe('data-permission schemes on the menu screen', () => {
  it('adds a field and a scheme on it, reopens the scheme and finds its condition', async () => {
    const { page, drawer } = await openDataDrawer(1440, '数据权限字段');
    await drawer.getByRole('tab', { name: '字段管理', selected: true }).waitFor();

    // the field: organisation, "any of" the current organisation and its sub-organisations
    await drawer.getByRole('button', { name: /新\s*建/ }).click();
    const fieldForm = dialogWith(page, '新建字段');
    await fieldForm.getByLabel('名称', { exact: true }).fill('所属组织');
    await fieldForm.getByLabel('字段', { exact: true }).fill('organizeId');
    await pick(page, fieldForm.getByLabel('条件符号', { exact: true }), '等于');
    await pick(page, fieldForm.getByLabel('条件符号', { exact: true }), '包含任意一个');
    await page.keyboard.press('Escape');
    await pick(page, fieldForm.getByLabel('条件内容', { exact: true }), '当前组织及子组织');
    await screenshot(page, 'scheme-field-dialog-1440');
    await fieldForm.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await fieldForm.waitFor({ state: 'hidden' });
    const fieldRow = drawer.locator('.ant-table-row').filter({ hasText: 'organizeId' });
    await fieldRow.getByText('当前组织及子组织').waitFor();
    await fieldRow.getByText('等于、包含任意一个').waitFor();
    await screenshot(page, 'scheme-fields-1440');

    // the scheme: one condition on that field; a variable is fixed and shown by name
    await drawer.getByRole('tab', { name: '方案管理' }).click();
    await drawer.getByRole('tab', { name: '方案管理', selected: true }).waitFor();
    await drawer.getByRole('button', { name: /新\s*建/ }).click();
    const schemeForm = dialogWith(page, '新建方案');
    await schemeForm.getByLabel('方案名称').fill(SCHEME.name);
    await schemeForm.getByLabel('编码', { exact: true }).fill(SCHEME.code);
    // saving with the empty condition names what is missing
    await schemeForm.getByRole('button', { name: /确\s*定/ }).click();
    await schemeForm.getByText('请选择字段').waitFor();
    await screenshot(page, 'scheme-scheme-validation-1440');
    const condition = schemeForm.getByTestId('condition-row');
    await pick(page, condition.getByLabel('选择字段'), '所属组织');
    await expect.poll(() => condition.getByLabel('条件符号').locator('..').innerText()).toBe('等于');
    await pick(page, condition.getByLabel('条件符号'), '包含任意一个');
    await expect.poll(() => condition.getByRole('textbox', { name: '条件值' }).inputValue()).toBe('当前组织及子组织');
    await screenshot(page, 'scheme-scheme-dialog-1440');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/api/system/ModuleDataAuthorizeScheme'),
    );
    await schemeForm.getByRole('button', { name: /确\s*定/ }).click();
    const schemeId = ((await (await created).json()) as { data: string }).data;
    await expectToast(page, '新建成功');
    await schemeForm.waitFor({ state: 'hidden' });
    const schemeRow = drawer.locator('.ant-table-row').filter({ hasText: SCHEME.code });
    await schemeRow.getByText('【{所属组织} {包含任意一个} {@organizationAndSuborganization}】').waitFor();
    await screenshot(page, 'scheme-schemes-1440');

    // reopened, the editor shows the stored condition
    await schemeRow.getByRole('button', { name: /编\s*辑/ }).click();
    const editForm = dialogWith(page, '编辑方案');
    const loaded = editForm.getByTestId('condition-row');
    await expect.poll(() => loaded.getByLabel('选择字段').locator('..').innerText()).toBe('所属组织');
    await expect.poll(() => loaded.getByLabel('条件符号').locator('..').innerText()).toBe('包含任意一个');
    expect(await loaded.getByRole('textbox', { name: '条件值' }).inputValue()).toBe('当前组织及子组织');
    expect(await editForm.getByLabel('方案名称').inputValue()).toBe(SCHEME.name);
    await screenshot(page, 'scheme-scheme-reopened-1440');
    await editForm.getByRole('button', { name: /取\s*消/ }).click();
    await page.context().close();

    // what the server holds
    const info = await api.ok<{ conditionJson: string; conditionText: string; matchLogic: string; allData: number }>(
      'GET',
      `/api/system/ModuleDataAuthorizeScheme/${schemeId}`,
    );
    const fields = await api.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorize/${await userMenuId()}/List`,
    );
    const fieldId = fields.list.find((f) => f.enCode === 'organizeId')?.id;
    expect(fieldId).toBeTruthy();
    expect(info).toMatchObject({
      allData: 0,
      matchLogic: 'and',
      conditionText: '【{所属组织} {包含任意一个} {@organizationAndSuborganization}】',
    });
    expect(JSON.parse(info.conditionJson)).toEqual([
      {
        logic: 'and',
        groups: [
          expect.objectContaining({
            id: fieldId,
            field: 'organizeId',
            op: 'in',
            value: '@organizationAndSuborganization',
            conditionText: '@organizationAndSuborganization',
          }),
        ],
      },
    ]);
  });

  it('fits a narrow window, with an organisation picker in the editor', async () => {
    await api.ok('POST', '/api/system/ModuleDataAuthorize', {
      moduleId: await userMenuId(),
      fullName: '所属机构',
      enCode: `companyId${stamp}`,
      type: 'varchar',
      conditionSymbol: ['==', 'in'],
      conditionText: 'organizeSelect',
    });
    const { page, drawer } = await openDataDrawer(800, '数据权限');
    await expectNoHorizontalOverflow(page);
    const schemeRow = drawer.locator('.ant-table-row').filter({ hasText: SCHEME.code });
    await schemeRow.waitFor();
    await screenshot(page, 'scheme-schemes-800');
    await schemeRow.getByRole('button', { name: /编\s*辑/ }).click();
    const editForm = dialogWith(page, '编辑方案');
    await editForm.getByTestId('condition-row').waitFor();
    await editForm.getByRole('button', { name: /添加条件组/ }).click();
    await editForm.getByText('条件组 2').waitFor();
    const added = editForm.getByTestId('condition-row').nth(1);
    await pick(page, added.getByLabel('选择字段'), '所属机构');
    await pick(page, added.getByLabel('条件符号'), '包含任意一个');
    // the value is picked in the form's organisation picker dialog, opened from the keyboard
    await added.getByRole('combobox').last().focus();
    await page.keyboard.press('Enter');
    const picker = dialogWith(page, '选择组织');
    await picker.locator('.ant-tree-node-content-wrapper').first().click();
    await picker.getByRole('button', { name: '清空列表' }).waitFor();
    await screenshot(page, 'scheme-scheme-dialog-800');
    await picker.getByRole('button', { name: /^\s*确\s*定\s*$/ }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await added.locator('.ant-select-selection-item').count()).toBeGreaterThan(0);
    await screenshot(page, 'scheme-scheme-picked-800');
    await expectNoHorizontalOverflow(page);
    await page.context().close();
  });
});

/** the id of the 用户管理 menu (permission.user) of the main system */
async function userMenuId(): Promise<string> {
  const systems = await api.ok<{ list: { id: string; enCode: string }[] }>('GET', '/api/system/System');
  for (const system of systems.list) {
    const menus = await api.ok<{ list: MenuNode[] }>(
      'GET',
      `/api/system/Menu/ModuleBySystem/${system.id}?category=Web&keyword=${encodeURIComponent('用户管理')}`,
    );
    const found = findMenu(menus.list, 'permission.user');
    if (found) return found;
  }
  throw new Error('no permission.user menu');
}

interface MenuNode {
  id: string;
  enCode: string;
  children?: MenuNode[] | null;
}
function findMenu(nodes: readonly MenuNode[], enCode: string): string | undefined {
  for (const node of nodes) {
    if (node.enCode === enCode) return node.id;
    const below = findMenu(node.children ?? [], enCode);
    if (below) return below;
  }
  return undefined;
}
