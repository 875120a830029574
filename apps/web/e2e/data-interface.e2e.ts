// Data interfaces in a real browser against the built server: the administrator creates an SQL interface
// over the platform's users with a keyword parameter in the full-screen editor (CodeMirror), saves it, and
// previews it to see the administrator's row. Then, in the function designer, binds that interface to a select of a
// new form (label and value fields, its keyword parameter taken from another field of the form), releases the form
// and grants its menu to a staff member, who picks the administrator's row in the form; the list shows the label.
// Needs the server side of the data-interface module (/api/system/DataInterface, DataSource/Selector and the
// DataInterfaceType dictionary).
// Screenshots: test-results/screenshots/data-interface-*.png.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminApi, resetPassword, signIn, type Api, releaseAtTop } from './support/api';
import { dialogWith, expectNoHorizontalOverflow, expectToast, screenshot } from './support/browser';
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

interface MenuNode {
  id: string;
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

const openDropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();

describe('a select bound to the interface', () => {
  const design = { fullName: `用户登记${stamp}`, enCode: `diform${stamp}` };
  const PASSWORD = 'Dynamic#2026';

  it('is bound in the designer, released, granted, and picks a row for a staff member', async () => {
    // the interface the first test made, and the administrator's row it answers for "admin"
    const found = await api.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/system/DataInterface?keyword=${encodeURIComponent(`e2e.users${stamp}`)}&currentPage=1&pageSize=20`,
    );
    const interfaceId = found.list.find((r) => r.enCode === `e2e.users${stamp}`)!.id;
    const preview = await api.ok<{ F_Id: string; realName: string }[]>(
      'POST',
      `/api/system/DataInterface/${interfaceId}/Actions/Preview`,
      { paramList: [{ field: 'keyword', defaultValue: 'admin' }] },
    );
    const adminName = preview[0]!.realName;

    // a design of two fields: an account, and a select still holding static options
    const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
    const formData = {
      labelWidth: 100,
      popupType: 'general',
      idGlobal: 2,
      fields: [
        {
          __config__: { jnpfKey: 'input', label: '账号', span: 12, formId: 1, regList: [] },
          __vModel__: 'account',
          placeholder: '请输入账号',
        },
        {
          __config__: { jnpfKey: 'select', label: '负责人', span: 12, dataType: 'static', formId: 2, regList: [] },
          __vModel__: 'owner',
          placeholder: '请选择负责人',
          options: [{ fullName: '待定', id: 'none' }],
          props: { label: 'fullName', value: 'id' },
        },
      ],
    };
    const columnData = {
      type: 1,
      columnList: [
        { label: '账号', prop: 'account', jnpfKey: 'input' },
        { label: '负责人', prop: 'owner', jnpfKey: 'select' },
      ],
      searchList: [],
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [{ value: 'edit', label: '编辑' }],
      hasPage: true,
      pageSize: 20,
    };
    const designId = await api.ok<string>('POST', '/api/visualdev/Base', {
      ...design,
      type: 1,
      webType: 2,
      category: categories.list[0]!.id,
      description: '',
      sortCode: 0,
      formData: JSON.stringify(formData),
      columnData: JSON.stringify(columnData),
    });

    // the designer: the select takes its options from the interface, keyword ← 账号
    const page = await openAt('/onlineDev/webDesign', { token: api.token, width: 1440 });
    const row = page.locator('.ant-table-row').filter({ hasText: design.enCode });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByRole('navigation', { name: '点击或拖动控件添加到表单' }).waitFor();
    await page.getByRole('treeitem', { name: '负责人' }).click();
    await page.getByText('远端数据', { exact: true }).click();
    await page.getByLabel('数据接口').click();
    await openDropdown(page).getByTitle(`用户查询${stamp}`).click();
    await page.getByLabel('显示字段').fill('realName');
    await page.getByLabel('存储字段').fill('F_Id');
    // the field list offered from the interface closes
    await page.keyboard.press('Escape');
    const params = page.getByRole('list', { name: '参数设置' });
    await params.getByLabel(/参数来源/).click();
    await openDropdown(page).getByTitle('字段', { exact: true }).click();
    await params.getByLabel(/参数值/).click();
    await openDropdown(page).getByTitle('账号 (account)').click();

    // a popup select from the palette over the same interface: its keyword parameter keeps the literal "admin"
    await page.getByRole('button', { name: '弹窗选择', exact: true }).click();
    await page.getByLabel('控件标题').fill('审核人');
    await page.getByLabel('数据接口').click();
    await openDropdown(page).getByTitle(`用户查询${stamp}`).click();
    await page.getByLabel('存储字段').fill('F_Id');
    await page.keyboard.press('Escape');
    await page.getByLabel('显示字段').fill('realName');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /添加字段/ }).click();
    await page.getByLabel('字段 1', { exact: true }).fill('realName');
    await page.keyboard.press('Escape');
    await page.getByLabel('列名 1', { exact: true }).fill('姓名');
    await page.getByRole('button', { name: /添加字段/ }).click();
    await page.getByLabel('字段 2', { exact: true }).fill('account');
    await page.keyboard.press('Escape');
    await page.getByLabel('列名 2', { exact: true }).fill('账号');
    await screenshot(page, 'data-interface-designer-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'data-interface-designer-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expectToast(page, '修改成功');
    await page.context().close();

    const saved = await api.ok<{ formData: string }>('GET', `/api/visualdev/Base/${designId}`);
    const owner = (JSON.parse(saved.formData) as typeof formData).fields[1] as unknown as {
      __config__: Record<string, unknown>;
      props: Record<string, unknown>;
    };
    expect(owner.__config__).toMatchObject({
      dataType: 'dynamic',
      propsUrl: interfaceId,
      templateJson: [expect.objectContaining({ field: 'keyword', sourceType: 1, relationField: 'account' })],
    });
    expect(owner.props).toMatchObject({ label: 'realName', value: 'F_Id' });
    const popup = (JSON.parse(saved.formData) as { fields: Record<string, unknown>[] }).fields[2]!;
    expect(popup).toMatchObject({
      __config__: expect.objectContaining({ jnpfKey: 'popupSelect', label: '审核人' }),
      interfaceId,
      propsValue: 'F_Id',
      relationField: 'realName',
      columnOptions: [
        { value: 'realName', label: '姓名' },
        { value: 'account', label: '账号' },
      ],
      templateJson: [expect.objectContaining({ field: 'keyword', sourceType: 2, defaultValue: 'admin' })],
    });
    const popupKey = String(popup.__vModel__);

    // released at the top of the current system, its menu granted (with 新增) to a staff member only
    const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
    await releaseAtTop(api, designId, me.userInfo.systemId);
    const menus = await api.ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
    const formMenu = findMenu(menus.menuList, (m) => m.urlAddress === `model/${design.enCode}`)!;
    const buttons = await api.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/system/ModuleButton/${formMenu.id}/List`,
    );
    const organizes = await api.ok<{ list: { id: string }[] }>('GET', '/api/permission/Organize');
    const account = `picker${stamp}`;
    const userId = await api.ok<string>('POST', '/api/permission/Users', {
      account,
      realName: `选择员${stamp}`,
      organizeId: organizes.list[0]!.id,
      gender: 1,
    });
    await api.ok('PUT', `/api/permission/Authority/Data/${userId}`, {
      objectType: 'User',
      systemIds: [me.userInfo.systemId],
      module: [formMenu.id],
      button: buttons.list.filter((b) => b.enCode === 'btn_add').map((b) => b.id),
    });
    await resetPassword(api, userId, PASSWORD);
    const staffToken = await signIn(baseUrl, account, PASSWORD);

    // the staff member types the account, and the select offers the interface's row for it
    for (const width of [1440, 800]) {
      // at 800 px the side menu is folded away: the page is opened by its address
      const staff = await openAt(width === 800 ? `/model/${design.enCode}` : '/home', { token: staffToken, width });
      if (width === 1440) {
        await staff.getByRole('menuitem', { name: new RegExp(design.fullName) }).click();
        await staff.waitForURL(`**/model/${design.enCode}`);
      }
      if (width === 800) {
        await staff.locator('.ant-table-row').filter({ hasText: adminName }).first().waitFor();
        await screenshot(staff, 'data-interface-form-list-800');
        await expectNoHorizontalOverflow(staff);
      }
      await staff
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const dialog = staff
        .locator('.ant-modal')
        .filter({ has: staff.getByLabel('账号') })
        .last();
      await dialog.getByLabel('账号').fill('admin');
      await dialog.getByLabel('负责人').click();
      await openDropdown(staff).getByTitle(adminName).waitFor();
      await screenshot(staff, `data-interface-form-${width}`);
      await openDropdown(staff).getByTitle(adminName).click();
      await staff.keyboard.press('Escape');
      // the popup select: its dialog lists the interface's rows; a row is checked and confirmed
      await dialog.getByLabel('审核人').click({ force: true });
      const chooser = dialogWith(staff, '选择数据');
      await chooser.locator('.ant-table-row', { hasText: adminName }).waitFor();
      await screenshot(staff, `data-interface-popup-${width}`);
      if (width === 800) {
        await expectNoHorizontalOverflow(staff);
        await staff.context().close();
        continue;
      }
      await chooser.locator('.ant-table-row', { hasText: adminName }).click();
      await chooser.getByRole('button', { name: /确\s*定/ }).click();
      await chooser.waitFor({ state: 'hidden' });
      await expect.poll(() => dialog.locator('.ant-select', { hasText: adminName }).count()).toBe(2);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await expectToast(staff, '新建成功');
      const record = staff.locator('.ant-table-row').filter({ hasText: 'admin' });
      await expect.poll(() => record.first().innerText(), { timeout: 10_000 }).toContain(adminName);
      expect(await record.first().innerText()).not.toContain(preview[0]!.F_Id);
      // both the select and the popup select show the name; the popup's stored value is the id
      const rows = await api.ok<{ list: Record<string, unknown>[] }>(
        'POST',
        `/api/visualdev/OnlineDev/${designId}/List`,
        {
          currentPage: 1,
          pageSize: 20,
        },
      );
      const saved = rows.list.find((r) => r.account === 'admin')!;
      expect(saved).toMatchObject({ [popupKey]: adminName, [`${popupKey}_id`]: preview[0]!.F_Id });
      expect((await record.first().innerText()).split(adminName).length - 1).toBe(2);
      await screenshot(staff, 'data-interface-form-list-1440');
      await staff.context().close();
    }
  });
});
