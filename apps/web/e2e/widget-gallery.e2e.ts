// The widget gallery (组件示例) in a real browser: a designer who holds the function-design menu but not the
// 组件示例 menu opens it inside a function's preview (/previewModel?view=widgets), switches through every state
// and checks a few widgets in each (a disabled input is disabled, a read-only one holds its text, an invalid one
// shows its rule's message). The administrator still reaches it through its own menu. Screenshots at 1440 and
// 800 px go to test-results/screenshots/gallery-<state>-<width>.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api, createPlainUser, grantMenusThroughGroup, signIn } from './support/api';
import { expectNoHorizontalOverflow, rowMoreAction, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
let api: Api;
const CODE = `galleryWay${stamp}`;
const PASSWORD = 'Gallery#2026';
let designerToken: string;

interface MenuNode {
  id: string;
  enCode: string;
  children?: MenuNode[];
}

/** the menu of this code with the ids of the directories above it */
function menuTrail(
  nodes: readonly MenuNode[],
  enCode: string,
  above: string[] = [],
): { id: string; ancestors: string[] } | null {
  for (const node of nodes) {
    if (node.enCode === enCode) return { id: node.id, ancestors: above };
    const found = menuTrail(node.children ?? [], enCode, [...above, node.id]);
    if (found) return found;
  }
  return null;
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: `组件示例入口${stamp}`,
    enCode: CODE,
    type: 1,
    webType: 1,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({
      labelPosition: 'right',
      labelWidth: 100,
      fields: [
        {
          __config__: { jnpfKey: 'input', label: '名称', formId: 1, renderKey: 1, span: 24, tag: 'JnpfInput' },
          __vModel__: 'name',
        },
      ],
    }),
    columnData: '',
  });
  // a designer granted 功能设计 only: no 组件示例 menu
  const session = await api.ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
  const webDesign = menuTrail(session.menuList, 'onlineDev.webDesign');
  expect(webDesign).not.toBeNull();
  expect(menuTrail(session.menuList, 'onlineDev.widgetGallery')).not.toBeNull();
  const account = `gallery${stamp}`;
  const userId = await createPlainUser(api, account, '设计员', PASSWORD);
  await grantMenusThroughGroup(api, userId, { fullName: `设计组${stamp}`, enCode: `gallery${stamp}` }, [webDesign!]);
  designerToken = await signIn(baseUrl, account, PASSWORD);
  const own = await new Api(baseUrl, designerToken).ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
  expect(menuTrail(own.menuList, 'onlineDev.webDesign')).not.toBeNull();
  expect(menuTrail(own.menuList, 'onlineDev.widgetGallery')).toBeNull();
});

const STATES = [
  ['empty', '空'],
  ['filled', '已填写'],
  ['disabled', '禁用'],
  ['readonly', '只读'],
  ['invalid', '校验失败'],
] as const;

const card = (page: Page, key: string) => page.locator(`article[data-jnpf-key="${key}"]`);
const formOf = (page: Page, key: string) => card(page, key).getByRole('region', { name: '表单' });
const detailOf = (page: Page, key: string) => card(page, key).getByRole('region', { name: '详情' });

async function choose(page: Page, state: string, label: string) {
  await page.locator('.ant-segmented').getByText(label, { exact: true }).click();
  await expect.poll(() => card(page, 'input').getAttribute('data-state'), { timeout: 20_000 }).toBe(state);
}

describe('widget gallery', () => {
  it('is opened inside the preview without its own menu and shows every state', async () => {
    // the function-design list's 预览 opens the designer's preview of the draft, which shows the gallery in place
    const page = await openAt('/onlineDev/webDesign', { token: designerToken, width: 1440 });
    const row = page.locator('.ant-table-row').filter({ hasText: CODE });
    await row.waitFor();
    await rowMoreAction(page, row, '预览');
    await page.waitForURL('**/previewModel?id=*');
    await page.getByRole('button', { name: /组件示例/ }).waitFor();
    await screenshot(page, 'gallery-preview-link-1440');
    await page.getByRole('button', { name: /组件示例/ }).click();
    await page.waitForURL('**/previewModel?id=*&view=widgets');
    await page.getByRole('heading', { name: '组件示例' }).first().waitFor();
    await card(page, 'input').waitFor();

    for (const width of [1440, 800]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [state, label] of STATES) {
        await choose(page, state, label);
        const input = formOf(page, 'input').getByRole('textbox');
        switch (state) {
          case 'empty':
            expect(await input.inputValue()).toBe('');
            break;
          case 'filled':
            expect(await input.inputValue()).toBe('示例文本');
            expect(await detailOf(page, 'input').innerText()).toContain('示例文本');
            break;
          case 'disabled':
            expect(await input.isDisabled()).toBe(true);
            expect(await formOf(page, 'textarea').getByRole('textbox').isDisabled()).toBe(true);
            expect(await formOf(page, 'switch').getByRole('switch').isDisabled()).toBe(true);
            break;
          case 'readonly':
            expect(await input.getAttribute('readonly')).not.toBeNull();
            expect(await input.inputValue()).toBe('示例文本');
            expect(await detailOf(page, 'input').innerText()).toContain('示例文本');
            break;
          case 'invalid':
            await expect
              .poll(() => formOf(page, 'input').getByRole('alert').innerText(), { timeout: 10_000 })
              .toMatch(/只能输入数字/);
            await expect
              .poll(() => formOf(page, 'select').getByRole('alert').innerText(), { timeout: 10_000 })
              .toMatch(/不能为空/);
            break;
        }
        // the top of the page: the switcher, its note and the first cards
        await card(page, 'input').evaluate((element) => {
          for (let at: Element | null = element; at; at = at.parentElement) at.scrollTop = 0;
        });
        await screenshot(page, `gallery-${state}-${width}`);
      }
      await expectNoHorizontalOverflow(page);
      // further down, the switcher stays above the cards: the choices and pickers of the invalid state
      await card(page, 'select').evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await screenshot(page, `gallery-invalid-choices-${width}`);
      const switcher = await page.locator('.ant-segmented').boundingBox();
      expect(switcher?.y ?? -1).toBeGreaterThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // a reload keeps the gallery; the link back returns to the function's preview
    await page.reload();
    await card(page, 'input').waitFor();
    await page.getByRole('button', { name: /返回功能预览/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/previewModel') && !url.search.includes('view='));
    // (a form-only function: its preview is the form)
    await page.getByLabel('名称', { exact: true }).waitFor();
    await expect.poll(() => card(page, 'input').count()).toBe(0);
    await page.context().close();
  });

  it('still opens at its own menu for a holder of that menu', async () => {
    const page = await openAt('/onlineDev/widgetGallery', { token: api.token, width: 1440 });
    await page.getByRole('heading', { name: '组件示例' }).first().waitFor();
    await card(page, 'input').waitFor();
    await page.context().close();
  });
});
