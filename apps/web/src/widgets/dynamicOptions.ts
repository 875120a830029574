// The choices of option fields whose options come from a data interface (dataType 'dynamic', propsUrl the
// interface): its rows read through Actions/List, the call a form user is granted (through the form's menu),
// with each parameter bound as the designer set it (templateJson). A parameter bound to another field of the
// form follows that field (in a sub-table, a column of the cell's own row first): the options are read again when
// it changes.
// A flat list reads one page of rows. When the interface holds more, nothing is cut off unseen: a select searches
// the interface as the user types (and says how many there are), a radio or checkbox group says it lists only
// part of them, and a held value outside the page still shows its label (InfoByIds). A tree cannot be searched
// by page: it is read whole, up to the most rows a call returns, and a larger one is refused with a message.
import { boundFieldsOf, interfaceParamList, isDynamicOptionField, type FieldConfig } from '@jnpf/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { http } from '../platform/request';
import { useSubTableRowValues } from './rowContext';
import { displayText } from './values';

export { isDynamicOptionField };

/** the rows a flat option list reads at once (the first page, or the first matches of a search) */
export const DYNAMIC_OPTIONS_PAGE = 500;
/** the rows a tree's options read at once: the most one call returns */
export const DYNAMIC_TREE_MAX = 10_000;

export type InterfaceRow = Record<string, unknown>;

/** the request of a dynamic field's options */
export function dynamicOptionsRequest(
  field: FieldConfig,
  values: Readonly<Record<string, unknown>>,
  keyword = '',
  pageSize = DYNAMIC_OPTIONS_PAGE,
) {
  const id = field.__config__.propsUrl ?? '';
  return {
    url: `/api/system/DataInterface/${encodeURIComponent(id)}/Actions/List`,
    body: {
      currentPage: 1,
      pageSize,
      keyword,
      propsValue: field.props?.value || 'id',
      relationField: field.props?.label || 'fullName',
      paramList: interfaceParamList(field.__config__.templateJson, values),
    },
  };
}

/** the values of the fields this field's parameters read, from the form it sits in (none outside a form) */
function useBoundValues(field: FieldConfig) {
  const names = useMemo(() => boundFieldsOf(field.__config__.templateJson), [field]);
  return useWatchedValues(names);
}

/**
 * the values of these fields of the form the caller sits in, read again when one changes ('' when absent);
 * `ready` once the form has given them (the first render knows none yet: a call then would ask with blanks)
 */
function useWatchedValues(names: readonly string[]) {
  const form = Form.useFormInstance();
  // a cell of a sub-table reads the columns of its own row, the form's other fields from the form
  const row = useSubTableRowValues();
  const rowCells = JSON.stringify(names.map((n) => (row && Object.hasOwn(row, n) ? [row[n] ?? ''] : null)));
  // preserve: the store's values, those of fields not mounted yet included (a form's first render mounts none)
  const select = useCallback(
    (all: Record<string, unknown> | undefined) => JSON.stringify(names.map((n) => all?.[n] ?? '')),
    [names],
  );
  const watched = Form.useWatch(select, { form, preserve: true });
  const values = useMemo(() => {
    const list = watched ? (JSON.parse(watched) as unknown[]) : [];
    const cells = JSON.parse(rowCells) as ([unknown] | null)[];
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ? cells[i][0] : (list[i] ?? '')]));
  }, [names, watched, rowCells]);
  // the watch gives blanks on the first render and the form's values from its first effect on
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return { values, ready: names.length === 0 || mounted };
}

/** the values of these fields of the form the caller sits in, read again when one changes ('' when absent) */
export function useFormValues(names: readonly string[]): Record<string, unknown> {
  return useWatchedValues(names).values;
}

/** the rows of a dynamic field's interface (those matching `keyword`), read again when a bound field changes */
export function useInterfaceRows(field: FieldConfig, keyword = '', pageSize = DYNAMIC_OPTIONS_PAGE) {
  const { values, ready } = useBoundValues(field);
  const request = dynamicOptionsRequest(field, values, keyword, pageSize);
  const query = useQuery({
    queryKey: ['interfaceOptions', request.url, request.body],
    queryFn: async () => {
      type Page = { list?: InterfaceRow[]; pagination?: { total?: number } };
      const result = await http.post<Page | InterfaceRow[]>(request.url, request.body);
      const data = result.data;
      const rows = Array.isArray(data) ? data : (data?.list ?? []);
      const total = Array.isArray(data) ? rows.length : Number(data?.pagination?.total ?? rows.length);
      return { rows, total: Number.isFinite(total) ? total : rows.length };
    },
    enabled: !!field.__config__.propsUrl && ready,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  const rows = query.data?.rows ?? [];
  return {
    rows,
    total: query.data?.total ?? rows.length,
    isLoading: query.isLoading || !ready,
    params: request.body.paramList,
  };
}

/** the values a field holds, as strings */
const heldValues = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String);

/**
 * the choices of the held values that `known` lacks (a value outside the page read, or outside a search's
 * matches), with their labels read through InfoByIds; a value the interface no longer gives shows as itself
 */
export function useHeldChoices(
  field: FieldConfig,
  value: unknown,
  known: readonly { value: string }[],
  paramList: unknown,
) {
  const held = useMemo(() => heldValues(value), [value]);
  const missing = useMemo(() => held.filter((v) => !known.some((k) => k.value === v)), [held, known]);
  const id = field.__config__.propsUrl ?? '';
  const valueKey = field.props?.value || 'id';
  const labelKey = field.props?.label || 'fullName';
  const query = useQuery({
    queryKey: ['interfaceHeld', id, valueKey, missing, paramList],
    queryFn: async () => {
      const url = `/api/system/DataInterface/${encodeURIComponent(id)}/Actions/InfoByIds`;
      const result = await http.post<InterfaceRow[]>(url, { ids: missing, propsValue: valueKey, paramList });
      return Array.isArray(result.data) ? result.data : [];
    },
    enabled: !!id && missing.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  return useMemo(() => {
    const byValue = new Map((query.data ?? []).map((r) => [displayText(r[valueKey]), displayText(r[labelKey])]));
    return missing.map((v) => ({ value: v, label: byValue.get(v) || v }));
  }, [missing, query.data, valueKey, labelKey]);
}

/** the text typed into a search box, given on after the user pauses (one request per pause, not per key) */
export function useTypedKeyword(delayMs = 300) {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs]);
  return { keyword, setTyped };
}

/** interface rows as flat choices (a tree's rows flattened in order) */
export function rowsAsChoices(rows: readonly InterfaceRow[], field: FieldConfig) {
  const labelKey = field.props?.label || 'fullName';
  const valueKey = field.props?.value || 'id';
  const childrenKey = field.props?.children || 'children';
  const out: { label: string; value: string }[] = [];
  const visit = (list: unknown) => {
    for (const row of Array.isArray(list) ? list : []) {
      const record = row as InterfaceRow;
      out.push({ label: displayText(record[labelKey]), value: displayText(record[valueKey]) });
      visit(record[childrenKey]);
    }
  };
  visit(rows);
  return out;
}

export interface TreeChoice {
  label: string;
  value: string;
  children?: TreeChoice[];
}

/** interface rows as a tree, nested under the field's children key */
export function rowsAsTree(rows: readonly InterfaceRow[], field: FieldConfig): TreeChoice[] {
  const labelKey = field.props?.label || 'fullName';
  const valueKey = field.props?.value || 'id';
  const childrenKey = field.props?.children || 'children';
  const visit = (list: unknown): TreeChoice[] =>
    (Array.isArray(list) ? list : []).map((row) => {
      const record = row as InterfaceRow;
      const children = visit(record[childrenKey]);
      const node = { label: displayText(record[labelKey]), value: displayText(record[valueKey]) };
      return children.length ? { ...node, children } : node;
    });
  return visit(rows);
}
