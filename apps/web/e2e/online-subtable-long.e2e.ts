// A record whose sub-table holds 60 rows, edited in a real browser (issue 17): the table mounts only the rows in
// its view (antd's virtual table) with its header, fixed actions column and total row in place; Tab goes on from
// the last row in view to the next, Shift+Tab back from the first row in the page to the one before; a required cell emptied in row 50 blocks the submit, and the refused row is
// scrolled into view with its mark; a row added is scrolled to. Screenshots at 1440 and 800 px: test-results/screenshots/online-subtable-long-*.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminToken, type Api } from './support/api';
import { screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const ROWS = 60;
let api: Api;
let designId: string;

const config = (jnpfKey: string, label: string, formId: number, extra: Record<string, unknown> = {}) => ({
  jnpfKey,
  label,
  formId,
  renderKey: formId,
  regList: [],
  ...extra,
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
          { __config__: config('input', '品名', 3, { required: true }), __vModel__: 'name', placeholder: '品名' },
          { __config__: config('inputNumber', '数量', 4), __vModel__: 'qty', placeholder: '数量' },
          {
            __config__: config('select', '规格', 5, { dataType: 'static' }),
            __vModel__: 'spec',
            options: [
              { fullName: '大', id: 'l' },
              { fullName: '小', id: 's' },
            ],
            props: { label: 'fullName', value: 'id' },
          },
          { __config__: config('input', '备注', 6), __vModel__: 'remark', placeholder: '备注' },
        ],
        showSummary: true,
        summaryField: ['qty'],
      },
      __vModel__: 'items',
    },
  ],
};
const columnData = {
  type: 1,
  columnList: [{ label: '单号', prop: 'code', jnpfKey: 'input' }],
  searchList: [],
  btnsList: [{ value: 'add', label: '新建' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }],
  hasPage: true,
  pageSize: 20,
};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  const stamp = Date.now().toString(36);
  designId = await api.ok<string>('POST', '/api/visualdev/Base', {
    fullName: `长子表${stamp}`,
    enCode: `longsub${stamp}`,
    type: 1,
    webType: 2,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify(formData),
    columnData: JSON.stringify(columnData),
  });
  const items = Array.from({ length: ROWS }, (_, i) => ({ name: `件${i + 1}`, qty: 1, spec: 'l', remark: '' }));
  await api.ok('POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify({ code: 'D-1', items }) });
});

/** the edit form of the record, at this width */
async function openEdit(width: number): Promise<{ page: Page; table: Locator }> {
  const page = await openAt(`/previewModel?id=${designId}`, { token: adminToken(), width, height: 900 });
  await page
    .getByRole('button', { name: /编\s*辑/ })
    .first()
    .click();
  const table = page.getByRole('group', { name: '明细' });
  await table.locator('input[id$="_0_name"]').waitFor();
  return { page, table };
}

/** the rows area scrolled by the wheel until `cell` is in the page */
async function wheelTo(page: Page, table: Locator, cell: Locator, dy: number): Promise<void> {
  await table.locator('.ant-table-tbody-virtual-holder').hover();
  for (let i = 0; i < 40 && !(await cell.count()); i++) await page.mouse.wheel(0, dy);
  await cell.waitFor();
}

describe('a sub-table with many rows', () => {
  it('mounts the rows in view, goes on with Tab, and shows the refused row of a submit', async () => {
    const { page, table } = await openEdit(1440);
    const mounted = await table.locator('.ant-table-row').count();
    expect(mounted).toBeGreaterThan(3);
    expect(mounted).toBeLessThan(20);
    // the total counts every row
    await table.getByText(`${ROWS}.00`).waitFor();
    await screenshot(page, 'online-subtable-long-1440');

    // Tab from the last row in view's last cell goes on into the next row's cells
    const rowKeys = await table.locator('.ant-table-row').evaluateAll((rows) => rows.length);
    const lastInView = rowKeys - 2;
    await table.locator(`input[id$="_${lastInView}_remark"]`).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toMatch(new RegExp(`_${lastInView + 1}_(name|qty|spec)$`));

    // row 50 emptied, back to the top, then submit: refused, and row 50 shown with its mark
    const name50 = table.locator('input[id$="_49_name"]');
    await wheelTo(page, table, name50, 600);
    // Shift+Tab from the first row in the page goes back into the row before it, scrolled to
    const first = table.locator('.ant-table-row').first();
    const serial = Number(await first.locator('.ant-table-cell').nth(1).innerText());
    expect(serial).toBeGreaterThan(1);
    await first.locator('input[type="checkbox"]').focus();
    await page.keyboard.press('Shift+Tab');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('.ant-table-row')?.querySelectorAll('.ant-table-cell')[1]?.textContent,
        ),
      )
      .toBe(String(serial - 1));
    await wheelTo(page, table, name50, 600);
    await name50.fill('');
    await wheelTo(page, table, table.locator('input[id$="_0_name"]'), -600);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('明细第50行：品名不能为空').waitFor();
    await table.locator('[title="品名不能为空"]').locator('input[id$="_49_name"]').waitFor();
    await screenshot(page, 'online-subtable-long-refused-1440');
    await name50.fill('件50');
    await page.getByText('明细第50行：品名不能为空').waitFor({ state: 'detached' });
    // a row added at the end is scrolled to
    await table.getByRole('button', { name: /添\s*加/ }).click();
    await table.locator(`input[id$="_${ROWS}_name"]`).waitFor();
    await table.getByText(`${ROWS + 1}`, { exact: true }).waitFor();
    await page.context().close();
  });

  it('fits 800 px: the columns scroll sideways under their header, the actions column stays', async () => {
    const { page, table } = await openEdit(800);
    await table.getByText(`${ROWS}.00`).waitFor();
    await screenshot(page, 'online-subtable-long-800');
    // scrolled sideways: the last column's cells stay under its header, the actions column at the right edge
    await table.locator('.ant-table-tbody-virtual-holder').hover();
    await page.mouse.wheel(400, 0);
    const left = async (cell: Locator) => (await cell.boundingBox())!.x;
    const header = table.getByRole('columnheader', { name: '备注' });
    const firstRemark = table.locator('.ant-table-cell').filter({ has: page.locator('input[id$="_0_remark"]') });
    await expect.poll(async () => Math.abs((await left(header)) - (await left(firstRemark)))).toBeLessThan(2);
    const right = async (box: Locator) => {
      const b = (await box.boundingBox())!;
      return b.x + b.width;
    };
    const actions = table.getByRole('columnheader', { name: '操作' });
    expect(Math.abs((await right(actions)) - (await right(table.locator('.ant-table')))) < 3).toBe(true);
    await screenshot(page, 'online-subtable-long-800-scrolled');
    await page.context().close();
  });
});
