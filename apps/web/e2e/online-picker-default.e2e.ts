// A picker's default of "current user" in a real browser against the built server: a design with a user picker
// and a mixed picker (many entries) is opened in the designer, each picker's default is set to the current user
// (当前用户) in its property panel, the design is saved and released; a new record of the generated page starts
// with the signed-in administrator in both fields, and the server takes the record as it starts.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api, releaseAtTop } from './support/api';
import { expectToast } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `任务派发${stamp}`;
const CODE = `dispatch${stamp}`;
let api: Api;
let designId: string;
let systemId: string;
let userName: string;

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
      __config__: { jnpfKey: 'userSelect', label: '负责人', span: 24, formId: 2, regList: [], defaultValue: '' },
      __vModel__: 'owner',
      multiple: false,
      clearable: true,
      selectType: 'all',
      ableIds: [],
      placeholder: '请选择',
    },
    {
      __config__: { jnpfKey: 'usersSelect', label: '参与人', span: 24, formId: 3, regList: [], defaultValue: [] },
      __vModel__: 'people',
      multiple: true,
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
    { label: '负责人', prop: 'owner', jnpfKey: 'userSelect' },
    { label: '参与人', prop: 'people', jnpfKey: 'usersSelect' },
  ],
  searchList: [],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string; userName: string } }>('GET', '/api/oauth/CurrentUser');
  systemId = me.userInfo.systemId;
  userName = me.userInfo.userName;
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  designId = await api.ok<string>('POST', '/api/visualdev/Base', {
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
});

/** the picker field of this label (its select, showing the names it holds) */
const picker = (page: Page, scope: Locator, label: string) =>
  scope.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });

describe('picker default of the current user', () => {
  it('is set in the designer and starts a new record with the signed-in user', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token });
    const row = page.locator('.ant-table-row').filter({ hasText: CODE });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByRole('navigation', { name: '点击或拖动控件添加到表单' }).waitFor();

    // the user picker: "current user" shows in its default's picker
    await page.getByRole('treeitem', { name: '负责人' }).click();
    await page.locator('#prop-default-current-user').check();
    await expect
      .poll(() =>
        page.locator('#prop-defaultValue').locator('xpath=ancestor::div[contains(@class,"ant-select ")]').innerText(),
      )
      .toContain('当前用户');
    // the mixed picker of many entries
    await page.getByRole('treeitem', { name: '参与人' }).click();
    await page.locator('#prop-default-current-user').check();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expectToast(page, '修改成功');

    const saved = await api.ok<{ formData: string }>('GET', `/api/visualdev/Base/${designId}`);
    const fields = (JSON.parse(saved.formData) as typeof formData).fields;
    expect(fields[1]!.__config__.defaultValue).toBe('currentUser');
    expect(fields[2]!.__config__.defaultValue).toEqual(['currentUser--user']);

    await releaseAtTop(api, designId, systemId);

    // a new record of the released page
    await page.goto(`/model/${CODE}`);
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const form = page
      .locator('.ant-modal')
      .filter({ has: page.getByLabel('任务名称') })
      .last();
    await expect.poll(() => picker(page, form, '负责人').innerText(), { timeout: 10_000 }).toContain(userName);
    await expect.poll(() => picker(page, form, '参与人').innerText(), { timeout: 10_000 }).toContain(userName);
    expect(await picker(page, form, '负责人').innerText()).not.toContain('当前用户');

    // the server takes the record as it started: the user's id, and the user as a mixed entry
    await form.getByLabel('任务名称').fill('巡检');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    await page.locator('.ant-table-row').filter({ hasText: '巡检' }).filter({ hasText: userName }).waitFor();
    await page.context().close();
  });
});
