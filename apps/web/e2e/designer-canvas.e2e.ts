// The designer's canvas follows its own width: two half-width fields (span 12) sit side by side on a wide
// canvas, and each takes the whole row once the canvas is narrow (an 800 px window, the palette and the property
// panel beside it), rather than keeping a few characters beside its label. The design also holds a calculated
// column in a sub-table: the sub-table's columns sit side by side on a wide canvas and one under the other on a
// narrow one, each inside the sub-table (none cut at the canvas's edge, no sideways scroll). Screenshots at 1440
// and 800 px go to test-results/screenshots/designer-canvas-*.png.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type Api } from './support/api';
import { screenshot } from './support/browser';
import { browserTestFile } from './support/suite';

const { baseUrl, openAt } = browserTestFile();
const stamp = Date.now().toString(36).slice(-5);
const CODE = `canvas${stamp}`;
let api: Api;

let formId = 100;
const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}) => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  formId += 1;
  return {
    __config__: { jnpfKey, label, formId, renderKey: formId, span: 24, ...config },
    __vModel__: vModel,
    ...props,
  };
};

beforeAll(async () => {
  api = await adminApi(baseUrl);
  const categories = await api.ok<{ list: { id: string }[] }>('GET', '/api/system/DictionaryData/webDesign');
  const fields = [
    field('input', 'customer', '客户名称', { config: { span: 12 } }),
    field('input', 'contact', '联系电话', { config: { span: 12 } }),
    field('table', 'lines', '订单明细', {
      config: {
        children: [
          field('inputNumber', 'qty', '数量'),
          field('calculate', 'doubled', '双倍数量', {
            expression: [{ __vModel__: 'lines.qty', label: '订单明细.数量' }, '×', '2'],
            precision: 0,
          }),
          field('input', 'memo', '备注'),
        ],
      },
    }),
  ];
  await api.ok('POST', '/api/visualdev/Base', {
    fullName: `画布${stamp}`,
    enCode: CODE,
    type: 1,
    webType: 1,
    category: categories.list[0]!.id,
    description: '',
    sortCode: 0,
    formData: JSON.stringify({ labelPosition: 'right', labelWidth: 100, gutter: 15, fields }),
    columnData: '',
  });
});

/** opens the design in the designer at this window width */
async function designer(width: number): Promise<Page> {
  const page = await openAt('/onlineDev/webDesign', { token: api.token, width });
  const row = page.locator('.ant-table-row').filter({ hasText: CODE });
  await row.waitFor();
  await row.getByRole('button', { name: /编\s*辑/ }).click();
  await page.getByRole('treeitem', { name: '联系电话' }).waitFor();
  return page;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * the boxes of the named canvas items, read in one go once two reads a frame apart agree: the panes beside the
 * canvas arrive lazily and may still move it, and boxes read one after the other could straddle that move
 */
async function boxesOf(page: Page, names: string[]): Promise<Box[]> {
  const read = () =>
    page.evaluate((labels) => {
      const boxes = labels.map((label) => {
        const r = document.querySelector(`[role="treeitem"][aria-label="${label}"]`)!.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      });
      return new Promise<typeof boxes>((resolve) => requestAnimationFrame(() => resolve(boxes)));
    }, names);
  let last = await read();
  for (let i = 0; i < 50; i += 1) {
    await page.waitForTimeout(100);
    const next = await read();
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

describe('designer canvas', () => {
  it('keeps half-width fields side by side on a wide canvas', async () => {
    const page = await designer(1440);
    const [a, b] = (await boxesOf(page, ['客户名称', '联系电话'])) as [Box, Box];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    await page.getByRole('treeitem', { name: '双倍数量' }).waitFor();
    const [qty, doubled, memo] = (await boxesOf(page, ['数量', '双倍数量', '备注'])) as [Box, Box, Box];
    expect(Math.abs(qty.y - doubled.y)).toBeLessThan(2);
    expect(Math.abs(qty.y - memo.y)).toBeLessThan(2);
    await screenshot(page, 'designer-canvas-1440');
    await page.context().close();
  });

  it('gives each field the whole row on a narrow canvas', async () => {
    const page = await designer(800);
    const [a, b, table] = (await boxesOf(page, ['客户名称', '联系电话', '订单明细'])) as [Box, Box, Box];
    // one below the other, each as wide as the sub-table (the whole row)
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    expect(Math.abs(a.width - table.width)).toBeLessThan(4);
    expect(Math.abs(b.width - table.width)).toBeLessThan(4);
    // the sub-table's columns: each wholly inside the sub-table, the second under the first, nothing to scroll
    const [qty, doubled, memo] = (await boxesOf(page, ['数量', '双倍数量', '备注'])) as [Box, Box, Box];
    for (const column of [qty, doubled, memo]) {
      expect(column.x).toBeGreaterThanOrEqual(table.x - 1);
      expect(column.x + column.width).toBeLessThanOrEqual(table.x + table.width + 1);
    }
    // (side by side while both fit their least width, else one under the other: never overlapping)
    expect(doubled.x >= qty.x + qty.width - 1 || doubled.y >= qty.y + qty.height - 1).toBe(true);
    // three columns do not fit side by side: the third goes on to the next line
    expect(memo.y).toBeGreaterThanOrEqual(qty.y + qty.height - 1);
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll('[role="treeitem"][aria-label="订单明细"] [role="group"]')].map(
        (group) => group.scrollWidth - group.clientWidth,
      ),
    );
    expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
    await screenshot(page, 'designer-canvas-800');
    await page.context().close();
  });
});
