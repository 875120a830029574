// The table of a function's list: its columns (columnList: label, alignment, fixed side, width, and the sort
// the list is in; values are the display texts the server sent, number columns with thousands separators when
// the design asks: columnData.thousands and thousandsField) and the table state of a list (rows, loading,
// paging with its total, errors with a retry). Shared by the runtime list and the public list.
import { thousandsText, type ColumnItem } from '@jnpf/core';
import type { TableColumnsType, TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { LoadError } from '../../components/admin/states';
import type { SortOrder } from 'antd/es/table/interface';
import { widgetOf } from '../../widgets/registry';
import { displayText } from '../../widgets/values';
import type { ModelRow } from './api';
import type { useModelList } from './useModelList';

export function dataColumns(
  columns: readonly ColumnItem[],
  sidx: string,
  sort: 'asc' | 'desc',
  /** the props of the number columns shown with thousands separators */
  thousands: ReadonlySet<string> = new Set(),
): TableColumnsType<ModelRow> {
  return columns.map((column) => listColumn(column, sidx, sort, thousands.has(column.prop)));
}

/** the data columns by prop: the leaves headerColumns places under their complex headers */
export function dataColumnMap(...args: Parameters<typeof dataColumns>): Map<string, ColumnType<ModelRow>> {
  return new Map(dataColumns(...args).map((column) => [String(column.key), column as ColumnType<ModelRow>]));
}

/** one column: its widget's list cell shows the display text the server sent (by default the text itself) */
function listColumn(
  column: ColumnItem,
  sidx: string,
  sort: 'asc' | 'desc',
  thousands: boolean,
): TableColumnsType<ModelRow>[number] {
  const widgetCell = widgetOf(column.jnpfKey)?.listCell ?? displayText;
  const listCell = thousands ? (value: unknown) => widgetCell(thousandsText(value)) : widgetCell;
  return {
    key: column.prop,
    dataIndex: column.prop,
    title: column.label,
    align: column.align,
    fixed: column.fixed === 'left' || column.fixed === 'right' ? column.fixed : undefined,
    width: typeof column.width === 'number' && column.width > 0 ? column.width : undefined,
    ellipsis: true,
    sorter: Boolean(column.sortable),
    sortOrder: (column.sortable && sidx === column.prop ? (sort === 'asc' ? 'ascend' : 'descend') : null) as SortOrder,
    render: (value: unknown) => listCell(value),
  };
}

/** the rows, loading state, paging and empty or failed state of a list's table */
export function listTableProps(
  list: ReturnType<typeof useModelList>,
  texts: { total: (total: number) => string },
): TableProps<ModelRow> {
  return {
    rowKey: 'id',
    size: 'middle',
    dataSource: list.rows,
    loading: list.query.isFetching,
    pagination: list.pagination && { ...list.pagination, showTotal: texts.total },
    onChange: list.onChange,
    // empty: antd's illustrated state, as the administration lists show it
    locale: list.query.isError ? { emptyText: <LoadError onRetry={() => void list.query.refetch()} /> } : undefined,
    scroll: { x: 'max-content' },
  };
}
