// Test helpers of the list frame (used by *.test.tsx only): how a rendered list lays out its columns.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** the widths of the table's columns (NaN for one without a width) and the table's own scroll width */
export function columnWidths(container: HTMLElement) {
  const table = container.querySelector('.ant-table-content table') as HTMLTableElement;
  const cols = [...table.querySelectorAll('colgroup col')].map((col) => parseInt((col as HTMLElement).style.width));
  return { table: parseInt(table.style.width), cols };
}

/**
 * the reference's list layout: 序号 first, a narrow 操作 column last (编辑 删除 更多), and a table as wide as its
 * columns so that none is squeezed under the fixed ones and the rest scroll sideways
 */
export function expectListLayout(container: HTMLElement) {
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  expect(headers[0]).toBe('序号');
  expect(headers.at(-1)).toBe('操作');
  const { table, cols } = columnWidths(container);
  expect(cols.at(-1)).toBeLessThanOrEqual(160);
  expect(table).toBeGreaterThanOrEqual(cols.filter((width) => width > 0).reduce((sum, width) => sum + width, 0));
}
