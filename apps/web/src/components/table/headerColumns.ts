// The antd columns of a table's data columns under their complex headers (complexHeaderList), as core's
// arrangeColumns lays them out: a group at its first shown column, frozen columns outside, an empty group gone.
// The generated list and the form's sub-table both build their headers here.
import { arrangeColumns, complexHeadersOf, slotColumns, type ColumnItem } from '@jnpf/core';
import type { TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';

export interface HeaderLayout<T> {
  columns: TableColumnsType<T>;
  /** the data columns' props left to right, as their cells show (a summary row's cells follow it) */
  order: string[];
}

/**
 * The antd columns of the shown columns under their complex headers: `leaf` gives each column's own antd column; a
 * group becomes a parent column (its name, its alignment) over its columns.
 */
export function headerColumns<T, C extends { prop: string; fixed?: unknown } = ColumnItem>(
  shown: readonly C[],
  complexHeaderList: unknown,
  leaf: (column: C) => ColumnType<T>,
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
