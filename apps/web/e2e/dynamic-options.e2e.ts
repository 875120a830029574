// A select and a radio group whose options come from a data interface holding more rows than one read (1,200),
// in a real browser against the built server. The select says how many there are and finds a row past the
// first page by the text typed; the radio group says it lists only part. The saved record's list shows the
// row's label, and the list's keyword box finds the record by that label.
// Screenshots: test-results/screenshots/dynamic-options-{1440,800}.png, dynamic-options-list-1440.png.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReleasedDesign, type Api } from './support/api';
import { expectNoHorizontalOverflow, expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const DESIGN = { fullName: `选项测试${stamp}`, enCode: `manyopts${stamp}` };
let api: Api;

const rows = Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, fullName: `产品${String(i).padStart(4, '0')}` }));

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const all = await api.ok<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryData/All',
  );
  const category = all.list.find((entry) => entry.enCode === 'DataInterfaceType')?.dictionaryList[0]?.id;
  if (!category) throw new Error('the DataInterfaceType dictionary has no category');
  const interfaceId = await api.ok<string>('POST', '/api/system/DataInterface', {
    fullName: `产品${stamp}`,
    enCode: `e2e.products${stamp}`,
    category,
    type: 2,
    hasPage: 0,
    action: 0,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    dataConfigJson: JSON.stringify({ staticData: JSON.stringify(rows) }),
  });
  const dynamic = { dataType: 'dynamic', propsUrl: interfaceId, templateJson: [], regList: [] };
  const formData = {
    labelWidth: 100,
    popupType: 'general',
    fields: [
      {
        __config__: { jnpfKey: 'input', label: '名称', span: 24, formId: 1, regList: [] },
        __vModel__: 'title',
      },
      {
        __config__: { jnpfKey: 'select', label: '产品', span: 24, formId: 2, ...dynamic },
        __vModel__: 'product',
        props: { label: 'fullName', value: 'id' },
        placeholder: '请选择产品',
      },
      {
        __config__: { jnpfKey: 'radio', label: '备选', span: 24, formId: 3, ...dynamic },
        __vModel__: 'spare',
        props: { label: 'fullName', value: 'id' },
      },
    ],
  };
  const columnData = {
    type: 1,
    columnList: [
      { label: '名称', prop: 'title', jnpfKey: 'input' },
      { label: '产品', prop: 'product', jnpfKey: 'select' },
    ],
    searchList: [{ label: '产品', prop: 'product', jnpfKey: 'select', searchType: 2, isKeyword: true }],
    btnsList: [{ value: 'add', label: '新建' }],
    columnBtnsList: [{ value: 'edit', label: '编辑' }],
    hasPage: true,
    pageSize: 20,
  };
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  await createReleasedDesign(api, { ...DESIGN, formData, columnData }, me.userInfo.systemId);
});

describe('options from an interface larger than one read', () => {
  it('finds a row past the first page by typing, and the list finds the record by its label', async () => {
    const page = await openAt(`/model/${DESIGN.enCode}`, { token: api.token, width: 1440 });
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const dialog = page
      .locator('.ant-modal')
      .filter({ has: page.getByLabel('名称') })
      .last();
    await dialog.getByLabel('名称').fill('远端选项');
    await dialog.getByText('共 1200 项选项，此处只列出前 500 项；请在设计中改用下拉选择，以便查找其余').waitFor();
    await dialog.getByRole('combobox', { name: '产品', exact: true }).click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await dropdown.getByText('列出前 500 项，共 1200 项，输入文字查找其余').waitFor();
    await screenshot(page, 'dynamic-options-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'dynamic-options-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('combobox', { name: '产品', exact: true }).fill('产品1150');
    await dropdown.getByTitle('产品1150').click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    const row = page.locator('.ant-table-row').filter({ hasText: '远端选项' });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('产品1150');
    await page.getByPlaceholder('请输入关键词查询').fill('产品1150');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    await page.getByPlaceholder('请输入关键词查询').fill('产品0001');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(0);
    await page.getByPlaceholder('请输入关键词查询').fill('1150');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'dynamic-options-list-1440');
  });
});
