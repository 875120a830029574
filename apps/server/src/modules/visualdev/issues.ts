// Problems found in a design or a record, keyed by where they are (a JSON path of the design, or a record's
// __vModel__), turned into the 401 answer in the caller's language. A problem in a sub-table's row names the row
// (and the column) as well, so that a form can mark that cell rather than the whole table.
import type { Language } from '@jnpf/core';
import { ValidationError, type MessageParams, type RefusedCell } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';
import { m } from './messages.js';

export interface Issue {
  key: string;
  params?: MessageParams;
  /** parameters that are words themselves, in the caller's language */
  localParams?: (lang: Language) => MessageParams;
  /** a problem inside this one (a sub-table row's field), translated into the {detail} parameter */
  inner?: Issue;
  /** a sub-table's problem: the row (from 0) and the column (__vModel__) it is in */
  cell?: { rowIndex: number; column?: string };
}
export type Issues = Record<string, Issue>;

/** the label a message names a field by */
export const labelOf = (field: { __vModel__?: unknown; __config__?: { label?: unknown; jnpfKey?: unknown } }) => {
  const label = field.__config__?.label;
  if (typeof label === 'string' && label.trim()) return label.trim();
  return typeof field.__vModel__ === 'string' && field.__vModel__
    ? field.__vModel__
    : String(field.__config__?.jnpfKey);
};

/**
 * a problem in row `rowIndex` (from 0) of a sub-table, in its column `column` when it is a cell's (`inner`):
 * "明细第2行：品名不能为空", the row and column named beside the message as well
 */
export function rowIssue(table: Parameters<typeof labelOf>[0], rowIndex: number, inner: Issue, column?: string): Issue {
  return {
    key: m.rowIssue,
    params: { label: labelOf(table), row: rowIndex + 1 },
    inner,
    cell: column ? { rowIndex, column } : { rowIndex },
  };
}

/** an issue in the caller's language */
export function issueText(issue: Issue, lang: Language): string {
  return t(lang, issue.key, {
    ...issue.params,
    ...issue.localParams?.(lang),
    ...(issue.inner ? { detail: issueText(issue.inner, lang) } : {}),
  });
}

/**
 * throws the issues as a validation error (code 401, data.errors) when there are any; those in a sub-table's
 * row name it in data.cells as well, with the message of the cell
 */
export function throwIssues(issues: Issues, lang: Language): void {
  const entries = Object.entries(issues);
  if (!entries.length) return;
  const cells: Record<string, RefusedCell[]> = {};
  for (const [path, issue] of entries)
    if (issue.cell) cells[path] = [{ ...issue.cell, message: issueText(issue.inner ?? issue, lang) }];
  throw new ValidationError(
    Object.fromEntries(entries.map(([path, i]) => [path, issueText(i, lang)])),
    Object.keys(cells).length ? cells : undefined,
  );
}
