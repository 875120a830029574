// The rows of a sub-table (jnpfKey "table"), pure: a new row from the columns' defaults, the check of each
// cell by the same rules the server applies (the first problem names its row, as the server's answer does),
// and the total row (the sum of each listed number column, two decimals, masked columns left out); the width its columns take side by side.
import {
  activeSubTableChooser,
  dataFields,
  isRangeSlider,
  isSubTableKey,
  SUB_TABLE_ROWS_MAX,
  subTableColumns,
  summaryRow,
  widgetMessage,
  type ChooserRelationOption,
  type FieldConfig,
} from '@jnpf/core';
import { currentLanguage } from '../platform/i18n';
import { outsideFollowedBounds, patternOf, valueRulesOf, type WidgetText } from './rules';
import { widgetTexts } from './texts';
import { defaultValueOf } from './defaults';
import { isEmptyValue, isMultiValued, type RecordValues } from './values';

export type Row = RecordValues;

/** a column's width when the design sets none: four columns and the row actions fit a 600 px dialog */
export const SUB_TABLE_COLUMN_WIDTH = 160;
/** the widths of the columns around the designed ones: selection, serial number, row actions */
export const SUB_TABLE_SELECTION_WIDTH = 48;
export const SUB_TABLE_SERIAL_WIDTH = 60;
export const SUB_TABLE_ACTIONS_WIDTH = 130;
/**
 * from how many rows the editable table mounts only the rows in view (antd's virtual table): a row holds a widget
 * per column, a checkbox and two buttons, and 200 of them took seconds to open the form (issue 17)
 */
export const SUB_TABLE_VIRTUAL_FROM = 30;
/** the height of a virtual table's rows area, px: about nine rows, its header and total row stay above and below */
export const SUB_TABLE_VIRTUAL_HEIGHT = 440;

/** a column's width: the design's columnWidth, else SUB_TABLE_COLUMN_WIDTH */
export function columnWidthOf(column: FieldConfig): number {
  const width = Number(column.__config__.columnWidth);
  return Number.isFinite(width) && width > 0 ? width : SUB_TABLE_COLUMN_WIDTH;
}

/** the width a sub-table's columns take side by side, px (`editable`: with the selection and actions columns) */
export function subTableWidth(field: FieldConfig, editable = true): number {
  const columns = subTableColumns(field).reduce((sum, column) => sum + columnWidthOf(column), 0);
  return SUB_TABLE_SERIAL_WIDTH + columns + (editable ? SUB_TABLE_SELECTION_WIDTH + SUB_TABLE_ACTIONS_WIDTH : 0) + 2;
}

/** the widest sub-table of a form's fields (containers looked into), px; 0 when it has none */
export function widestSubTable(fields: readonly FieldConfig[]): number {
  return Math.max(
    0,
    ...dataFields(fields)
      .filter((f) => isSubTableKey(f.__config__.jnpfKey))
      .map((f) => subTableWidth(f)),
  );
}

/** the rows of a value: a list of objects (anything else counts as no rows) */
export function rowsOf(value: unknown): Row[] {
  return Array.isArray(value) ? value.map((row) => (row && typeof row === 'object' ? (row as Row) : {})) : [];
}

/** a new row: each column's default */
export function newRow(columns: readonly FieldConfig[], now: number = Date.now()): Row {
  const row: Row = {};
  for (const column of columns) {
    const value = defaultValueOf(column, now);
    if (value !== undefined) row[column.__vModel__] = value;
  }
  return row;
}

/**
 * why one cell's value is not accepted, or null; `computed`: what a computed cell computes for its row (its
 * "required" tests that when the cell holds nothing yet)
 */
export function cellProblem(
  column: FieldConfig,
  value: unknown,
  t: WidgetText = widgetTexts.text,
  computed?: () => unknown,
): string | null {
  const config = column.__config__;
  const checks = valueRulesOf(column);
  const label = config.label ?? '';
  if (isEmptyValue(value)) {
    if (!config.required || checks.neverRequired) return null;
    return checks.computed && computed && !isEmptyValue(computed()) ? null : t('required', { label });
  }
  // the widget's own check, as the server makes it
  const own = checks.check?.(column, value);
  if (own && !own.ok) return widgetMessage(own.error, currentLanguage(), label);
  if (checks.text && typeof value === 'string') {
    if (typeof column.maxlength === 'number' && column.maxlength > 0 && [...value].length > column.maxlength)
      return t('maxLength', { label, max: column.maxlength });
    for (const rule of config.regList ?? []) {
      const pattern = patternOf(rule?.pattern);
      if (pattern && !pattern.test(value)) return rule.message || t('patternInvalid', { label });
    }
  }
  if (checks.cellBounds && typeof value === 'number') {
    if (typeof column.min === 'number' && value < column.min) return t('minValue', { label, min: column.min });
    if (typeof column.max === 'number' && value > column.max) return t('maxValue', { label, max: column.max });
  }
  if (isMultiValued(column) && !Array.isArray(value)) return t('patternInvalid', { label });
  return null;
}

export interface RowProblem {
  row: number;
  /** the column's __vModel__ ('' when the problem is the row's as a whole) */
  column: string;
  message: string;
}

/** the first row of these problems (undefined: none) */
export function firstRefusedRow(problems: readonly RowProblem[]): number | undefined {
  return problems.length ? Math.min(...problems.map((p) => p.row)) : undefined;
}

/** every cell that is not accepted (row index and column __vModel__) */
export function cellProblems(
  field: FieldConfig,
  rows: readonly Row[],
  t: WidgetText = widgetTexts.text,
  values: Readonly<Record<string, unknown>> = {},
): RowProblem[] {
  const columns = subTableColumns(field);
  const out: RowProblem[] = [];
  const now = Date.now();
  rows.forEach((row, index) => {
    for (const column of columns) {
      const { computed } = valueRulesOf(column);
      const compute = computed && (() => computed(column, { [field.__vModel__]: rows }, index));
      const value = row[column.__vModel__];
      // a date (time) after a cell of its row or a main field: the same check as the main form's
      const message =
        cellProblem(column, value, t, compute) ??
        (outsideFollowedBounds(column, value, { now, values, table: field.__vModel__, row })
          ? t('outOfBounds', { label: column.__config__.label ?? '' })
          : null);
      if (message) out.push({ row: index, column: column.__vModel__, message });
    }
  });
  return out;
}

/** the sub-table's first problem as one message naming its row, or null */
export function rowsProblem(
  field: FieldConfig,
  value: unknown,
  t: WidgetText = widgetTexts.text,
  values: Readonly<Record<string, unknown>> = {},
): string | null {
  const label = field.__config__.label ?? '';
  const rows = rowsOf(value);
  if (rows.length > SUB_TABLE_ROWS_MAX) return t('subTableTooMany', { label, max: SUB_TABLE_ROWS_MAX });
  const first = cellProblems(field, rows, t, values)[0];
  return first ? t('subTableRowIssue', { label, row: first.row + 1, detail: first.message }) : null;
}

/**
 * The total of each summed column (summaryField), by __vModel__: two decimals, with thousands separators when the
 * column shows them; '' when no value of the column is a number. A masked input column (useMask) is never summed:
 * its total would give away what the mask hides (core summaryRow).
 */
export function totals(field: FieldConfig, rows: readonly Row[]): Record<string, string> {
  const summed = Array.isArray(field.__config__.summaryField) ? field.__config__.summaryField : [];
  const columns = subTableColumns(field)
    // a range slider's pairs add up to nothing meaningful
    .filter((column) => !isRangeSlider(column))
    .map((column) => ({
      vModel: column.__vModel__,
      useMask: column.useMask === true,
      thousands: column.thousands === true,
    }));
  return summaryRow(rows, columns, summed);
}

/** a row or footer button of the table as the design lists it (columnBtnsList, footerBtnsList) */
export interface TableButton {
  value: string;
  /** the design's text; '' for the default text */
  label: string;
  show: boolean;
}

const buttonsOf = (list: unknown, known: readonly string[]): TableButton[] => {
  const listed = Array.isArray(list)
    ? list.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object' && typeof b.value === 'string')
    : [];
  // a design without the list (made before it) shows every button with its default text
  if (!listed.length) return known.map((value) => ({ value, label: '', show: true }));
  return known.map((value) => {
    const entry = listed.find((b) => b.value === value);
    return {
      value,
      label: typeof entry?.label === 'string' ? entry.label.trim() : '',
      show: entry ? entry.show !== false : value === 'selectData',
    };
  });
};

/** the row buttons: copy and remove, each shown unless the design hides it */
export function rowButtons(field: FieldConfig): TableButton[] {
  return buttonsOf(field.columnBtnsList, ['copy', 'remove']);
}

/**
 * the footer buttons: add (its text also the older actionText), select data (only when the design chooses rows
 * from a data source: addType 1 with a chooser) and batch remove
 */
export function footerButtons(field: FieldConfig): TableButton[] {
  const buttons = buttonsOf(field.footerBtnsList, ['add', 'selectData', 'batchRemove']);
  const chooser = activeSubTableChooser(field);
  return buttons.map((button) => {
    if (button.value === 'add' && !button.label && typeof field.actionText === 'string')
      return { ...button, label: field.actionText.trim() };
    if (button.value === 'selectData') return { ...button, show: chooser !== null };
    return button;
  });
}

/**
 * one new row per chosen record, in the order chosen: each column's default, then what the mapping gives it (a
 * column the mapping does not name, or a record without the mapped column, keeps its default)
 */
export function rowsFromChosen(
  columns: readonly FieldConfig[],
  chosen: readonly Readonly<Record<string, unknown>>[],
  options: readonly ChooserRelationOption[],
  now: number = Date.now(),
): Row[] {
  const known = new Set(columns.map((c) => c.__vModel__));
  return chosen.map((record) => {
    const row = newRow(columns, now);
    for (const option of options) {
      if (!known.has(option.field)) continue;
      if (option.type === 2) row[option.field] = option.value;
      else if (option.value && record[option.value] !== undefined) row[option.field] = record[option.value];
    }
    return row;
  });
}

/** a column's alignment (tableAlign) and freezing (tableFixed) in the table */
export function columnPlacement(column: FieldConfig): { align: 'left' | 'center' | 'right'; fixed?: 'left' | 'right' } {
  const { tableAlign, tableFixed } = column.__config__;
  const align = tableAlign === 'center' || tableAlign === 'right' ? tableAlign : 'left';
  return tableFixed === 'left' || tableFixed === 'right' ? { align, fixed: tableFixed } : { align };
}
