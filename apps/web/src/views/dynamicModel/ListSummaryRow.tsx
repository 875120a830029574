// The 合计 row under a generated list (columnData.showSummary): one cell per data column in the order the header
// shows them (core listSummary gives the totals, over the records of the page), the word 合计 at its start.
// Shared by the signed-in list and the public list of a link.
import {
  listSummary,
  thousandsColumns,
  type ColumnItem,
  type ListSummaryOptions,
  type SummaryColumnInfo,
} from '@jnpf/core';
import { Table, type TableProps } from 'antd';
import { texts } from './texts';

/** the shown columns as the summary and the thousands separators see them (a masked field is never summed) */
export function summaryColumnsOf(
  shown: readonly ColumnItem[],
  masked: ReadonlySet<string> = new Set(),
): SummaryColumnInfo[] {
  return shown.map((c) => ({ prop: c.prop, jnpfKey: c.jnpfKey, masked: masked.has(c.prop) }));
}

/** the props of the shown number columns with thousands separators */
export const thousandsOf = (shown: readonly ColumnItem[], options: ListSummaryOptions): Set<string> =>
  thousandsColumns(summaryColumnsOf(shown), options);

/**
 * A table's `summary`: the 合计 row over `records` when the design asks for one (showSummary), else none.
 * `order` is the data columns' props as the header shows them (headerColumns).
 */
export function summaryOf<T>({
  options,
  records,
  shown,
  masked,
  order,
  selection = false,
  actions = false,
}: {
  options: ListSummaryOptions;
  records: readonly Readonly<Record<string, unknown>>[];
  shown: readonly ColumnItem[];
  masked?: ReadonlySet<string>;
  order: readonly string[];
  selection?: boolean;
  actions?: boolean;
}): TableProps<T>['summary'] {
  if (options.showSummary !== true) return undefined;
  const sums = listSummary(records, summaryColumnsOf(shown, masked), options);
  const aligns = new Map(shown.map((c) => [c.prop, c.align]));
  return () => <ListSummaryRow order={order} sums={sums} aligns={aligns} selection={selection} actions={actions} />;
}

export function ListSummaryRow({
  order,
  sums,
  aligns,
  selection,
  actions,
}: {
  /** the data columns' props left to right */
  order: readonly string[];
  /** prop → total text; a column without an entry has no total */
  sums: Readonly<Record<string, string>>;
  aligns: ReadonlyMap<string, 'left' | 'center' | 'right' | undefined>;
  /** a selection column comes first */
  selection: boolean;
  /** a column of row buttons comes last */
  actions: boolean;
}) {
  const t = texts.useText();
  const lead = selection ? 1 : 0;
  // the word 合计 takes the selection cell and the first column when that has no total (the selection cell alone
  // is too narrow for it)
  const firstFree = order.length > 0 && sums[order[0]!] === undefined;
  const span = lead + (firstFree ? 1 : 0);
  const from = firstFree ? 1 : 0;
  return (
    <Table.Summary.Row className="model-list-summary">
      {span > 0 && (
        <Table.Summary.Cell index={0} colSpan={span}>
          {t('summary')}
        </Table.Summary.Cell>
      )}
      {order.slice(from).map((prop, i) => (
        <Table.Summary.Cell key={prop} index={lead + from + i} align={aligns.get(prop)}>
          {sums[prop] ?? ''}
        </Table.Summary.Cell>
      ))}
      {actions && <Table.Summary.Cell index={lead + order.length} />}
    </Table.Summary.Row>
  );
}
