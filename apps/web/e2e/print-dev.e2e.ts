// The print-template screen in Chromium: create an SQL template through the dialog, see it listed, copy it
// (disabled, named ".副本xxxxx"), and read a print recorded through the API in the template's print log.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { rowMoreAction, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
let api: Api;

beforeAll(async () => {
  api = await adminApi(baseUrl);
});

describe('print templates', () => {
  it('creates, copies and shows the print log of a template', async () => {
    const name = `送货单${Date.now().toString(36)}`;
    const page = await openAt('/system/printDev', { token: api.token });
    await page.getByRole('button', { name: /新\s*建/ }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '新建打印模板' });
    await dialog.getByLabel('模板名称').fill(name);
    await dialog.getByLabel('模板编码').fill(`d${Date.now().toString(36)}`);
    await dialog.getByLabel('模板分类').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '业务单据' }).click();
    await dialog.getByLabel('SQL语句 主表').fill('select id, full_name from base_organize where id = @formId');
    await dialog.getByLabel('模板内容').fill('<p>{full_name}</p>');
    await screenshot(page, 'print-dev-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();

    const listed = await api.ok<{ list: { id: string; fullName: string }[] }>(
      'GET',
      `/api/system/printDev?keyword=${encodeURIComponent(name)}`,
    );
    const id = listed.list.find((r) => r.fullName === name)!.id;
    await api.ok('POST', '/api/system/printLog/save', { printId: id, printTitle: `${name}打印`, printNum: 2 });

    await rowMoreAction(page, row, '复制');
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `${name}.副本` })
      .waitFor();

    await rowMoreAction(
      page,
      page.locator('.ant-table-row').filter({ hasText: name }).filter({ hasNotText: '副本' }),
      '打印日志',
    );
    await page.getByText(`打印日志 - ${name}`).waitFor();
    await page.getByRole('cell', { name: `${name}打印` }).waitFor();
    await screenshot(page, 'print-dev-log');
    const copy = await api.ok<{ list: { fullName: string; enabledMark: number }[] }>(
      'GET',
      `/api/system/printDev?keyword=${encodeURIComponent(`${name}.副本`)}`,
    );
    expect(copy.list[0]!.enabledMark).toBe(0);
    await page.context().close();
  });
});
