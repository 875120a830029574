// The runtime's reading of a configuration (GET /api/visualdev/OnlineDev/{modelId}/Config): formData and columnData
// parsed with this version's defaults, the search values a list starts with, and the queryJson of a search.
import {
  dataFields,
  fieldsWithColumns,
  isSystemKey,
  listTypeOf,
  parseDesignJson,
  type ColumnDataJson,
  type FormDataJson,
  type OnlineConfig,
  type SearchItem,
} from '@jnpf/core';
import { DEFAULT_PAGE_SIZE } from '../../components/admin/constants';
import { isEmptyValue } from '../../widgets/values';
import { widgetOf } from '../../widgets/registry';

export interface RuntimeModel {
  id: string;
  fullName: string;
  webType: number;
  formData: FormDataJson;
  /** null for a form-only function (webType 1) */
  columnData: ColumnDataJson | null;
  /**
   * the design checks forms (columnData.useFormPermission): read from the stored list settings whatever the
   * webType, as the server's release does, since a form-only function's records are held to it too
   */
  useFormPermission: boolean;
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function columnDataOf(text: string): ColumnDataJson | null {
  const parsed = parseDesignJson<Partial<ColumnDataJson>>(text);
  if (!parsed) return null;
  return {
    ...parsed,
    type: listTypeOf(parsed),
    columnList: list(parsed.columnList),
    searchList: list(parsed.searchList),
    btnsList: list(parsed.btnsList),
    columnBtnsList: list(parsed.columnBtnsList),
    hasPage: parsed.hasPage !== false,
    pageSize: typeof parsed.pageSize === 'number' && parsed.pageSize > 0 ? parsed.pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The configuration as this view uses it, or null when its JSON does not make a usable function. */
export function modelOf(config: OnlineConfig): RuntimeModel | null {
  const formData = parseDesignJson<FormDataJson>(config.formData);
  if (!formData || !Array.isArray(formData.fields)) return null;
  const webType = Number(config.webType);
  const columnData = webType === 2 ? columnDataOf(config.columnData) : null;
  if (webType === 2 && !columnData) return null;
  const useFormPermission = parseDesignJson<Partial<ColumnDataJson>>(config.columnData)?.useFormPermission === true;
  return { id: config.id, fullName: config.fullName, webType, formData, columnData, useFormPermission };
}

/** Whether the form shows system fields (their display texts are then loaded with a record). */
export function hasSystemFields(formData: FormDataJson): boolean {
  return dataFields(formData.fields).some((field) => isSystemKey(field.__config__.jnpfKey));
}

/**
 * does the form of an existing record need its display texts: system fields, or ids named by the server (a
 * sub-table's columns too: a relation-form cell names its record from its row's texts)
 */
export function needsDisplay(formData: FormDataJson): boolean {
  return (
    hasSystemFields(formData) ||
    fieldsWithColumns(dataFields(formData.fields)).some(
      (field) => widgetOf(field.__config__.jnpfKey)?.design.namedByServer === true,
    )
  );
}

/** The search values a list starts with: each search item's configured `value`, when it has one. */
export function initialSearchOf(searchList: readonly SearchItem[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const item of searchList) if (!isEmptyValue(item.value)) values[item.prop] = item.value;
  return values;
}

/**
 * The queryJson object of a search: the given values by prop; text trimmed; a range (3) as [from, to] with
 * at least one end (an open end is null). Empty values are left out.
 */
export function searchQueryOf(
  searchList: readonly SearchItem[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const item of searchList) {
    let value = values[item.prop];
    if (typeof value === 'string') value = value.trim();
    if (isEmptyValue(value)) continue;
    if (item.searchType === 3 && (!Array.isArray(value) || value.length !== 2 || value.every(isEmptyValue))) continue;
    query[item.prop] = value;
  }
  return query;
}
