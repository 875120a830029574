// A sub-table whose footer offers "select data" (addType 1 over a static data interface): two records chosen in
// the dialog become two rows, their columns filled as relationOptions map them (a fixed text in the third), under
// the grouped header with the first column frozen and the number column right-aligned; the total counts them and
// the saved record holds them. A visitor of the released form's link, not signed in, chooses through the link's
// own calls the same way. Screenshots at 1440 and 800 px: test-results/screenshots/online-subtable-choose-*.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  adminToken,
  Api,
  createPlainUser,
  grantMenusThroughGroup,
  releaseAtTop,
  signIn,
} from './support/api';
import { newPage, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, browser, openAt } = browserTestFile();
let api: Api;
let designId: string;
let enCode: string;
const PASSWORD = 'Staff@2026';

const config = (jnpfKey: string, label: string, formId: number, extra: Record<string, unknown> = {}) => ({
  jnpfKey,
  label,
  formId,
  renderKey: formId,
  regList: [],
  ...extra,
});

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const stamp = Date.now().toString(36);
  const all = await api.ok<{ list: { enCode: string; dictionaryList: { id: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryData/All',
  );
  const category = all.list.find((entry) => entry.enCode === 'DataInterfaceType')?.dictionaryList[0]?.id;
  if (!category) throw new Error('the DataInterfaceType dictionary has no category');
  const rows = [
    { id: 'p1', fullName: '螺丝', price: 3 },
    { id: 'p2', fullName: '螺母', price: 5 },
    { id: 'p3', fullName: '垫片', price: 2 },
  ];
  const interfaceId = await api.ok<string>('POST', '/api/system/DataInterface', {
    fullName: `商品${stamp}`,
    enCode: `e2e.goods${stamp}`,
    category,
    type: 2,
    hasPage: 0,
    action: 0,
    enabledMark: 1,
    sortCode: 0,
    description: '',
    dataConfigJson: JSON.stringify({ staticData: JSON.stringify(rows) }),
  });
  const formData = {
    labelWidth: 100,
    popupType: 'fullScreen',
    idGlobal: 10,
    fields: [
      { __config__: config('input', '单号', 1, { span: 24 }), __vModel__: 'code' },
      {
        __config__: {
          ...config('table', '明细', 2, { span: 24, showTitle: true }),
          children: [
            { __config__: config('input', '品名', 3, { tableFixed: 'left' }), __vModel__: 'name' },
            { __config__: config('inputNumber', '数量', 4, { tableAlign: 'right' }), __vModel__: 'qty' },
            { __config__: config('input', '备注', 5), __vModel__: 'note' },
          ],
          showSummary: true,
          summaryField: ['qty'],
          complexHeaderList: [{ id: 'g1', fullName: '规格', align: 'center', childColumns: ['qty', 'note'] }],
        },
        __vModel__: 'items',
        addType: 1,
        footerBtnsList: [
          { value: 'add', label: '添加', show: true },
          { value: 'selectData', label: '选择商品', show: true },
          { value: 'batchRemove', label: '批量删除', show: true },
        ],
        addTableConf: {
          dataSource: 'dynamic',
          interfaceId,
          popupTitle: '选择商品',
          columnOptions: [
            { value: 'fullName', label: '名称' },
            { value: 'price', label: '价格' },
          ],
          relationOptions: [
            { field: 'name', type: 1, value: 'fullName' },
            { field: 'qty', type: 1, value: 'price' },
            { field: 'note', type: 2, value: '采购' },
          ],
        },
      },
    ],
  };
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  designId = await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: `选数子表${stamp}`,
    enCode: (enCode = `choosesub${stamp}`),
    type: 1,
    webType: 2,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify({
      type: 1,
      columnList: [{ label: '单号', prop: 'code', jnpfKey: 'input' }],
      searchList: [],
      btnsList: [{ value: 'add', label: '新建' }],
      columnBtnsList: [{ value: 'edit', label: '编辑' }],
      hasPage: true,
      pageSize: 20,
    }),
  });
});

describe('a sub-table filled from a chooser', () => {
  it('adds a row per chosen record, mapped, and saves them', async () => {
    const page = await openAt(`/previewModel?id=${designId}`, { token: adminToken(), width: 1440, height: 900 });
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const table = page.getByRole('group', { name: '明细' });
    await table.getByRole('columnheader', { name: '规格' }).waitFor();
    await page.getByLabel('单号').fill('C-1');
    await table.getByRole('button', { name: /选择商品/ }).click();
    const dialog = page.getByRole('dialog', { name: '选择商品' });
    await dialog.getByText('螺丝').click();
    await dialog.getByText('垫片').click();
    await screenshot(page, 'online-subtable-choose-dialog-1440');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await table.locator('input[value="垫片"]').waitFor();
    await table.getByText('5.00').waitFor();
    await screenshot(page, 'online-subtable-choose-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'online-subtable-choose-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect
      .poll(async () => {
        const list = await api.ok<{ list: { code?: string }[] }>('POST', `/api/visualdev/OnlineDev/${designId}/List`, {
          currentPage: 1,
          pageSize: 20,
        });
        return list.list.map((r) => r.code);
      })
      .toContain('C-1');
    await page.context().close();
  });

  it("a form link's visitor chooses records through the link and submits them", async () => {
    await releaseAtTop(api, designId);
    const link = await api.ok<{ formLink: string }>('PUT', '/api/visualdev/ShortLink', {
      id: designId,
      formUse: 1,
      formPassUse: 0,
      formPassword: '',
      columnUse: 0,
      columnPassUse: 0,
      columnPassword: '',
      columnCondition: '[]',
      columnText: '[]',
    });
    const address = new URL(link.formLink, baseUrl);
    const page = await newPage(browser(), baseUrl);
    const signedIn: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/system/DataInterface')) signedIn.push(r.url());
    });
    await page.goto(address.pathname + address.search);
    const table = page.getByRole('group', { name: '明细' });
    await table.getByRole('columnheader', { name: '规格' }).waitFor();
    await page.getByLabel('单号').fill('V-1');
    await table.getByRole('button', { name: /选择商品/ }).click();
    const dialog = page.getByRole('dialog', { name: '选择商品' });
    await dialog.getByText('螺母').click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await table.locator('input[value="螺母"]').waitFor();
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('感谢您的填写，您的信息已提交。').waitFor();
    expect(signedIn).toEqual([]);
    await expect
      .poll(async () => {
        const list = await api.ok<{ list: { code?: string; items?: unknown }[] }>(
          'POST',
          `/api/visualdev/OnlineDev/${designId}/List`,
          { currentPage: 1, pageSize: 20 },
        );
        return list.list.map((r) => r.code);
      })
      .toContain('V-1');
    await page.context().close();
  });

  // (after the link's test, which released the design)
  it("a staff member granted only the form's menu reads the dialog's interface through the form", async () => {
    type MenuNode = { id: string; urlAddress?: string; children?: MenuNode[] };
    const find = (nodes: readonly MenuNode[]): MenuNode | undefined =>
      nodes.map((n) => (n.urlAddress === `model/${enCode}` ? n : find(n.children ?? []))).find(Boolean);
    const menu = find((await api.ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser')).menuList);
    expect(menu).toBeDefined();
    const stamp = Date.now().toString(36);
    const userId = await createPlainUser(api, `chooser${stamp}`, '选货员', PASSWORD);
    await grantMenusThroughGroup(api, userId, { fullName: `选货组${stamp}`, enCode: `chooser${stamp}` }, [
      { id: menu!.id, ancestors: [] },
    ]);
    const token = await signIn(baseUrl, `chooser${stamp}`, PASSWORD);
    // the interface is granted to nobody: the form's menu is what lets the staff member read it
    const own = new Api(baseUrl, token);
    const refusals: string[] = [];
    const page = await openAt(`/model/${enCode}`, { token, width: 1440, height: 900 });
    page.on('response', async (r) => {
      if (!r.url().includes('/api/')) return;
      const body = (await r.json().catch(() => null)) as { code?: number } | null;
      if (r.status() !== 200 || (body && body.code !== undefined && body.code !== 200)) refusals.push(r.url());
    });
    await page
      .getByRole('button', { name: /新\s*建/ })
      .first()
      .click();
    const table = page.getByRole('group', { name: '明细' });
    await page.getByLabel('单号').fill('S-1');
    await table.getByRole('button', { name: /选择商品/ }).click();
    const dialog = page.getByRole('dialog', { name: '选择商品' });
    await dialog.getByText('垫片').click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await table.locator('input[value="垫片"]').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: 'S-1' }).waitFor();
    expect(refusals).toEqual([]);
    const list = await own.ok<{ list: { code?: string }[] }>('POST', `/api/visualdev/OnlineDev/${designId}/List`, {
      currentPage: 1,
      pageSize: 20,
    });
    expect(list.list.map((r) => r.code)).toContain('S-1');
    await page.context().close();
  });
});
