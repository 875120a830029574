// Public links of a released function in a real browser against the built server: the administrator turns on
// the form link behind a password and the public search of two columns in the link dialog; a visitor who is
// not signed in opens the form link, is refused the wrong password, fills in the form (the dictionary choices
// arrive with the form), then opens the search link and finds the record with only the shared columns.
// Screenshots at 1440 and 800 px go to test-results/screenshots/link-*.png.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReleasedDesign, type Api } from './support/api';
import {
  expectNoHorizontalOverflow,
  expectToast,
  newPage,
  screenshot,
  dialogWith,
  rowMoreAction,
} from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `访客登记${stamp}`;
const LINK_PASSWORD = 'visit2026';
let api: Api;

const formData = {
  labelWidth: 100,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '访客姓名', span: 24, required: true, formId: 1, regList: [] },
      __vModel__: 'visitor',
      placeholder: '请输入访客姓名',
      maxlength: 50,
    },
    {
      __config__: {
        jnpfKey: 'radio',
        label: '性别',
        span: 12,
        dataType: 'dictionary',
        dictionaryType: 'sex',
        formId: 2,
      },
      __vModel__: 'sex',
      props: { label: 'fullName', value: 'enCode' },
    },
    {
      __config__: { jnpfKey: 'input', label: '联系电话', span: 12, formId: 3, regList: [] },
      __vModel__: 'phone',
    },
    { __config__: { jnpfKey: 'createUser', label: '创建人', formId: 4 }, __vModel__: 'creator' },
  ],
};
const columnData = {
  type: 1,
  columnList: [
    { label: '访客姓名', prop: 'visitor', jnpfKey: 'input' },
    { label: '性别', prop: 'sex', jnpfKey: 'radio' },
    { label: '联系电话', prop: 'phone', jnpfKey: 'input' },
  ],
  searchList: [],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  await createReleasedDesign(
    api,
    { fullName: NAME, enCode: `visitor${stamp}`, formData, columnData },
    me.userInfo.systemId,
  );
});

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

/** the select box of a form item (a multiple select's own input is too small to click) */
const selectOf = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select').first();

/** the path of a link address (the test server's origin is the page's) */
const pathOf = (address: string) => {
  const url = new URL(address);
  return url.pathname + url.search;
};

describe('public links', () => {
  let formLink = '';
  let listLink = '';

  it('the administrator shares the form behind a password and two columns of the list', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token });
    await page.getByLabel('关键词').fill(NAME);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr').filter({ hasText: NAME });
    await rowMoreAction(page, row, '外链');

    const dialog = dialogWith(page, '表单外链配置');
    await dialog.getByRole('switch', { name: '外链填单' }).click();
    await dialog.getByRole('switch', { name: '凭密码填写' }).click();
    await dialog.getByPlaceholder('请输入密码').fill(LINK_PASSWORD);
    await dialog.getByRole('switch', { name: '公开查询' }).click();
    await selectOf(dialog, '查询条件').click();
    await openDropdown(page).getByTitle('访客姓名').click();
    await page.keyboard.press('Escape');
    await selectOf(dialog, '显示内容').click();
    await openDropdown(page).getByTitle('访客姓名').click();
    await openDropdown(page).getByTitle('性别').click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '保存成功');

    // the dialog stays open with the addresses to share
    const formAddress = dialog.getByLabel('外链地址');
    await expect.poll(() => formAddress.inputValue()).toContain('/formShortLink?encryption=');
    formLink = pathOf(await formAddress.inputValue());
    listLink = pathOf(await dialog.getByLabel('查询地址').inputValue());
    expect(listLink).not.toBe(formLink);
    expect(
      await dialog
        .getByRole('link', { name: /打\s*开/ })
        .first()
        .getAttribute('href'),
    ).toBe(await formAddress.inputValue());
    await expect.poll(() => dialog.getByPlaceholder('已设置密码，留空则不修改').inputValue()).toBe('');
    await screenshot(page, 'link-dialog-1440');
    await page.context().close();
  });

  it('a visitor fills in the form after the password, without signing in', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto(formLink);
    await page.getByRole('heading', { name: '请输入访问密码' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/formShortLink');
    await page.getByLabel('请输入密码').fill('wrong-one');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('密码错误！').first().waitFor();
    await page.getByLabel('请输入密码').fill(LINK_PASSWORD);
    await page.getByRole('button', { name: /确\s*定/ }).click();

    await page.getByRole('heading', { name: NAME }).waitFor();
    // system fields are the server's: not on a visitor's form
    expect(await page.getByText('创建人').count()).toBe(0);
    await screenshot(page, 'link-form-1440');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('访客姓名不能为空').waitFor();
    await page.getByLabel('访客姓名').fill(`王五${stamp}`);
    // the dictionary's choices came with the form
    await page.getByText('女', { exact: true }).click();
    await page.getByLabel('联系电话').fill('13800000000');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('感谢您的填写，您的信息已提交。').waitFor();

    // a reload keeps the link open in this tab; nobody was signed in
    await page.reload();
    await page.getByRole('heading', { name: NAME }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jnpf_token'))).toBeNull();
    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'link-form-800');
    await page.context().close();
  });

  it('a visitor searches the shared list and sees only the shared columns', async () => {
    const page = await newPage(browser(), baseUrl);
    await page.goto(listLink);
    await page.getByRole('heading', { name: NAME }).waitFor();
    const record = page.getByRole('row').filter({ hasText: `王五${stamp}` });
    await record.waitFor();
    expect(await page.getByRole('columnheader', { name: '性别' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: '联系电话' }).count()).toBe(0);
    expect(await record.textContent()).toContain('女');
    expect(await page.getByText('13800000000').count()).toBe(0);

    await page.getByLabel('访客姓名').fill('无此人');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('暂无数据').filter({ visible: true }).first().waitFor();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await record.getByRole('button', { name: /详\s*情/ }).click();
    const details = dialogWith(page, '详情');
    await details.getByText(`王五${stamp}`).waitFor();
    expect(await details.getByText('13800000000').count()).toBe(0);
    await screenshot(page, 'link-list-detail-1440');
    await details
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'link-list-800');
    await page.context().close();
  });
});
