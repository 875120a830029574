// A design travels between two instances in a real browser. On this file's server the administrator exports a
// design whose select reads a dictionary of its own; importing the file back is refused as a duplicate, and taken
// as a copy when asked. A fresh instance started by this test refuses the file, naming the missing dictionary;
// once a dictionary of the same code exists there, the import succeeds, the select points at that instance's
// dictionary, and the designer opens the imported design. Screenshots go to test-results/screenshots/travel-*.png.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, Api } from './support/api';
import { dialogWith, expectToast, openInShell, rowMoreAction, screenshot } from './support/browser';
import { startServer, type Running } from './support/globalSetup';
import { browserTestFile } from './support/suite';

const { baseUrl, browser, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const NAME = `设备巡检${stamp}`;
const CODE = `inspect${stamp}`;
const DICT_CODE = `inspectKind${stamp}`;
const DICT_NAME = `巡检类别${stamp}`;
let api: Api;
let fresh: Running | undefined;

/** creates a flat dictionary category with two items; returns its id */
async function dictionary(on: Api): Promise<string> {
  await on.ok('POST', '/api/system/DictionaryType', {
    parentId: '0',
    fullName: DICT_NAME,
    enCode: DICT_CODE,
    isTree: 0,
    sortCode: 0,
  });
  const types = await on.ok<{ list: { id: string; enCode?: string; children?: { id: string; enCode?: string }[] }[] }>(
    'GET',
    '/api/system/DictionaryType',
  );
  const typeId = types.list.flatMap((root) => root.children ?? []).find((t) => t.enCode === DICT_CODE)!.id;
  for (const [fullName, enCode] of [
    ['日常巡检', 'daily'],
    ['专项巡检', 'special'],
  ])
    await on.ok('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: '0', fullName, enCode });
  return typeId;
}

const formData = (typeId: string) => ({
  labelWidth: 100,
  popupType: 'general',
  idGlobal: 3,
  fields: [
    {
      __config__: { jnpfKey: 'input', label: '设备名称', span: 24, required: true, formId: 1, regList: [] },
      __vModel__: 'deviceName',
      maxlength: 50,
    },
    {
      __config__: {
        jnpfKey: 'select',
        label: '巡检类别',
        span: 12,
        dataType: 'dictionary',
        dictionaryType: typeId,
        formId: 2,
        regList: [],
      },
      __vModel__: 'kind',
      props: { label: 'fullName', value: 'enCode' },
    },
  ],
});

const columnData = {
  type: 1,
  columnList: [
    { label: '设备名称', prop: 'deviceName', jnpfKey: 'input', sortable: true },
    { label: '巡检类别', prop: 'kind', jnpfKey: 'select' },
  ],
  searchList: [{ label: '设备名称', prop: 'deviceName', jnpfKey: 'input', searchType: 2, isKeyword: true }],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

/** the function-design list narrowed to this test's designs */
async function designList(page: Page): Promise<void> {
  await page.getByPlaceholder('请输入关键词查询').fill(stamp);
  await page.getByPlaceholder('请输入关键词查询').press('Enter');
}

/** uploads the file in the import dialog with the chosen duplicate handling */
async function importThrough(
  page: Page,
  file: { name: string; buffer: Buffer },
  mode: '不导入，提示重复' | '导入为副本',
) {
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = dialogWith(page, '导入功能');
  await dialog.getByText(mode, { exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ ...file, mimeType: 'application/json' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  return dialog;
}

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const typeId = await dictionary(api);
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: NAME,
    enCode: CODE,
    type: 1,
    webType: 2,
    category: categories.list[0]!.id,
    description: '巡检记录',
    sortCode: 0,
    formData: JSON.stringify(formData(typeId)),
    columnData: JSON.stringify(columnData),
  });
});

afterAll(async () => {
  await fresh?.stop();
});

describe('designs travel', () => {
  it('exports a design, refuses it in use here, and imports it into a fresh instance', async () => {
    const page = await openAt('/onlineDev/webDesign', { token: api.token });
    await designList(page);
    const row = page.locator('.ant-table-row').filter({ hasText: CODE });
    await row.waitFor();

    // 导出 asks first, then downloads the design file with the dictionary it reads
    const downloading = page.waitForEvent('download');
    await rowMoreAction(page, row, '导出');
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '导出该功能的设计文件' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${NAME}_\\d{14}\\.json$`));
    const buffer = fs.readFileSync((await download.path())!);
    const file = { name: download.suggestedFilename(), buffer };
    const doc = JSON.parse(buffer.toString('utf8')) as { enCode: string; dictionaries: { enCode: string }[] };
    expect(doc.enCode).toBe(CODE);
    expect(doc.dictionaries.map((d) => d.enCode)).toContain(DICT_CODE);

    // back into the same instance: refused as in use, then taken as a copy
    const refused = await importThrough(page, file, '不导入，提示重复');
    await expectToast(page, '已存在相同功能');
    await refused.getByRole('button', { name: /取\s*消/ }).click();
    await importThrough(page, file, '导入为副本');
    await expectToast(page, '导入成功');
    await page
      .locator('.ant-table-row')
      .filter({ hasText: `${NAME}.副本` })
      .waitFor();
    await screenshot(page, 'travel-copy-1440');
    await page.context().close();

    // a fresh instance lacks the dictionary: refused, naming it
    fresh = await startServer(90);
    const other = new Api(fresh.server.baseUrl, fresh.server.adminToken);
    const there = await openInShell(browser(), fresh.server.baseUrl, '/onlineDev/webDesign', {
      token: fresh.server.adminToken,
    });
    const missing = await importThrough(there, file, '不导入，提示重复');
    await expectToast(there, `导入失败，缺少数据字典：${DICT_NAME}(${DICT_CODE})`);
    await screenshot(there, 'travel-missing-1440');
    await missing.getByRole('button', { name: /取\s*消/ }).click();

    // with a dictionary of the same code there, the design imports as it was, reading that dictionary
    const otherTypeId = await dictionary(other);
    await importThrough(there, file, '不导入，提示重复');
    await expectToast(there, '导入成功');
    await designList(there);
    const imported = there.locator('.ant-table-row').filter({ hasText: CODE });
    await imported.getByText(NAME, { exact: true }).waitFor();
    const listed = await other.ok<{ list: { id: string; enCode: string }[] }>(
      'GET',
      `/api/visualdev/Base?type=1&keyword=${CODE}`,
    );
    const info = await other.ok<{ formData: string; state: number }>(
      'GET',
      `/api/visualdev/Base/${listed.list.find((d) => d.enCode === CODE)!.id}`,
    );
    expect(info.state).toBe(0);
    expect(info.formData).toContain(`"dictionaryType":"${otherTypeId}"`);

    // the designer opens it with both fields on the canvas
    await imported.getByRole('button', { name: /编\s*辑/ }).click();
    const palette = there.getByRole('navigation', { name: '点击或拖动控件添加到表单' });
    await palette.waitFor();
    await there.getByRole('treeitem', { name: '设备名称' }).waitFor();
    await there.getByRole('treeitem', { name: '巡检类别' }).waitFor();
    await screenshot(there, 'travel-designer-1440');
    await there.setViewportSize({ width: 800, height: 900 });
    await screenshot(there, 'travel-designer-800');
    await there.context().close();
  });
});
