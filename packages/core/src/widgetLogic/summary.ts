// The sub-table's summary row ("total"): the sum of a summary column, two decimals, thousands when the column
// uses them, empty when no cell holds a number. Masked input columns are never summed (§5).
import { formatNumberText, toNumeric } from './numbers.js';

export const SUMMARY_PRECISION = 2;

/** The summary text of one column over the rows; '' when no cell is numeric. */
export function summarizeColumn(
  rows: readonly unknown[],
  column: string,
  options: { thousands?: boolean } = {},
): string {
  let sum = 0;
  let counted = false;
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || !Object.hasOwn(row, column)) continue;
    const n = toNumeric((row as Record<string, unknown>)[column]);
    if (n === null) continue;
    sum += n;
    counted = true;
  }
  return counted ? formatNumberText(sum, { precision: SUMMARY_PRECISION, thousands: options.thousands ?? false }) : '';
}

export interface SummaryColumn {
  /** the column's field name */
  vModel: string;
  /** the column masks its input (useMask): its total would reveal what the mask hides */
  useMask?: boolean;
  thousands?: boolean;
}

/** The summary row: column → text, for the columns listed in summaryField that are not masked. */
export function summaryRow(
  rows: readonly unknown[],
  columns: readonly SummaryColumn[],
  summaryField: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const column of columns) {
    if (!summaryField.includes(column.vModel) || column.useMask) continue;
    out[column.vModel] = summarizeColumn(rows, column.vModel, { thousands: column.thousands ?? false });
  }
  return out;
}
