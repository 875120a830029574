// Visual development in a real browser against the built server: the administrator creates a function on the
// function-design screen, adds two fields in the designer (a required text and a number), saves, releases it
// under the 在线开发 directory, finds it in the sidebar and uses the generated page; the preview opens the same
// runtime from the list. Screenshots at 1440 and 800 px go to test-results/screenshots/design-*.png.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import {
  expectNoHorizontalOverflow,
  expectToast,
  screenshot,
  waitForShell,
  dialogWith,
  rowMoreAction,
} from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `项目立项${stamp}`;
const CODE = `project${stamp}`;
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/** picks the first option of a select or tree select */
async function pickFirst(page: Page, box: Locator) {
  await box.click();
  const dropdown = openDropdown(page);
  await dropdown
    .locator(
      '.ant-select-item-option, .ant-select-tree-treenode:not(.ant-select-tree-treenode-disabled) .ant-select-tree-node-content-wrapper',
    )
    .first()
    .click();
}

describe('function design', () => {
  it('designs, saves, releases and previews a function, then uses it from its menu', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token });

    // the new-function dialog opens the designer
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const created = dialogWith(page, '新建功能');
    await created.getByLabel('名称').fill(NAME);
    await created.getByLabel('编码').fill(CODE);
    await pickFirst(page, created.getByLabel('分类'));
    await created.getByText('列表+表单', { exact: true }).click();
    await created.getByRole('button', { name: /确\s*定/ }).click();

    // two fields from the palette, with their properties
    const palette = page.getByRole('navigation', { name: '点击或拖动控件添加到表单' });
    await palette.waitFor();
    await palette.getByText('单行输入', { exact: true }).click();
    await page.locator('#prop-label').fill('项目名称');
    await page.getByLabel('是否必填').click();
    await palette.getByText('数字输入', { exact: true }).click();
    await page.locator('#prop-label').fill('预算金额');
    // a sub-table, and a column added to it while it is selected
    await palette.getByText('设计子表', { exact: true }).click();
    await page.locator('#prop-label').fill('里程碑');
    await palette.getByText('单行输入', { exact: true }).click();
    await page.locator('#prop-label').fill('节点名称');
    await screenshot(page, 'design-designer-1440');
    // a cascader after the sub-table, its options a tree: a child option added under the second one
    await page.getByRole('treeitem', { name: '里程碑' }).click();
    await palette.getByText('级联选择', { exact: true }).click();
    await page.locator('#prop-label').fill('所属区域');
    await page.getByRole('button', { name: '添加子选项 2' }).click();
    await page.getByRole('textbox', { name: '选项名 2.1' }).waitFor();
    await screenshot(page, 'design-tree-options-1440');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expectToast(page, '新建成功');
    await page
      .getByRole('button', { name: /关\s*闭/ })
      .first()
      .click();

    // the list shows it unreleased; release it under 在线开发
    const row = page.locator('.ant-table-row').filter({ hasText: CODE });
    await row.waitFor();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('未发布');
    await rowMoreAction(page, row, '发布');
    const release = dialogWith(page, '同步菜单');
    await release.getByLabel('上级菜单').click();
    await openDropdown(page).getByText('在线开发', { exact: true }).click();
    await release.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '同步成功');
    // the dialog closes and the list reloads after the 1.5 s success message
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('已发布');
    await screenshot(page, 'design-list-1440');
    await expectNoHorizontalOverflow(page);

    // preview from the list: the runtime with the draft
    await rowMoreAction(page, row, '预览');
    await page.waitForURL('**/previewModel?id=*');
    // the designer's default toolbar button is 新增
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .waitFor();

    // the released menu (the shell reloads its menus after a release or on the next visit)
    await page.goto('/home');
    await waitForShell(page);
    await page
      .getByRole('menuitem', { name: /在线开发/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: new RegExp(NAME) }).click();
    await page.waitForURL(`**/model/${CODE}`);
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const form = page
      .locator('.ant-modal')
      .filter({ has: page.getByLabel('项目名称') })
      .last();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('项目名称不能为空').waitFor();
    await form.getByLabel('项目名称').fill('智慧园区二期');
    await form.getByLabel('预算金额').fill('1200000');
    const milestones = form.getByRole('group', { name: '里程碑' });
    await milestones.getByRole('button', { name: /添\s*加/ }).click();
    await milestones.getByPlaceholder('请输入').fill('方案评审');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await page.locator('.ant-table-row').filter({ hasText: '智慧园区二期' }).waitFor();
    await page.context().close();
  });

  it('fits the designer and the list at 800 px', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token, width: 800 });
    const row = page.locator('.ant-table-row').filter({ hasText: CODE });
    await row.waitFor();
    await screenshot(page, 'design-list-800');
    await expectNoHorizontalOverflow(page);
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByRole('navigation', { name: '点击或拖动控件添加到表单' }).waitFor();
    await page.getByText('项目名称').first().waitFor();
    await screenshot(page, 'design-designer-800');
    await page.context().close();
  });
});
