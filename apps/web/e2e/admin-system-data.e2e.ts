// The administration screens of system data in a real browser against the built server: a dictionary
// category and its items (nested), a state toggle through its confirmation, a number rule with its example,
// and a password policy set in the system configuration that the reset-password dialog then enforces.
// Screenshots of every screen at 1440 and 800 px go to test-results/screenshots/admin-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot, dialogWith } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

async function open(path: string, width = 1440): Promise<Page> {
  return openAt(path, { token: api.token, width });
}

describe('system data administration', () => {
  it('creates a tree category with nested items and toggles an item through its confirmation', async () => {
    const page = await open('/systemData/dictionary');
    await page.getByText('字典分类', { exact: true }).waitFor();
    await page.locator('main .ant-table-row').first().waitFor();
    await screenshot(page, 'admin-dictionary-1440');

    // category drawer: new category under the business root, as a tree
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByText('分类管理', { exact: true }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '字典分类管理' });
    await drawer.getByRole('button', { name: /新\s*建/ }).click();
    const form = dialogWith(page, '新建分类');
    await form.getByLabel('名称').fill(`测试分类${stamp}`);
    await form.getByLabel('编码').fill(`e2e.cat${stamp}`);
    await form.getByRole('switch').click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => form.getByText('上级菜单不能为空').count()).toBe(1);
    await form.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown .ant-select-tree-title', { hasText: '业务字典' }).click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await drawer.getByText(`e2e.cat${stamp}`).waitFor();
    await screenshot(page, 'admin-dictionary-drawer-1440');
    await drawer.locator('.ant-drawer-close').click();

    // the new category's items
    await page.locator('.ant-tree-title', { hasText: `测试分类${stamp}` }).click();
    await page.locator('main .ant-table-placeholder').waitFor();
    await page
      .locator('main')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    let item = dialogWith(page, '新建字典');
    await item.getByLabel('字典名称').fill('一级项目');
    await item.getByLabel('字典编码').fill('level1');
    await item.getByLabel('字典编码').press('Enter');
    await expectToast(page, '新建成功');
    const parentRow = page.locator('main .ant-table-row', { hasText: 'level1' });
    await parentRow.waitFor();

    await parentRow.getByRole('button', { name: /新\s*建/ }).click();
    item = dialogWith(page, '新建字典');
    await expect.poll(() => item.locator('.ant-select').first().innerText()).toContain('一级项目');
    await item.getByLabel('字典名称').fill('二级项目');
    await item.getByLabel('字典编码').fill('level2');
    await item.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    const childRow = page.locator('main .ant-table-row-level-1', { hasText: 'level2' });
    await childRow.waitFor();

    // state toggle through its confirmation
    await childRow.getByRole('button', { name: /禁\s*用/ }).click();
    await page.getByText('您确定要禁用当前数据吗, 是否继续?').waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(page, '更新成功');
    await childRow.locator('.ant-tag', { hasText: '禁用' }).waitFor();
    await childRow.getByRole('button', { name: /启\s*用/ }).waitFor();

    const category = (
      await api.ok<{ list: { enCode: string; dictionaryList: unknown[] }[] }>('GET', '/api/system/DictionaryData/All')
    ).list.find((d) => d.enCode === `e2e.cat${stamp}`);
    // the shared dictionary holds enabled items only: the disabled child is gone from it
    expect(JSON.stringify(category?.dictionaryList)).toContain('level1');
    expect(JSON.stringify(category?.dictionaryList)).not.toContain('level2');
    await screenshot(page, 'admin-dictionary-items-1440');
    await page.context().close();

    const narrow = await open('/systemData/dictionary', 800);
    await narrow.locator('main .ant-table-row').first().waitFor();
    await expectNoHorizontalOverflow(narrow);
    await screenshot(narrow, 'admin-dictionary-800');
    await narrow.context().close();
  });

  it('creates a number rule and shows its example', async () => {
    const page = await open('/system/billRule');
    await page.locator('main .ant-table').waitFor();
    await page
      .locator('main')
      .getByRole('button', { name: /新\s*建/ })
      .click();
    const form = dialogWith(page, '新建单据规则');
    await form.getByLabel('业务名称').fill(`测试单据${stamp}`);
    await form.getByLabel('业务编码').fill(`E2E${stamp}`);
    await form.getByLabel('业务分类').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await form.getByLabel('前缀').fill('PO');
    await form.getByLabel('流水位数').fill('5');
    await form.getByLabel('流水起始').fill('42');
    const now = new Date();
    const ymd = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
    const example = form.getByTestId('bill-rule-example');
    await expect.poll(() => example.inputValue()).toBe(`PO${ymd}00042`);
    await screenshot(page, 'admin-billRule-dialog-1440');

    await form.getByLabel('随机数编号').check();
    await expect.poll(() => example.inputValue()).toMatch(/^PO\d{16}$/);
    await form.getByLabel('时间格式').check();
    await expect.poll(() => example.inputValue()).toBe(`PO${ymd}00042`);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    const row = page.locator('main .ant-table-row', { hasText: `E2E${stamp}` });
    await row.getByText(`PO${ymd}00042`).waitFor();
    await screenshot(page, 'admin-billRule-1440');
    await page.context().close();

    const narrow = await open('/system/billRule', 800);
    await narrow.locator('main .ant-table-row').first().waitFor();
    await expectNoHorizontalOverflow(narrow);
    await screenshot(narrow, 'admin-billRule-800');
    await narrow.context().close();
  });

  it('sets a password policy that the reset-password dialog then enforces', async () => {
    const keys = [
      'passwordStrengthLimit',
      'passwordLengthMin',
      'passwordLengthMinNumber',
      'containsNumbers',
      'includeLowercaseLetters',
      'includeUppercaseLetters',
      'containsCharacters',
      'newUserDefaultPassword',
    ];
    const before = await api.ok<Record<string, unknown>>('GET', '/api/system/SysConfig');
    const previous = Object.fromEntries(keys.map((key) => [key, before[key]]));
    try {
      const page = await open('/system/sysConfig');
      await page.getByLabel('系统名称').waitFor();
      await screenshot(page, 'admin-sysConfig-1440');
      await page.getByRole('tab', { name: '安全策略' }).click();
      await page.getByRole('switch', { name: '密码强度限制' }).click();
      await page.getByRole('switch', { name: '最小长度', exact: true }).click();
      await page.getByLabel('最小长度位数').fill('10');
      await page.getByRole('switch', { name: '包含数字' }).click();
      // the default password of new users must pass the new rules: the screen says so first
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('新用户默认密码不符合当前密码强度规则').waitFor();
      await page.getByLabel('新用户默认密码').fill('Start2024Pass');
      await screenshot(page, 'admin-sysConfig-security-1440');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await expectToast(page, '操作成功');
      const saved = await api.ok<Record<string, unknown>>('GET', '/api/system/SysConfig');
      expect(saved).toMatchObject({
        passwordStrengthLimit: 1,
        passwordLengthMin: 1,
        passwordLengthMinNumber: 10,
        containsNumbers: 1,
      });
      await page.context().close();

      const profile = await open('/profile');
      // the profile page keeps the password change on a tab of its own
      const tab = profile.getByRole('tab', { name: '修改密码' });
      if (await tab.count()) await tab.click();
      await profile.getByRole('button', { name: /修改密码/ }).click();
      const reset = dialogWith(profile, '修改密码');
      await reset.getByPlaceholder('请输入新密码').fill('abcdef');
      await reset.getByPlaceholder('请输入新密码').blur();
      await reset.getByText('新密码长度不能小于10位').waitFor();
      await reset.getByPlaceholder('请输入新密码').fill('abcdefghijk');
      await reset.getByText('新密码必须包含数字').waitFor();
      await reset.getByPlaceholder('请输入新密码').fill('abcdefghij1');
      await expect
        .poll(() => reset.locator('.ant-form-item-explain-error').allInnerTexts())
        .not.toContainEqual(expect.stringMatching(/新密码(长度|必须)/));
      await screenshot(profile, 'admin-sysConfig-resetPassword-1440');
      await profile.context().close();

      const narrow = await open('/system/sysConfig', 800);
      await narrow.getByLabel('系统名称').waitFor();
      await expectNoHorizontalOverflow(narrow);
      await screenshot(narrow, 'admin-sysConfig-800');
      await narrow.context().close();
    } finally {
      await api.patchSysConfig(previous);
    }
  });

  it('shows the area and signature screens', async () => {
    for (const width of [1440, 800]) {
      const page = await open('/system/area', width);
      await page.locator('main .ant-table-row').first().waitFor();
      await page.locator('main .ant-table-row').first().locator('.ant-table-row-expand-icon').click();
      await page.locator('main .ant-table-row-level-1').first().waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `admin-area-${width}`);
      await page.goto('/system/signature');
      await page.locator('main .ant-table').waitFor();
      await expectNoHorizontalOverflow(page);
      await screenshot(page, `admin-signature-${width}`);
      await page.context().close();
    }
  });
});
