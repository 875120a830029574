// Problems found in a design or a record, keyed by where they are (a JSON path of the design, or a record's
// __vModel__), turned into the 401 answer in the caller's language.
import type { Language } from '@jnpf/core';
import { ValidationError, type MessageParams } from '../../platform/errors.js';
import { t } from '../../platform/i18n.js';

export interface Issue {
  key: string;
  params?: MessageParams;
  /** a problem inside this one (a sub-table row's field), translated into the {detail} parameter */
  inner?: Issue;
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

/** an issue in the caller's language */
export function issueText(issue: Issue, lang: Language): string {
  return t(lang, issue.key, issue.inner ? { ...issue.params, detail: issueText(issue.inner, lang) } : issue.params);
}

/** throws the issues as a validation error (code 401, data.errors) when there are any */
export function throwIssues(issues: Issues, lang: Language): void {
  const entries = Object.entries(issues);
  if (!entries.length) return;
  throw new ValidationError(Object.fromEntries(entries.map(([path, i]) => [path, issueText(i, lang)])));
}
