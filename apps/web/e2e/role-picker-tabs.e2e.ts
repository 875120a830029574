// The role picker of a generated form in a real browser against the built server: in "all" mode its dialog has
// the organisation and global tabs, the first an organisation tree opened a level at a time, the second the
// global roles; a global role picked there is kept by the record. Screenshots at 1440 and 800 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api, releaseAtTop } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `角色派发${stamp}`;
const CODE = `roletabs${stamp}`;
const ROLE = `全局巡检${stamp}`;
let api: Api;
let systemId: string;

const formData = {
  labelWidth: 100,
  popupType: 'general',
  idGlobal: 3,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '任务名称', span: 24, formId: 1, regList: [], defaultValue: '' },
      __vModel__: 'taskName',
      placeholder: '请输入',
    },
    {
      __config__: { jnpfKey: 'roleSelect', label: '执行角色', span: 24, formId: 2, regList: [], defaultValue: '' },
      __vModel__: 'role',
      multiple: false,
      clearable: true,
      selectType: 'all',
      ableIds: [],
      placeholder: '请选择',
    },
  ],
};
const columnData = {
  type: 1,
  columnList: [
    { label: '任务名称', prop: 'taskName', jnpfKey: 'input' },
    { label: '执行角色', prop: 'role', jnpfKey: 'roleSelect' },
  ],
  searchList: [],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [],
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  systemId = me.userInfo.systemId;
  await api.ok('POST', '/api/permission/Role', {
    fullName: ROLE,
    enCode: `r${stamp}`,
    globalMark: 1,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    organizeIdsTree: [],
  });
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  const designId = await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: NAME,
    enCode: CODE,
    type: 1,
    webType: 2,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  });
  await releaseAtTop(api, designId, systemId);
});

const shots = async (page: Page, name: string) => {
  for (const width of [1440, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe('role picker tabs', () => {
  it('offers the organisation and global tabs, and keeps a global role', async () => {
    const page = await openAt(`/model/${CODE}`, { token: api.token });
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const form = page
      .locator('.ant-modal')
      .filter({ has: page.getByLabel('任务名称') })
      .last();
    await form.getByLabel('任务名称').fill('巡检');
    await form.getByLabel('执行角色', { exact: true }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择角色' }).last();
    await expect.poll(() => picker.getByRole('tab').allInnerTexts()).toEqual(['组织', '全局']);
    await picker.locator('div[aria-label="组织"] .ant-tree-title').first().waitFor();
    await shots(page, 'role-picker-organize');
    await picker.getByRole('tab', { name: '全局' }).click();
    await picker.locator('div[aria-label="全局"]').getByTitle(ROLE, { exact: true }).click();
    await picker.getByRole('list', { name: '已选' }).getByText(ROLE).waitFor();
    await shots(page, 'role-picker-global');
    await picker.getByRole('button', { name: /^\s*确\s*定\s*$/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await page.locator('.ant-table-row').filter({ hasText: '巡检' }).filter({ hasText: ROLE }).waitFor();
    await page.context().close();
  });
});
