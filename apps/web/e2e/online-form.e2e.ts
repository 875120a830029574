// Generated pages in a real browser against the built server. A design made through the API is released to a
// top-level menu; a staff member granted that menu with add/edit/delete finds it in the sidebar, is told what a
// required field needs, adds a record (picking a user from the directory, filling sub-table rows, told which
// row lacks what), finds it by keyword, sees its details with the rows and their total, edits and deletes it. A dictionary menu (type 4) of one
// category shows that category's items to a member granted only that menu.
// Screenshots at 1440 and 800 px go to test-results/screenshots/online-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReleasedDesign, signIn, type Api, resetPassword } from './support/api';
import { expectNoHorizontalOverflow, expectToast, pickAreaInDialog, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const PASSWORD = 'Online#2026';
const DESIGN = { fullName: `客户登记${stamp}`, enCode: `customer${stamp}` };
let api: Api;
let staffToken: string;
let dictionaryMenuCode: string;

const formData = {
  labelWidth: 100,
  popupType: 'general',
  idGlobal: 3,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '客户名称', span: 24, required: true, formId: 1, regList: [] },
      __vModel__: 'customerName',
      placeholder: '请输入客户名称',
      maxlength: 50,
    },
    {
      __config__: { jnpfKey: 'select', label: '客户等级', span: 12, dataType: 'static', formId: 2, regList: [] },
      __vModel__: 'level',
      placeholder: '请选择',
      options: [
        { fullName: '普通', id: 'normal' },
        { fullName: '重要', id: 'vip' },
      ],
      props: { label: 'fullName', value: 'id' },
    },
    {
      __config__: { jnpfKey: 'inputNumber', label: '年度金额', span: 12, formId: 3, regList: [] },
      __vModel__: 'amount',
      min: 0,
      max: 100000000,
    },
    {
      __config__: { jnpfKey: 'userSelect', label: '客户经理', span: 12, formId: 4, regList: [] },
      __vModel__: 'manager',
      multiple: false,
      placeholder: '请选择客户经理',
    },
    {
      __config__: {
        jnpfKey: 'table',
        label: '联系人',
        showTitle: true,
        formId: 5,
        children: [
          {
            __config__: { jnpfKey: 'input', label: '姓名', required: true, formId: 6, regList: [] },
            __vModel__: 'contactName',
            placeholder: '联系人姓名',
          },
          {
            __config__: { jnpfKey: 'inputNumber', label: '人数', formId: 7, regList: [] },
            __vModel__: 'headcount',
            placeholder: '人数',
          },
        ],
        showSummary: true,
        summaryField: ['headcount'],
      },
      __vModel__: 'contacts',
      actionText: '添加联系人',
    },
    {
      __config__: { jnpfKey: 'areaSelect', label: '所在地区', span: 24, formId: 8, regList: [] },
      __vModel__: 'region',
      level: 2,
      placeholder: '请选择所在地区',
    },
    {
      __config__: { jnpfKey: 'uploadFile', label: '合同附件', span: 24, formId: 9, regList: [] },
      __vModel__: 'contract',
      limit: 3,
      fileSize: 5,
      sizeUnit: 'MB',
      accept: '.pdf,.txt',
      buttonText: '上传合同',
    },
    {
      __config__: { jnpfKey: 'editor', label: '备注', span: 24, formId: 10, regList: [] },
      __vModel__: 'remark',
    },
  ],
};
const columnData = {
  type: 1,
  columnList: [
    { label: '客户名称', prop: 'customerName', jnpfKey: 'input', sortable: true },
    { label: '客户等级', prop: 'level', jnpfKey: 'select' },
    { label: '年度金额', prop: 'amount', jnpfKey: 'inputNumber', sortable: true, align: 'right' },
    { label: '客户经理', prop: 'manager', jnpfKey: 'userSelect' },
  ],
  searchList: [{ label: '客户名称', prop: 'customerName', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [
    { value: 'add', label: '新建' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
    { value: 'remove', label: '删除' },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
};

interface MenuNode {
  id: string;
  enCode: string;
  urlAddress?: string;
  children?: MenuNode[];
}

function findMenu(nodes: MenuNode[], test: (node: MenuNode) => boolean): MenuNode | undefined {
  for (const node of nodes) {
    if (test(node)) return node;
    const found = findMenu(node.children ?? [], test);
    if (found) return found;
  }
  return undefined;
}

/** the ids of these buttons of a menu */
async function buttonIds(menuId: string, codes: string[]): Promise<string[]> {
  const { list } = await api.ok<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/system/ModuleButton/${menuId}/List`,
  );
  return list.filter((b) => codes.includes(b.enCode)).map((b) => b.id);
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  const systemId = me.userInfo.systemId;

  // the design, released at the top of the current system
  await createReleasedDesign(api, { ...DESIGN, formData, columnData }, systemId);

  // a dictionary menu (type 4) of a category with two items
  const typeCode = `grade${stamp}`;
  await api.ok('POST', '/api/system/DictionaryType', {
    parentId: '0',
    fullName: `客户分级${stamp}`,
    enCode: typeCode,
    isTree: 0,
    sortCode: 0,
  });
  const types = await api.ok<{ list: { id: string; enCode?: string; children?: { id: string; enCode?: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryType',
  );
  const typeId = types.list.flatMap((root) => root.children ?? []).find((t) => t.enCode === typeCode)!.id;
  for (const [fullName, enCode] of [
    ['金牌客户', 'gold'],
    ['银牌客户', 'silver'],
  ])
    await api.ok('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: '0', fullName, enCode });
  dictionaryMenuCode = `gradeMenu${stamp}`;
  await api.ok('POST', '/api/system/Menu', {
    parentId: '-1',
    systemId,
    category: 'Web',
    type: 4,
    fullName: `客户分级字典${stamp}`,
    enCode: dictionaryMenuCode,
    icon: 'icon-ym icon-ym-sysDictionary',
    urlAddress: `dictionary/${dictionaryMenuCode}`,
    sortCode: 998,
    propertyJson: JSON.stringify({ moduleId: typeId, iconBackgroundColor: '', isTree: 0 }),
  });

  // the staff member: both menus, the form's add/edit/remove, nothing else
  const admin = await api.ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
  const formMenu = findMenu(admin.menuList, (m) => m.urlAddress === `model/${DESIGN.enCode}`)!;
  const dictionaryMenu = findMenu(admin.menuList, (m) => m.enCode === dictionaryMenuCode)!;
  const organizes = await api.ok<{ list: { id: string }[] }>('GET', '/api/permission/Organize');
  const account = `clerk${stamp}`;
  const userId = await api.ok<string>('POST', '/api/permission/Users', {
    account,
    realName: `登记员${stamp}`,
    organizeId: organizes.list[0]!.id,
    gender: 1,
  });
  await api.ok('PUT', `/api/permission/Authority/Data/${userId}`, {
    objectType: 'User',
    systemIds: [systemId],
    module: [formMenu.id, dictionaryMenu.id],
    button: await buttonIds(formMenu.id, ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail']),
  });
  await resetPassword(api, userId, PASSWORD);
  staffToken = await signIn(baseUrl, account, PASSWORD);
});

const formDialog = (page: Page) =>
  page
    .locator('.ant-modal')
    .filter({ has: page.getByLabel('客户名称') })
    .last();

describe('a released online form', () => {
  it('is used from its menu: required message, add, keyword search, edit, detail and delete', async () => {
    const page = await openAt('/home', { token: staffToken });
    await page.getByRole('menuitem', { name: new RegExp(DESIGN.fullName) }).click();
    await page.waitForURL(`**/model/${DESIGN.enCode}`);
    // only the granted buttons: batch delete was not granted
    const add = page.getByRole('button', { name: /新\s*建/ }).first();
    await add.waitFor();
    expect(await page.getByRole('button', { name: '批量删除' }).count()).toBe(0);

    await add.click();
    const dialog = formDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('客户名称不能为空').waitFor();
    await dialog.getByLabel('客户名称').fill('华东精密制造有限公司');
    await dialog.getByLabel('客户等级').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('重要').click();
    await dialog.getByLabel('年度金额').fill('250000');
    // a user picker: the staff member picks themselves from the directory
    await dialog.getByLabel('客户经理').click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择用户' });
    await picker.getByRole('searchbox').fill(`clerk${stamp}`);
    await picker.getByRole('searchbox').press('Enter');
    await picker.getByRole('option', { name: new RegExp(`登记员${stamp}/clerk${stamp}`) }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    // the sub-table: two rows, the second lacking its required name until told
    const contacts = dialog.getByRole('group', { name: '联系人' });
    await contacts.getByRole('button', { name: /添加联系人/ }).click();
    await contacts.getByRole('button', { name: /添加联系人/ }).click();
    await contacts.getByPlaceholder('联系人姓名').first().fill('王经理');
    await contacts.getByPlaceholder('人数').first().fill('3');
    await contacts.getByPlaceholder('人数').nth(1).fill('2');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('联系人第2行：姓名不能为空').waitFor();
    await contacts.getByPlaceholder('联系人姓名').nth(1).fill('李助理');
    await contacts.getByText('5.00').waitFor();
    // an area, level by level; a file through the chunked upload; rich text
    await pickAreaInDialog(page, dialog.getByLabel('所在地区'), ['广东省', '深圳市', '南山区'], 'area-dialog');
    // the file field's own input, not the rich-text field's (for its pictures)
    await dialog.locator('input[type=file]:not([data-testid="rich-text-image-input"])').setInputFiles({
      name: '年度合同.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('年度合同 2026\n'),
    });
    await dialog
      .getByRole('list', { name: '合同附件' })
      .getByRole('button', { name: '年度合同.txt', exact: true })
      .waitFor();
    await dialog.getByRole('textbox', { name: '备注' }).fill('重点客户，季度回访');
    await screenshot(page, 'online-form-1440');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '新建成功');
    const row = page.locator('.ant-table-row').filter({ hasText: '华东精密制造有限公司' });
    await row.waitFor();
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('重要');
    expect(await row.innerText()).toContain(`登记员${stamp}/clerk${stamp}`);

    // the details show the sub-table's rows and their total, read-only
    await row.getByRole('button', { name: '详情' }).click();
    const details = page.getByRole('group', { name: '联系人' }).last();
    await details.getByText('李助理').waitFor();
    await details.getByText('5.00').waitFor();
    expect(await details.getByRole('button').count()).toBe(0);
    const detailDialog = page.locator('.ant-modal').filter({ hasText: '详情' }).last();
    await detailDialog.getByText('广东省/深圳市/南山区').waitFor();
    await detailDialog.getByRole('button', { name: '年度合同.txt', exact: true }).waitFor();
    await detailDialog.getByText('重点客户，季度回访').waitFor();
    await screenshot(page, 'online-detail-subtable-1440');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // a second record, then the keyword finds only the first
    await add.click();
    await formDialog(page).getByLabel('客户名称').fill('西南物流');
    await formDialog(page)
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(page, '新建成功');
    await page.locator('.ant-table-row').filter({ hasText: '西南物流' }).waitFor();
    await page.getByPlaceholder('请输入关键词查询').fill('精密');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'online-list-1440');
    await expectNoHorizontalOverflow(page);

    // edit: the form opens with the saved values
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = formDialog(page);
    await expect.poll(() => edit.getByLabel('客户名称').inputValue()).toBe('华东精密制造有限公司');
    await edit.getByLabel('客户名称').fill('华东精密制造股份有限公司');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await expectToast(page, '修改成功');
    await page.getByPlaceholder('请输入关键词查询').fill('股份');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const renamed = page.locator('.ant-table-row').filter({ hasText: '华东精密制造股份有限公司' });
    await renamed.waitFor();

    // delete asks first
    await renamed.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectToast(page, '删除成功');
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(0);

    // 800 px: still no sideways scrolling
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.locator('.ant-table-row').filter({ hasText: '西南物流' }).waitFor();
    await screenshot(page, 'online-list-800');
    await expectNoHorizontalOverflow(page);
    // the form with its sub-table, area, file and rich-text fields fits too
    await add.click();
    const narrow = formDialog(page);
    await narrow
      .getByRole('group', { name: '联系人' })
      .getByRole('button', { name: /添加联系人/ })
      .click();
    await screenshot(page, 'online-form-800');
    await expectNoHorizontalOverflow(page);
    await narrow.getByRole('button', { name: /取\s*消/ }).click();
    await page.context().close();
  });

  it('a dictionary menu shows the items of its category to a member granted only that menu', async () => {
    const page = await openAt(`/dictionary/${dictionaryMenuCode}`, { token: staffToken });
    await page.locator('.ant-table-row').filter({ hasText: '金牌客户' }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '银牌客户' }).waitFor();
    // no buttons of that menu were granted
    expect(await page.getByRole('button', { name: /新\s*建/ }).count()).toBe(0);
    await screenshot(page, 'online-dictionary-1440');
    await page.context().close();
  });
});
