// What the popup widgets ask their data interface: the config keys they read (props beside __config__, as the
// reference designer puts them), one page of rows through Actions/List with the keyword, the rows of stored ids
// through Actions/InfoByIds, each with the parameters bound as the designer set them (templateJson). A
// parameter whose relationField is "@keyword" takes the typed text (autoComplete). In a form link's public form
// (PopupSourceContext) the rows come through the link instead, named by the field (and its sub-table): the server
// reads the design's interface and columns there.
import {
  boundFieldsOf,
  interfaceParamList,
  UNPAGED_ROWS_MAX,
  type FieldConfig,
  type InterfaceParamBinding,
} from '@jnpf/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { http } from '../../platform/request';
import { useFormValues, type InterfaceRow } from '../dynamicOptions';
import { useSubTableName } from '../rowContext';
import { displayText } from '../values';

export type { InterfaceRow };

/** popup-select page size when paging is on */
export const POPUP_PAGE_SIZE_DEFAULT = 20;
/** rows read at once when paging is off (the most the interface's List and FieldDataSelect answer) */
export const POPUP_UNPAGED_SIZE = UNPAGED_ROWS_MAX;
/** the most rows a page asks for when paging is on */
export const POPUP_PAGE_SIZE_MAX = 500;
/** autocomplete default suggestions */
export const AUTO_COMPLETE_TOTAL_DEFAULT = 50;
/** typing pause before autoComplete asks again */
export const AUTO_COMPLETE_DEBOUNCE_MS = 300;
export const POPUP_WIDTH_DEFAULT = '800px';
/** the popup table select: popover width and table height */
export const POPUP_TABLE_WIDTH = 700;
export const POPUP_TABLE_HEIGHT = 300;
/** the parameter value autoComplete replaces with the typed text */
export const KEYWORD_VARIABLE = '@keyword';

export interface PopupColumn {
  value: string;
  label: string;
  width?: number;
}

export interface PopupConfig {
  /** the field's record key */
  field: string;
  interfaceId: string;
  /** rows of this released form's records instead (a relation form: FieldDataSelect), '' for an interface */
  formId: string;
  /** more fields of the form's records to read, not shown as columns (those relation-form attributes show) */
  extraFields?: readonly string[];
  propsValue: string;
  relationField: string;
  columns: PopupColumn[];
  hasPage: boolean;
  pageSize: number;
  multiple: boolean;
  popupType: 'dialog' | 'drawer';
  popupTitle: string;
  popupWidth: string;
  templateJson: InterfaceParamBinding[];
}

const text = (v: unknown, fallback = '') => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

/** the popup keys of a field with the spec's defaults */
export function popupConfig(field: FieldConfig): PopupConfig {
  const columns = (Array.isArray(field.columnOptions) ? field.columnOptions : [])
    .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object' && text(c.value) !== '')
    .filter((c) => c.ifShow !== false)
    .map((c) => ({
      value: text(c.value),
      label: text(c.label, text(c.value)),
      ...(typeof c.width === 'number' && c.width > 0 ? { width: c.width } : {}),
    }));
  const pageSize = Number(field.pageSize);
  const template = Array.isArray(field.templateJson) ? field.templateJson : field.__config__.templateJson;
  const width = field.popupWidth;
  return {
    field: field.__vModel__,
    interfaceId: text(field.interfaceId),
    formId: '',
    propsValue: text(field.propsValue, 'id'),
    relationField: text(field.relationField, 'fullName'),
    columns,
    hasPage: field.hasPage === true || field.hasPage === 1,
    pageSize:
      Number.isInteger(pageSize) && pageSize > 0 ? Math.min(pageSize, POPUP_PAGE_SIZE_MAX) : POPUP_PAGE_SIZE_DEFAULT,
    multiple: field.multiple === true,
    popupType: field.popupType === 'drawer' ? 'drawer' : 'dialog',
    popupTitle: text(field.popupTitle),
    popupWidth: typeof width === 'number' ? `${width}px` : text(width, POPUP_WIDTH_DEFAULT),
    templateJson: Array.isArray(template) ? (template as InterfaceParamBinding[]) : [],
  };
}

/** the paramList sent: bound fields' values, literals, variables named, "@keyword" bindings the typed text */
export function popupParamList(
  bindings: readonly InterfaceParamBinding[],
  values: Readonly<Record<string, unknown>>,
  keyword = '',
) {
  const list = interfaceParamList(bindings, values);
  return list.map((item, i) => {
    const binding = bindings.filter((b) => b && typeof b.field === 'string' && b.field)[i];
    return binding?.relationField === KEYWORD_VARIABLE || binding?.defaultValue === KEYWORD_VARIABLE
      ? { field: item.field, defaultValue: keyword }
      : item;
  });
}

const interfaceUrl = (id: string, action: 'List' | 'InfoByIds') =>
  `/api/system/DataInterface/${encodeURIComponent(id)}/Actions/${action}`;

export interface PageAsk {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** the text "@keyword" parameters take (autoComplete) */
  typed?: string;
}

/** the List request of one page of a popup's rows */
export function popupListRequest(config: PopupConfig, values: Readonly<Record<string, unknown>>, ask: PageAsk) {
  return {
    url: interfaceUrl(config.interfaceId, 'List'),
    body: {
      keyword: ask.keyword,
      currentPage: ask.currentPage,
      pageSize: ask.pageSize,
      propsValue: config.propsValue,
      relationField: config.relationField,
      columnOptions: config.columns.map((c) => c.value).join(','),
      paramList: popupParamList(config.templateJson, values, ask.typed ?? ''),
    },
  };
}

/** the InfoByIds request of the rows of stored ids */
export function popupIdsRequest(config: PopupConfig, values: Readonly<Record<string, unknown>>, ids: string[]) {
  return {
    url: interfaceUrl(config.interfaceId, 'InfoByIds'),
    body: { ids, propsValue: config.propsValue, paramList: popupParamList(config.templateJson, values) },
  };
}

/** the ids a value holds */
export function idsOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String)
    .filter(Boolean);
}

/** a row's value and label */
export const rowId = (row: InterfaceRow, config: PopupConfig) => displayText(row[config.propsValue]);
export const rowLabel = (row: InterfaceRow, config: PopupConfig) => displayText(row[config.relationField]);

/** the values of the form fields a popup's parameters read */
export function usePopupParams(config: PopupConfig) {
  const names = useMemo(() => boundFieldsOf(config.templateJson), [config.templateJson]);
  return useFormValues(names);
}

export interface PageResult {
  list: InterfaceRow[];
  total: number;
  /** the labels of the columns read, by prop (a relation form's records name them) */
  labels?: Readonly<Record<string, string>>;
}

/** the FieldDataSelect request of one page of a released form's records (a relation form's chooser) */
export function formRowsRequest(config: PopupConfig, ask: PageAsk) {
  return {
    url: `/api/visualdev/Base/${encodeURIComponent(config.formId)}/FieldDataSelect`,
    query: {
      keyword: ask.keyword,
      currentPage: ask.currentPage,
      pageSize: ask.pageSize,
      relationField: config.relationField,
      columnOptions: [...new Set([...config.columns.map((c) => c.value), ...(config.extraFields ?? [])])].join(','),
    },
  };
}

export type RowsAnswer =
  | { list?: InterfaceRow[]; pagination?: { total?: number }; columns?: { prop?: unknown; label?: unknown }[] }
  | InterfaceRow[];

/** the column labels an answer names, by prop */
function labelsOf(columns: unknown): Record<string, string> | undefined {
  if (!Array.isArray(columns)) return undefined;
  const labels: Record<string, string> = {};
  for (const column of columns as { prop?: unknown; label?: unknown }[])
    if (typeof column?.prop === 'string' && typeof column.label === 'string' && column.label)
      labels[column.prop] = column.label;
  return labels;
}

/** a popup field of a public form: its record key, and the sub-table it is a column of */
export interface PopupFieldRef {
  field: string;
  table?: string;
}
type ParamList = ReturnType<typeof popupParamList>;

/**
 * where the popups of a form read their rows when not through the signed-in calls: a form link's public calls
 * (an interface popup's rows, and a relation form's records)
 */
export interface PopupSource {
  list(
    ref: PopupFieldRef,
    body: { keyword: string; currentPage: number; pageSize: number; paramList: ParamList },
  ): Promise<RowsAnswer>;
  byIds(ref: PopupFieldRef, body: { ids: string[]; paramList: ParamList }): Promise<InterfaceRow[]>;
  /** a relation form's records */
  relationList(
    ref: PopupFieldRef,
    ask: { keyword: string; currentPage: number; pageSize: number },
  ): Promise<RowsAnswer>;
}

export const PopupSourceContext = createContext<PopupSource | null>(null);

/** the public source of this form's popups and the field's name there; null when signed in */
function usePublicSource(config: PopupConfig): { source: PopupSource; ref: PopupFieldRef } | null {
  const source = useContext(PopupSourceContext);
  const table = useSubTableName();
  return useMemo(
    () => (source ? { source, ref: table ? { field: config.field, table } : { field: config.field } } : null),
    [source, table, config.field],
  );
}

/** a relation form's rows: the records of another form (GET) */
async function formRows(config: PopupConfig, ask: PageAsk) {
  const { url, query } = formRowsRequest(config, ask);
  return (await http.get<RowsAnswer>(url, query)).data;
}

/** a popup's rows: a data interface's page (POST) */
async function interfaceRows(config: PopupConfig, values: Readonly<Record<string, unknown>>, ask: PageAsk) {
  const { url, body } = popupListRequest(config, values, ask);
  return (await http.post<RowsAnswer>(url, body)).data;
}

/** one page of a popup's rows (nothing asked until enabled); a failed load only stops loading */
export function usePopupPage(config: PopupConfig, values: Record<string, unknown>, ask: PageAsk, enabled: boolean) {
  const request = config.formId ? formRowsRequest(config, ask) : popupListRequest(config, values, ask);
  const open = usePublicSource(config);
  const query = useQuery({
    queryKey: ['popupRows', request.url, 'body' in request ? request.body : request.query, open?.ref ?? null],
    queryFn: async (): Promise<PageResult> => {
      const data = open
        ? config.formId
          ? await open.source.relationList(open.ref, {
              keyword: ask.keyword,
              currentPage: ask.currentPage,
              pageSize: ask.pageSize,
            })
          : await open.source.list(open.ref, {
              keyword: ask.keyword,
              currentPage: ask.currentPage,
              pageSize: ask.pageSize,
              paramList: 'body' in request ? request.body.paramList : [],
            })
        : config.formId
          ? await formRows(config, ask)
          : await interfaceRows(config, values, ask);
      if (Array.isArray(data)) return { list: data, total: data.length };
      const list = data?.list ?? [];
      const labels = labelsOf(data?.columns);
      return { list, total: Number(data?.pagination?.total ?? list.length), ...(labels ? { labels } : {}) };
    },
    enabled: enabled && !!(config.interfaceId || config.formId),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
  return { page: query.data ?? { list: [], total: 0 }, isLoading: query.isFetching, refetch: query.refetch };
}

/** the rows of the stored ids (labels of a value the form was opened with) */
export function usePopupRowsOf(config: PopupConfig, values: Record<string, unknown>, ids: string[]) {
  const request = popupIdsRequest(config, values, ids);
  const open = usePublicSource(config);
  const query = useQuery({
    queryKey: ['popupRowsByIds', request.url, request.body, open?.ref ?? null],
    queryFn: async () => {
      if (open) return open.source.byIds(open.ref, { ids, paramList: request.body.paramList });
      const result = await http.post<InterfaceRow[]>(request.url, request.body);
      return Array.isArray(result.data) ? result.data : [];
    },
    enabled: ids.length > 0 && !!config.interfaceId,
    staleTime: 60_000,
    retry: false,
  });
  return query.data ?? [];
}

/** a click in a table's radio/checkbox cell (its own onSelect handles it; the row's click must not again) */
export const inSelectionCell = (target: EventTarget) =>
  target instanceof Element && !!target.closest('.ant-table-selection-column');
