// The generic record chooser's configuration and rules (page size, relation mapping, the data-source requests),
// free of rendering so that they are tested on their own.
import type { PageResult } from '@jnpf/core';

/** A column of the chooser's table: `value` is the row field, `ifShow` false hides it. */
export interface ChooserColumn {
  value: string;
  label: string;
  width?: number | string;
  ifShow?: boolean;
}

/**
 * How one target field is filled for each chosen row: from the row's column named by `value`, or with `value`
 * itself. The reference numbers them 1 (column) and 2 (fixed value); both spellings are accepted.
 */
export interface ChooserRelation {
  field: string;
  type: 'column' | 'fixed' | 1 | 2 | '1' | '2';
  value: string;
}

/** A parameter handed to a dynamic data source. */
export interface ChooserParam {
  field?: string;
  relationField?: string;
  sourceType?: number;
  jnpfKey?: string;
  defaultValue?: unknown;
}

export interface ChooserConfig {
  popupType?: 'dialog' | 'drawer';
  popupTitle?: string;
  /** A number of pixels or a CSS width such as '800px' or '60%'. */
  popupWidth?: number | string;
  /** 'dynamic': a data interface (interfaceId); anything else: the list of a model (modelId). */
  dataSource?: string;
  interfaceId?: string;
  modelId?: string;
  columnOptions: ChooserColumn[];
  hasPage?: boolean;
  pageSize?: number;
  /** The reference's template of the chooser (kept for callers that pass it; not read here). */
  templateJson?: unknown;
  relationOptions?: ChooserRelation[];
  paramList?: ChooserParam[];
  /** The row field that identifies a row; 'id' unless given. */
  rowKey?: string;
}

export type ChooserRow = Record<string, unknown>;

/** What the chooser reports: the mapped values of the chosen rows, or false when closed without confirming. */
export type ChooserResult = false | ChooserRow[];

export interface ChooserQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export interface ChooserPage {
  list: ChooserRow[];
  total: number;
}

/** Loads one page of rows; the default loader calls the configured data source. */
export type ChooserLoader = (query: ChooserQuery, config: ChooserConfig) => Promise<ChooserPage>;

/** All rows in one page when paging is off. */
export const UNPAGED_PAGE_SIZE = 10000;
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_POPUP_WIDTH = 800;

export function pageSizeOf(config: Pick<ChooserConfig, 'hasPage' | 'pageSize'>): number {
  if (!config.hasPage) return UNPAGED_PAGE_SIZE;
  return config.pageSize && config.pageSize > 0 ? config.pageSize : DEFAULT_PAGE_SIZE;
}

export function visibleColumns(columns: readonly ChooserColumn[]): ChooserColumn[] {
  return columns.filter((column) => column.ifShow !== false);
}

function isColumnRelation(type: ChooserRelation['type']): boolean {
  return type === 'column' || type === 1 || type === '1';
}

/**
 * The result of confirming: for each chosen row, each relation's target field gets the row's value of the
 * mapped column or the fixed value. Without relations the rows are returned as they are.
 */
export function mapSelection(rows: readonly ChooserRow[], relations: readonly ChooserRelation[] = []): ChooserRow[] {
  if (!relations.length) return rows.map((row) => ({ ...row }));
  return rows.map((row) =>
    Object.fromEntries(
      relations.map((relation) => [
        relation.field,
        isColumnRelation(relation.type) ? row[relation.value] : relation.value,
      ]),
    ),
  );
}

/** Confirming does something only with at least one row chosen. */
export function canConfirm(selected: readonly unknown[]): boolean {
  return selected.length > 0;
}

/** The request of a dynamic source (POST /api/system/DataInterface/{id}/Actions/List). */
export function dynamicSourceRequest(config: ChooserConfig, query: ChooserQuery) {
  return {
    url: `/api/system/DataInterface/${encodeURIComponent(config.interfaceId ?? '')}/Actions/List`,
    body: {
      keyword: query.keyword,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      columnOptions: config.columnOptions.map((column) => column.value).join(','),
      interfaceId: config.interfaceId ?? '',
      paramList: config.paramList ?? [],
    },
  };
}

/** The request of a model's list (POST /api/visualdev/OnlineDev/{modelId}/List). */
export function modelSourceRequest(config: ChooserConfig, query: ChooserQuery) {
  return {
    url: `/api/visualdev/OnlineDev/${encodeURIComponent(config.modelId ?? '')}/List`,
    body: {
      keyword: query.keyword,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      columnOptions: config.columnOptions.map((column) => column.value).join(','),
    },
  };
}

/** Reads data.list and data.pagination.total; a plain list counts as one page. */
export function pageOf(data: Partial<PageResult<ChooserRow>> | ChooserRow[] | null | undefined): ChooserPage {
  if (Array.isArray(data)) return { list: data, total: data.length };
  const list = Array.isArray(data?.list) ? data.list : [];
  return { list, total: Number(data?.pagination?.total ?? list.length) || 0 };
}

/** The popup width as antd takes it. */
export function popupWidthOf(width: number | string | undefined): number | string {
  if (width === undefined || width === '') return DEFAULT_POPUP_WIDTH;
  if (typeof width === 'number') return width;
  return /^\d+$/.test(width) ? Number(width) : width;
}
