// The table's header and summary of a generated list, pure: the data columns placed under their complex headers
// (columnData.complexHeaderList, as core's arrangeColumns lays them out: a group at its first shown column, frozen
// columns outside, columns hidden by column permission out of their group and an empty group gone), and the
// records of a page the summary row sums.
import { arrangeColumns, complexHeadersOf, slotColumns, type ColumnItem } from '@jnpf/core';
import type { TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';

export interface HeaderLayout<T> {
  columns: TableColumnsType<T>;
  /** the data columns' props left to right, as their cells show (a summary row's cells follow it) */
  order: string[];
}

/**
 * The antd columns of the shown list columns under their complex headers: `leaf` gives each column's own antd
 * column; a group becomes a parent column (its name, its alignment) over its columns.
 */
export function headerColumns<T>(
  shown: readonly ColumnItem[],
  complexHeaderList: unknown,
  leaf: (column: ColumnItem) => ColumnType<T>,
): HeaderLayout<T> {
  const slots = arrangeColumns(shown, complexHeadersOf(complexHeaderList));
  const columns: TableColumnsType<T> = slots.map((slot) =>
    slot.header
      ? {
          key: `header:${slot.header.id}`,
          title: slot.header.fullName,
          align: slot.header.align ?? 'center',
          children: slot.columns.map(leaf),
        }
      : leaf(slot.column),
  );
  return { columns, order: slotColumns(slots).map((column) => column.prop) };
}

interface PageRow {
  top?: unknown;
  children?: unknown;
  [key: string]: unknown;
}

/**
 * The records of a page the summary sums: the rows of the page (the reference sums the page shown, not every
 * record the search finds), the rows under each group of a grouped list, and in a tree table every level read so
 * far (children not opened yet are not counted). `skip`: rows that stand for no record (a level still loading).
 */
export function pageRecords<R extends PageRow>(rows: readonly R[], skip: (row: R) => boolean = () => false): R[] {
  const out: R[] = [];
  const visit = (list: readonly R[]) => {
    for (const row of list) {
      if (skip(row)) continue;
      if (row.top !== true) out.push(row);
      if (Array.isArray(row.children)) visit(row.children as R[]);
    }
  };
  visit(rows);
  return out;
}
