// The table columns of a function's list (columnList): label, alignment, fixed side, width, and the sort the
// list is in; values are the display texts the server sent. Shared by the runtime list and the public list.
import type { ColumnItem } from '@jnpf/core';
import type { TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { displayText } from '../../widgets/values';
import type { ModelRow } from './api';

export function dataColumns(
  columns: readonly ColumnItem[],
  sidx: string,
  sort: 'asc' | 'desc',
): TableColumnsType<ModelRow> {
  return columns.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: column.label,
    align: column.align,
    fixed: column.fixed === 'left' || column.fixed === 'right' ? column.fixed : undefined,
    width: typeof column.width === 'number' && column.width > 0 ? column.width : undefined,
    ellipsis: true,
    sorter: Boolean(column.sortable),
    sortOrder: (column.sortable && sidx === column.prop ? (sort === 'asc' ? 'ascend' : 'descend') : null) as SortOrder,
    render: (value: unknown) => displayText(value),
  }));
}
