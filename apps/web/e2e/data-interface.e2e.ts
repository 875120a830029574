// Data interfaces in a real browser against the built server: the administrator creates an SQL interface
// over the platform's users with a keyword parameter in the full-screen editor (CodeMirror), saves it, and
// previews it to see the administrator's row. Needs the server side of the data-interface module
// (/api/system/DataInterface, DataSource/Selector and the DataInterfaceType dictionary).
// Screenshots: test-results/screenshots/data-interface-*.png.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { dialogWith, expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
let api: Api;
let categoryName: string;

interface DictionaryEntry {
  id: string;
  enCode: string;
  dictionaryList: { id: string; fullName: string }[];
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  // an interface needs a category: the first of the DataInterfaceType dictionary, or one made for the test
  const all = await api.ok<{ list: DictionaryEntry[] }>('GET', '/api/system/DictionaryData/All');
  const type = all.list.find((entry) => entry.enCode === 'DataInterfaceType');
  if (!type) throw new Error('the DataInterfaceType dictionary is not seeded');
  const first = type.dictionaryList[0];
  if (first) categoryName = first.fullName;
  else {
    categoryName = `接口分类${stamp}`;
    await api.ok('POST', '/api/system/DictionaryData', {
      dictionaryTypeId: type.id,
      parentId: '0',
      fullName: categoryName,
      enCode: `e2e.di${stamp}`,
      enabledMark: 1,
      sortCode: 0,
      description: '',
    });
  }
});

describe('data interfaces', () => {
  it('creates an SQL interface over the users with a keyword parameter and previews a row', async () => {
    const page = await openAt('/systemData/dataInterface', { token: api.token, width: 1440 });
    await page.locator('.ant-tree-title', { hasText: categoryName }).first().click();
    await page.getByRole('button', { name: /SQL操作/ }).click();
    // the full-screen editor (its title follows the record: 新建数据接口, then 编辑数据接口 once saved)
    const editor = page.locator('.ant-modal').filter({ has: page.getByRole('tab', { name: '接口预览' }) });
    await dialogWith(page, '新建数据接口').waitFor();
    await editor.getByLabel('接口名称').fill(`用户查询${stamp}`);
    await editor.getByLabel('接口编码').fill(`e2e.users${stamp}`);
    await expect.poll(() => editor.locator('.ant-select').first().innerText()).toContain(categoryName);

    await editor.getByRole('tab', { name: '数据配置' }).click();
    await editor.locator('.cm-content').click();
    await page.keyboard.insertText(
      'select id as "F_Id", account, real_name as "realName" from base_user where account = {keyword}',
    );
    await editor.getByRole('tab', { name: '参数与字段' }).click();
    await editor.getByRole('button', { name: /添加参数/ }).click();
    await editor.getByLabel('参数名称 1').fill('keyword');
    await editor.getByLabel('默认值 1').fill('admin');
    await screenshot(page, 'data-interface-editor-1440');
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expectToast(page, '接口创建成功');
    await dialogWith(page, '编辑数据接口').waitFor();

    await editor.getByRole('tab', { name: '接口预览' }).click();
    await expect.poll(() => editor.getByLabel('keyword').inputValue()).toBe('admin');
    await editor.getByRole('button', { name: /运\s*行/ }).click();
    const rows = editor.getByTestId('preview-rows');
    await rows.getByText('admin', { exact: true }).waitFor();
    await editor.getByText('共 1 行').waitFor();
    await screenshot(page, 'data-interface-preview-1440');

    await editor
      .locator('.ant-modal-body')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await page.locator('main .ant-table-row', { hasText: `e2e.users${stamp}` }).waitFor();
  });
});
