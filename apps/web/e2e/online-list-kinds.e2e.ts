// The kinds of generated list in a real browser against the built server. A left-tree list (type 2) whose tree is
// a dictionary is used by a staff member granted its menu, its edit button and a data-permission scheme: they see
// the tree, choose a node, and see only that category's records among theirs. An editable list (type 4) saves a
// row edited in place and shows a refusal on its cell; a tree table (type 5), under the same kind of scheme, opens
// a record's children (those the scheme hides stay hidden); a grouped list (type 3) shows its group rows.
// Screenshots at 1440 and 800 px go to test-results/screenshots/list-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReleasedDesign, resetPassword, signIn, type Api } from './support/api';
import { expectToast, screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const PASSWORD = 'Kinds#2026';
let api: Api;
let staffToken: string;
let typeId: string;
const items: Record<string, string> = {};

const formData = (dictionary: string) => ({
  labelWidth: 100,
  popupType: 'general',
  idGlobal: 6,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '项目名称', span: 24, required: true, formId: 1, regList: [] },
      __vModel__: 'projectName',
      maxlength: 50,
    },
    {
      __config__: {
        jnpfKey: 'select',
        label: '项目类别',
        span: 12,
        dataType: 'dictionary',
        dictionaryType: dictionary,
        formId: 2,
        regList: [],
      },
      __vModel__: 'category',
      props: { label: 'fullName', value: 'id' },
    },
    {
      __config__: { jnpfKey: 'inputNumber', label: '预算金额', span: 12, formId: 3, regList: [] },
      __vModel__: 'budget',
      min: 0,
      max: 1000000,
    },
    {
      __config__: { jnpfKey: 'input', label: '负责人', span: 12, formId: 4, regList: [] },
      __vModel__: 'owner',
    },
    {
      __config__: { jnpfKey: 'input', label: '上级项目', span: 12, formId: 5, regList: [] },
      __vModel__: 'parentProject',
    },
    {
      __config__: { jnpfKey: 'input', label: '所属区域', span: 12, formId: 6, regList: [] },
      __vModel__: 'region',
    },
  ],
});

const columnData = (patch: Record<string, unknown>) => ({
  type: 1,
  columnList: [
    { label: '项目名称', prop: 'projectName', jnpfKey: 'input', sortable: true, fixed: 'left', width: 200 },
    { label: '项目类别', prop: 'category', jnpfKey: 'select', width: 160 },
    { label: '预算金额', prop: 'budget', jnpfKey: 'inputNumber', sortable: true, align: 'right', width: 140 },
    { label: '负责人', prop: 'owner', jnpfKey: 'input', width: 160 },
    { label: '所属区域', prop: 'region', jnpfKey: 'input', width: 200 },
  ],
  searchList: [{ label: '项目名称', prop: 'projectName', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  ...patch,
});

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

const designs = {
  tree: { fullName: `项目台账${stamp}`, enCode: `projTree${stamp}` },
  edit: { fullName: `预算编辑${stamp}`, enCode: `projEdit${stamp}` },
  levels: { fullName: `项目层级${stamp}`, enCode: `projLevels${stamp}` },
  groups: { fullName: `项目分组${stamp}`, enCode: `projGroups${stamp}` },
};

/** the id of a released design by its code */
async function designId(enCode: string): Promise<string> {
  const page = await api.ok<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/visualdev/Base?type=1&keyword=${encodeURIComponent(enCode)}`,
  );
  return page.list.find((d) => d.enCode === enCode)!.id;
}

async function record(enCode: string, data: Record<string, unknown>): Promise<string> {
  return api.ok<string>('POST', `/api/visualdev/OnlineDev/${await designId(enCode)}`, { data: JSON.stringify(data) });
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const me = await api.ok<{ userInfo: { systemId: string } }>('GET', '/api/oauth/CurrentUser');
  const systemId = me.userInfo.systemId;

  // a dictionary of two project categories
  const typeCode = `projKind${stamp}`;
  await api.ok('POST', '/api/system/DictionaryType', {
    parentId: '0',
    fullName: `项目类别${stamp}`,
    enCode: typeCode,
    isTree: 0,
    sortCode: 0,
  });
  const types = await api.ok<{ list: { id: string; enCode?: string; children?: { id: string; enCode?: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryType',
  );
  typeId = types.list.flatMap((root) => root.children ?? []).find((t) => t.enCode === typeCode)!.id;
  for (const [fullName, enCode] of [
    ['基础设施', 'infra'],
    ['信息化', 'it'],
  ])
    await api.ok('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: '0', fullName, enCode });
  const listed = await api.ok<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/system/DictionaryData/${typeId}`,
  );
  for (const item of listed.list) items[item.enCode] = item.id;

  const form = formData(typeId);
  await createReleasedDesign(
    api,
    {
      ...designs.tree,
      formData: form,
      columnData: columnData({
        type: 2,
        treeTitle: '项目类别',
        treeDataSource: 'dictionary',
        treeDictionary: typeId,
        treeRelation: 'category',
        useDataPermission: true,
      }),
    },
    systemId,
  );
  await createReleasedDesign(api, { ...designs.edit, formData: form, columnData: columnData({ type: 4 }) }, systemId);
  await createReleasedDesign(
    api,
    {
      ...designs.levels,
      formData: form,
      columnData: columnData({ type: 5, parentField: 'parentProject', useDataPermission: true }),
    },
    systemId,
  );
  await createReleasedDesign(
    api,
    { ...designs.groups, formData: form, columnData: columnData({ type: 3, groupField: 'category' }) },
    systemId,
  );

  const rows: [string, string, number, string][] = [
    ['城东污水处理厂', 'infra', 1200000 / 2, '华东'],
    ['西区道路改造', 'infra', 300000, '华南'],
    ['财务系统升级', 'it', 80000, '总部'],
    ['机密数据中心', 'it', 900000, '保密'],
  ];
  for (const enCode of Object.values(designs).map((d) => d.enCode))
    for (const [projectName, kind, budget, region] of rows)
      await record(enCode, { projectName, category: items[kind], budget, owner: '张工', region });
  // (a record without a region is not "not 保密" either: the scheme lets through only those with another region)
  const parent = await record(designs.levels.enCode, {
    projectName: '智慧园区',
    category: items.it,
    budget: 500000,
    region: '华东',
  });
  await record(designs.levels.enCode, {
    projectName: '园区网络',
    parentProject: parent,
    budget: 120000,
    region: '华东',
  });
  await record(designs.levels.enCode, { projectName: '园区安防', parentProject: parent, region: '保密' });

  // the staff member: the four menus, edit on them; on the tree list a scheme hiding the 保密 region
  const admin = await api.ok<{ menuList: MenuNode[] }>('GET', '/api/oauth/CurrentUser');
  const menus = Object.values(designs).map((d) =>
    findMenu(admin.menuList, (m) => m.urlAddress === `model/${d.enCode}`)!,
  );
  // on the left-tree list and the tree table a scheme hides the 保密 region
  const schemeIds: string[] = [];
  for (const menu of [menus[0]!, menus[2]!]) {
    const fields = await api.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/system/ModuleDataAuthorize/${menu.id}/List`,
    );
    const regionField = fields.list.find((f) => f.enCode === 'region')!;
    schemeIds.push(
      await api.ok<string>('POST', '/api/system/ModuleDataAuthorizeScheme', {
        moduleId: menu.id,
        fullName: `非保密${stamp}`,
        enCode: `open${stamp}${schemeIds.length}`,
        matchLogic: 'and',
        conditionJson: [{ logic: 'and', groups: [{ id: regionField.id, field: 'region', op: '<>', value: '保密' }] }],
      }),
    );
  }
  const buttons: string[] = [];
  for (const menu of menus) {
    const { list } = await api.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/system/ModuleButton/${menu.id}/List`,
    );
    buttons.push(...list.filter((b) => ['btn_edit', 'btn_add'].includes(b.enCode)).map((b) => b.id));
  }
  const organizes = await api.ok<{ list: { id: string }[] }>('GET', '/api/permission/Organize');
  const account = `planner${stamp}`;
  const userId = await api.ok<string>('POST', '/api/permission/Users', {
    account,
    realName: `计划员${stamp}`,
    organizeId: organizes.list[0]!.id,
    gender: 1,
  });
  await api.ok('PUT', `/api/permission/Authority/Data/${userId}`, {
    objectType: 'User',
    systemIds: [systemId],
    module: menus.map((m) => m.id),
    button: buttons,
    resource: schemeIds,
  });
  await resetPassword(api, userId, PASSWORD);
  staffToken = await signIn(baseUrl, account, PASSWORD);
});

const bodyRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** the place of the row holding this text (kept while the row's cells turn into inputs) */
async function rowIndex(page: Page, text: string): Promise<number> {
  await bodyRows(page).filter({ hasText: text }).first().waitFor();
  const texts = await bodyRows(page).allTextContents();
  return texts.findIndex((t) => t.includes(text));
}

/**
 * Every data cell can be seen whole: scrolled fully left none lies under a column fixed on the left, scrolled
 * fully right none lies under a column fixed on the right (between, the table scrolls them past).
 */
async function expectNoCellUnderFixed(page: Page) {
  const hidden = await page.evaluate(() => {
    const row = document.querySelector('.ant-table-tbody tr.ant-table-row');
    const scroller = document.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!row || !scroller) return ['no table'];
    const cells = [...row.querySelectorAll<HTMLElement>('td')];
    const fixedOn = (c: HTMLElement, side: 'left' | 'right') =>
      new RegExp(`ant-table-cell-fix-(${side === 'left' ? 'left|start' : 'right|end'})`).test(c.className);
    const under = (side: 'left' | 'right') => {
      const fixed = cells.filter((c) => fixedOn(c, side)).map((c) => c.getBoundingClientRect());
      return cells
        .filter((c) => !fixedOn(c, 'left') && !fixedOn(c, 'right'))
        .filter((c) => {
          const box = c.getBoundingClientRect();
          return fixed.some((f) => box.left < f.right - 1 && box.right > f.left + 1);
        })
        .map((c) => `${side}: ${c.textContent ?? ''}`);
    };
    scroller.scrollLeft = 0;
    const left = under('left');
    scroller.scrollLeft = scroller.scrollWidth;
    const right = under('right');
    scroller.scrollLeft = 0;
    return [...left, ...right];
  });
  expect(hidden).toEqual([]);
}

describe('kinds of generated list', () => {
  it('a left-tree list: the restricted user chooses a category and sees its records within their scope', async () => {
    const page = await openAt(`/model/${designs.tree.enCode}`, { token: staffToken });
    const tree = page.locator('aside');
    await tree.getByText('项目类别').waitFor();
    await bodyRows(page).first().waitFor();
    // the scheme hides the 保密 record everywhere
    expect(await bodyRows(page).count()).toBe(3);
    expect(await page.getByText('机密数据中心').count()).toBe(0);
    await tree.getByText('信息化').click();
    await page.getByText('共 1 条').waitFor();
    expect(await bodyRows(page).first().textContent()).toContain('财务系统升级');
    await screenshot(page, 'list-tree-1440');
    await expectNoCellUnderFixed(page);
    await tree.getByText('基础设施').click();
    await page.getByText('共 2 条').waitFor();
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'list-tree-800');
    await expectNoCellUnderFixed(page);
    await page.close();
  });

  it('an editable list saves a row edited in place and shows a refusal on its cell', async () => {
    const page = await openAt(`/model/${designs.edit.enCode}`, { token: staffToken });
    const row = bodyRows(page).nth(await rowIndex(page, '西区道路改造'));
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const name = row.locator('input').first();
    await name.fill('');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    // the form's rule (the name is required) refuses before any call; then a good row saves
    await page.getByRole('tooltip').filter({ hasText: '项目名称' }).first().waitFor();
    await screenshot(page, 'list-edit-1440');
    await name.fill('西区道路改造二期');
    await row.locator('.ant-input-number input').fill('350000');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expectToast(page, '修改成功');
    await row.getByText('350000').waitFor();
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'list-edit-800');
    await page.close();
  });

  it('a tree table opens a record to its children; a grouped list heads its groups', async () => {
    const page = await openAt(`/model/${designs.levels.enCode}`, { token: staffToken });
    const parent = bodyRows(page).filter({ hasText: '智慧园区' });
    await parent.locator('.ant-table-row-expand-icon').click();
    await page.getByText('园区网络').waitFor();
    // the scheme holds the child levels too (the top level's 机密数据中心 and the child 园区安防)
    expect(await page.getByText('园区安防').count()).toBe(0);
    expect(await page.getByText('机密数据中心').count()).toBe(0);
    await screenshot(page, 'list-levels-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'list-levels-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/model/${designs.groups.enCode}`);
    await page.getByText('信息化（2）').waitFor();
    await page.getByText('基础设施（2）').waitFor();
    await screenshot(page, 'list-groups-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'list-groups-800');
    await page.close();
  });

  it('the designer shows the kind of list and its settings', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token });
    const row = page.locator('.ant-table-row').filter({ hasText: designs.tree.enCode });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const designer = page.getByRole('dialog').filter({ hasText: '列表设计' });
    await designer.getByText('列表设计', { exact: true }).click();
    await designer.getByRole('radio', { name: '左侧树形+普通表格' }).waitFor();
    expect(await designer.getByRole('radio', { name: '左侧树形+普通表格' }).isChecked()).toBe(true);
    await designer.getByText('关联字段').waitFor();
    await screenshot(page, 'list-designer-1440');
    await page.setViewportSize({ width: 800, height: 900 });
    await screenshot(page, 'list-designer-800');
    await page.close();
  });
});
