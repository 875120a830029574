// The summary row and the grouped (complex) headers of a generated list, pure, for the designer, the runtime
// table and the server's design checks alike:
// - columnData.showSummary with summaryField[]: a 合计 row summing the number columns named (inputNumber, amount,
//   calculate). Integer totals show as they are, others with two decimals; a masked column is never summed.
// - columnData.thousands with thousandsField[]: those number columns (their cells and their total) show thousands
//   separators.
// - columnData.complexHeaderList[{id, fullName, align, childColumns[]}]: the columns named sit under one parent
//   header. A frozen column stays outside every group; a group whose columns are all hidden disappears.
import { formatNumberText, groupThousands, parseThousands, roundTo, toNumeric } from './widgetLogic/numbers.js';

export interface ComplexHeader {
  id: string;
  fullName: string;
  align?: 'left' | 'center' | 'right';
  /** the props of the columns under this header */
  childColumns: string[];
}

/** the column kinds a total and thousands separators apply to: the number fields */
export const NUMBER_COLUMN_KEYS = ['inputNumber', 'amount', 'calculate'] as const;
export function isNumberColumnKey(key: unknown): boolean {
  return typeof key === 'string' && (NUMBER_COLUMN_KEYS as readonly string[]).includes(key);
}

/** the digits kept when a total's integrality is judged: 0.1 + 0.2 is 0.3, not 0.30000000000000004 */
const JUDGED_PLACES = 9;

/** A total as shown: an integer as it is, anything else with two decimals; thousands separators when asked. */
export function totalText(sum: number, thousands = false): string {
  const judged = roundTo(sum, JUDGED_PLACES);
  return Number.isInteger(judged)
    ? formatNumberText(judged, { precision: 0, thousands })
    : formatNumberText(sum, { precision: 2, thousands });
}

/**
 * A cell's value with thousands separators when it is a plain number (a number or numeric text); anything else
 * (already grouped text, words, empty) as it was.
 */
export function thousandsText(value: unknown): unknown {
  if (typeof value !== 'number' && typeof value !== 'string') return value;
  if (toNumeric(value) === null) return value;
  const text = typeof value === 'number' ? formatNumberText(value) : value.trim();
  return groupThousands(text);
}

export interface SummaryColumnInfo {
  prop: string;
  jnpfKey: string;
  /** the field masks its text (useMask): a total would give away what the mask hides */
  masked?: boolean;
}

export interface ListSummaryOptions {
  showSummary?: unknown;
  summaryField?: unknown;
  thousands?: unknown;
  thousandsField?: unknown;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** the number columns of the list that show thousands separators */
export function thousandsColumns(columns: readonly SummaryColumnInfo[], options: ListSummaryOptions): Set<string> {
  if (options.thousands !== true) return new Set();
  const named = new Set(stringList(options.thousandsField));
  return new Set(columns.filter((c) => named.has(c.prop) && isNumberColumnKey(c.jnpfKey)).map((c) => c.prop));
}

/** a row's number in a column: its raw value (`<prop>_id`) when that is a number, else its shown text */
function numberIn(row: Readonly<Record<string, unknown>>, prop: string): number | null {
  return toNumeric(row[`${prop}_id`]) ?? parseThousands(row[prop]);
}

/**
 * The summary row over the given rows: prop → total text, for the shown columns named in summaryField that are
 * number columns and not masked ('' when no row holds a number there). Empty when the summary is off. A column
 * not among `columns` (not granted to the user) never gets a total.
 */
export function listSummary(
  rows: readonly Readonly<Record<string, unknown>>[],
  columns: readonly SummaryColumnInfo[],
  options: ListSummaryOptions,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (options.showSummary !== true) return out;
  const named = new Set(stringList(options.summaryField));
  const grouped = thousandsColumns(columns, options);
  for (const column of columns) {
    if (!named.has(column.prop) || !isNumberColumnKey(column.jnpfKey) || column.masked) continue;
    let sum = 0;
    let counted = false;
    for (const row of rows) {
      const n = numberIn(row, column.prop);
      if (n === null) continue;
      sum += n;
      counted = true;
    }
    out[column.prop] = counted ? totalText(sum, grouped.has(column.prop)) : '';
  }
  return out;
}

/** one place in the header: a column on its own, or a group of columns under a parent header */
export type HeaderSlot<C> = { column: C; header?: undefined } | { header: ComplexHeader; columns: C[] };

const isFrozen = (fixed: unknown) => fixed === 'left' || fixed === 'right';

/** the well-formed headers of a stored complexHeaderList (anything else is skipped) */
export function complexHeadersOf(value: unknown): ComplexHeader[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const h = item as Record<string, unknown>;
    const align = h.align === 'left' || h.align === 'center' || h.align === 'right' ? h.align : undefined;
    return [
      {
        id: typeof h.id === 'string' || typeof h.id === 'number' ? String(h.id) : '',
        fullName: typeof h.fullName === 'string' ? h.fullName : '',
        ...(align ? { align } : {}),
        childColumns: stringList(h.childColumns),
      },
    ];
  });
}

/**
 * The columns as the header shows them: a group takes the place of its first shown column and gathers its other
 * shown columns there, in list order; frozen columns stay on their own; a group without a shown column is left
 * out (its columns hidden by permission). A column named by two groups goes to the first.
 */
export function arrangeColumns<C extends { prop: string; fixed?: unknown }>(
  columns: readonly C[],
  headers: readonly ComplexHeader[],
): HeaderSlot<C>[] {
  const headerOf = new Map<string, ComplexHeader>();
  for (const header of headers)
    for (const prop of header.childColumns) if (!headerOf.has(prop)) headerOf.set(prop, header);
  const placed = new Set<ComplexHeader>();
  const slots: HeaderSlot<C>[] = [];
  for (const column of columns) {
    const header = isFrozen(column.fixed) ? undefined : headerOf.get(column.prop);
    if (!header) slots.push({ column });
    else if (!placed.has(header)) {
      placed.add(header);
      slots.push({
        header,
        columns: columns.filter((c) => !isFrozen(c.fixed) && headerOf.get(c.prop) === header),
      });
    }
  }
  return slots;
}

/** the columns in the order the header shows them */
export function slotColumns<C>(slots: readonly HeaderSlot<C>[]): C[] {
  return slots.flatMap((slot) => (slot.header ? slot.columns : [slot.column]));
}

export type ListExtrasProblem =
  | { code: 'extrasInvalid'; path: string }
  | { code: 'summaryFieldUnknown' | 'thousandsFieldUnknown'; path: string; prop: string }
  | { code: 'summaryFieldNotNumber' | 'thousandsFieldNotNumber'; path: string; prop: string; label: string }
  | { code: 'headerNameRequired'; path: string; index: number }
  | { code: 'headerColumnsEmpty'; path: string; name: string }
  | { code: 'headerColumnUnknown'; path: string; name: string; prop: string }
  | { code: 'headerColumnTwice'; path: string; name: string; other: string; label: string };

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * What is wrong with the summary, thousands and complex header settings of a columnData object (paths from
 * "columnData."): summaryField and thousandsField name number columns of columnList; every group has a name and
 * columns of columnList, and no column sits in two groups.
 */
export function listExtrasProblems(columnData: Loose): ListExtrasProblem[] {
  const problems: ListExtrasProblem[] = [];
  const columns = new Map<string, Loose>();
  if (Array.isArray(columnData.columnList))
    for (const item of columnData.columnList as unknown[])
      if (isObject(item) && typeof item.prop === 'string') columns.set(item.prop, item);
  const labelOf = (prop: string) => {
    const label = columns.get(prop)?.label;
    return typeof label === 'string' && label.trim() ? label.trim() : prop;
  };
  const array = (key: string): unknown[] | null => {
    const value = columnData[key];
    if (value === undefined || value === null) return null;
    if (Array.isArray(value)) return value;
    problems.push({ code: 'extrasInvalid', path: `columnData.${key}` });
    return null;
  };
  for (const key of ['summaryField', 'thousandsField'] as const) {
    const unknown = key === 'summaryField' ? 'summaryFieldUnknown' : 'thousandsFieldUnknown';
    const notNumber = key === 'summaryField' ? 'summaryFieldNotNumber' : 'thousandsFieldNotNumber';
    array(key)?.forEach((prop, i) => {
      const path = `columnData.${key}.${i}`;
      const column = typeof prop === 'string' ? columns.get(prop) : undefined;
      if (!column) problems.push({ code: unknown, path, prop: String(prop ?? '') });
      else if (!isNumberColumnKey(column.jnpfKey))
        problems.push({ code: notNumber, path, prop: prop as string, label: labelOf(prop as string) });
    });
  }
  const owner = new Map<string, string>();
  array('complexHeaderList')?.forEach((item, i) => {
    const path = `columnData.complexHeaderList.${i}`;
    if (!isObject(item)) {
      problems.push({ code: 'extrasInvalid', path });
      return;
    }
    const name = typeof item.fullName === 'string' ? item.fullName.trim() : '';
    if (!name) problems.push({ code: 'headerNameRequired', path: `${path}.fullName`, index: i + 1 });
    const shownName = name || String(i + 1);
    const children = item.childColumns;
    if (children !== undefined && children !== null && !Array.isArray(children)) {
      problems.push({ code: 'extrasInvalid', path: `${path}.childColumns` });
      return;
    }
    if (!Array.isArray(children) || !children.length) {
      problems.push({ code: 'headerColumnsEmpty', path: `${path}.childColumns`, name: shownName });
      return;
    }
    (children as unknown[]).forEach((prop, j) => {
      const at = `${path}.childColumns.${j}`;
      if (typeof prop !== 'string' || !columns.has(prop))
        problems.push({ code: 'headerColumnUnknown', path: at, name: shownName, prop: String(prop ?? '') });
      else if (owner.has(prop))
        problems.push({
          code: 'headerColumnTwice',
          path: at,
          name: shownName,
          other: owner.get(prop)!,
          label: labelOf(prop),
        });
      else owner.set(prop, shownName);
    });
  });
  return problems;
}
