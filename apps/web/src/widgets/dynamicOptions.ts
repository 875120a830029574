// The choices of option fields whose options come from a data interface (dataType 'dynamic', propsUrl the
// interface): its rows read through Actions/List, the call a form user is granted (through the form's menu),
// with each parameter bound as the designer set it (templateJson). A parameter bound to another field of the
// form follows that field: the options are read again when it changes.
import { boundFieldsOf, interfaceParamList, isDynamicOptionField, type FieldConfig } from '@jnpf/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useMemo } from 'react';
import { http } from '../platform/request';
import { displayText } from './values';

export { isDynamicOptionField };

/** the most rows an option list reads (the server's page limit) */
export const DYNAMIC_OPTIONS_MAX = 500;

export type InterfaceRow = Record<string, unknown>;

/** the request of a dynamic field's options */
export function dynamicOptionsRequest(field: FieldConfig, values: Readonly<Record<string, unknown>>) {
  const id = field.__config__.propsUrl ?? '';
  return {
    url: `/api/system/DataInterface/${encodeURIComponent(id)}/Actions/List`,
    body: {
      currentPage: 1,
      pageSize: DYNAMIC_OPTIONS_MAX,
      keyword: '',
      propsValue: field.props?.value || 'id',
      relationField: field.props?.label || 'fullName',
      paramList: interfaceParamList(field.__config__.templateJson, values),
    },
  };
}

/** the values of the fields this field's parameters read, from the form it sits in (none outside a form) */
function useBoundValues(field: FieldConfig): Record<string, unknown> {
  const names = useMemo(() => boundFieldsOf(field.__config__.templateJson), [field]);
  return useFormValues(names);
}

/** the values of these fields of the form the caller sits in, read again when one changes ('' when absent) */
export function useFormValues(names: readonly string[]): Record<string, unknown> {
  const form = Form.useFormInstance();
  const watched = Form.useWatch(
    (all: Record<string, unknown> | undefined) => JSON.stringify(names.map((n) => all?.[n] ?? '')),
    form,
  );
  return useMemo(() => {
    const list = watched ? (JSON.parse(watched) as unknown[]) : [];
    return Object.fromEntries(names.map((n, i) => [n, list[i] ?? '']));
  }, [names, watched]);
}

/** the rows of a dynamic field's interface, read again when a bound field changes */
export function useInterfaceRows(field: FieldConfig) {
  const values = useBoundValues(field);
  const request = dynamicOptionsRequest(field, values);
  const query = useQuery({
    queryKey: ['interfaceOptions', request.url, request.body],
    queryFn: async () => {
      const result = await http.post<{ list?: InterfaceRow[] } | InterfaceRow[]>(request.url, request.body);
      const data = result.data;
      return Array.isArray(data) ? data : (data?.list ?? []);
    },
    enabled: !!field.__config__.propsUrl,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  return { rows: query.data ?? [], isLoading: query.isLoading };
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
