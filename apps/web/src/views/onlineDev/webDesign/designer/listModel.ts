// The list design's model, pure: the default columnData of a form, the column and search items made from fields,
// and keeping columnData consistent with the form while it is edited. Column and search items are the field
// spread plus their own keys (label, prop = the record key, jnpfKey, and the column's or the search's settings);
// the spread's __config__.formId ties an item to its field, so a renamed record key or label follows into the
// list and a removed field leaves it. A sub-table is neither a column nor a search (its rows show in the form),
// nor are the columns inside it.
import {
  dataFields,
  defaultSearchType,
  isListableKey,
  isSearchable,
  listTypeOf,
  type ButtonItem,
  type ColumnDataJson,
  type ColumnItem,
  type FieldConfig,
  type OnlineFieldKey,
  type SearchItem,
} from '@jnpf/core';

export { defaultSearchType, isSearchable, searchTypesOf } from '@jnpf/core';

export const PAGE_SIZE_CHOICES = [20, 50, 100, 500] as const;

export type ButtonValue = 'add' | 'download' | 'batchRemove' | 'upload' | 'batchPrint' | 'edit' | 'remove' | 'detail';
// batch print is offered in the designer's button list, not in a new design's defaults (it needs a template)
export type ButtonTexts = Record<Exclude<ButtonValue, 'batchPrint'>, string>;

export const BUTTON_ICONS: Record<ButtonValue, string> = {
  add: 'icon-ym icon-ym-btn-add',
  download: 'icon-ym icon-ym-btn-download',
  batchRemove: 'icon-ym icon-ym-btn-clearn',
  upload: 'icon-ym icon-ym-btn-upload',
  batchPrint: 'icon-ym icon-ym-report-icon-preview-printPreview',
  edit: 'icon-ym icon-ym-btn-edit',
  remove: 'icon-ym icon-ym-btn-clearn',
  detail: 'icon-ym icon-ym-generator-menu',
};

export function buttonItem(value: ButtonValue, label: string): ButtonItem {
  return { value, icon: BUTTON_ICONS[value], label };
}

const keyOf = (field: FieldConfig): OnlineFieldKey => field.__config__.jnpfKey;
const labelOf = (field: FieldConfig): string => field.__config__.label;

/** the fields a list can show and search by: value fields, sub-tables (and their columns) left out */
export function listFields(fields: readonly FieldConfig[]): FieldConfig[] {
  return dataFields(fields).filter((field) => isListableKey(keyOf(field)));
}

export function columnFromField(field: FieldConfig): ColumnItem {
  return {
    ...field,
    label: labelOf(field),
    prop: field.__vModel__,
    jnpfKey: keyOf(field),
    fixed: 'none',
    align: 'left',
    sortable: false,
    width: null,
  };
}

export function searchFromField(field: FieldConfig): SearchItem {
  return {
    ...field,
    label: labelOf(field),
    prop: field.__vModel__,
    jnpfKey: keyOf(field),
    searchType: defaultSearchType(keyOf(field)),
    isKeyword: false,
    searchMultiple: false,
  };
}

/**
 * the list of a new list design: every listable value field a column; add, export, import and batch delete on
 * the toolbar (what a user of a list expects); edit and delete per row
 */
export function defaultColumnData(fields: readonly FieldConfig[], texts: ButtonTexts): ColumnDataJson {
  return {
    type: 1,
    columnList: listFields(fields).map(columnFromField),
    searchList: [],
    btnsList: [
      buttonItem('add', texts.add),
      buttonItem('download', texts.download),
      buttonItem('upload', texts.upload),
      buttonItem('batchRemove', texts.batchRemove),
    ],
    columnBtnsList: [buttonItem('edit', texts.edit), buttonItem('remove', texts.remove)],
    hasPage: true,
    pageSize: 20,
    defaultSidx: '',
    sort: 'desc',
    useColumnPermission: false,
    useFormPermission: false,
    useBtnPermission: false,
    useDataPermission: false,
  };
}

/** a stored columnData completed with the defaults of what it lacks (older or hand-made JSON) */
export function normalizeColumnData(
  stored: Partial<ColumnDataJson> | null,
  fields: readonly FieldConfig[],
  texts: ButtonTexts,
): ColumnDataJson {
  const defaults = defaultColumnData(fields, texts);
  if (!stored) return defaults;
  return {
    ...defaults,
    ...stored,
    type: listTypeOf(stored),
    columnList: Array.isArray(stored.columnList) ? stored.columnList : defaults.columnList,
    searchList: Array.isArray(stored.searchList) ? stored.searchList : [],
    btnsList: Array.isArray(stored.btnsList) ? stored.btnsList : defaults.btnsList,
    columnBtnsList: Array.isArray(stored.columnBtnsList) ? stored.columnBtnsList : defaults.columnBtnsList,
  };
}

type ListItem = ColumnItem | SearchItem;

function formIdOfItem(item: ListItem): number | undefined {
  const config = item.__config__ as { formId?: unknown } | undefined;
  return typeof config?.formId === 'number' ? config.formId : undefined;
}

function labelOfItem(item: ListItem): string | undefined {
  const config = item.__config__ as { label?: unknown } | undefined;
  return typeof config?.label === 'string' ? config.label : undefined;
}

/** the field an item was made from: by formId, else (JSON without the spread) by record key */
function fieldOfItem(item: ListItem, byId: Map<number, FieldConfig>, byProp: Map<string, FieldConfig>) {
  const id = formIdOfItem(item);
  return id !== undefined ? byId.get(id) : byProp.get(item.prop);
}

/** the item refreshed from its field: the field's current spread, record key and key; its label kept unless
 * it was the field's label, which then follows the field */
function refreshItem<T extends ListItem>(item: T, field: FieldConfig): T {
  const followsLabel = item.label === labelOfItem(item) || !item.label;
  const own = { ...item };
  for (const key of Object.keys(field)) delete own[key];
  return {
    ...field,
    ...own,
    label: followsLabel ? labelOf(field) : item.label,
    prop: field.__vModel__,
    jnpfKey: keyOf(field),
  } as T;
}

/**
 * columnData made consistent with the form: items of removed fields (and of fields that no longer hold a
 * value a list shows: sub-tables, columns moved into a sub-table) leave, renamed record keys and followed labels update, the default sort follows its column or is cleared,
 * summary, thousands and complex header columns follow their column (and leave with it), and a field is
 * listed at most once in each list.
 */
export function syncColumnData(columnData: ColumnDataJson, fields: readonly FieldConfig[]): ColumnDataJson {
  const values = listFields(fields);
  const byId = new Map(values.map((f) => [f.__config__.formId, f]));
  const byProp = new Map(values.map((f) => [f.__vModel__, f]));
  const renamed = new Map<string, string>();
  const keep = <T extends ListItem>(items: readonly T[], allowed: (field: FieldConfig) => boolean): T[] => {
    const seen = new Set<number>();
    const out: T[] = [];
    for (const item of items) {
      const field = fieldOfItem(item, byId, byProp);
      if (!field || !allowed(field) || seen.has(field.__config__.formId)) continue;
      seen.add(field.__config__.formId);
      if (item.prop !== field.__vModel__) renamed.set(item.prop, field.__vModel__);
      out.push(refreshItem(item, field));
    }
    return out;
  };
  const columnList = keep(columnData.columnList ?? [], () => true);
  const searchList = keep(columnData.searchList ?? [], (f) => isSearchable(keyOf(f)));
  const sidx = columnData.defaultSidx ? (renamed.get(columnData.defaultSidx) ?? columnData.defaultSidx) : '';
  // the fields a kind of list names follow a renamed record key, and are cleared with their field
  const followed = (prop: unknown) => {
    if (typeof prop !== 'string' || !prop) return prop;
    const now = renamed.get(prop) ?? prop;
    return byProp.has(now) ? now : '';
  };
  // summary, thousands and complex headers name columns: they follow a renamed column and forget a removed one
  const listed = new Set(columnList.map((c) => c.prop));
  const columnsOf = (props: unknown) =>
    Array.isArray(props)
      ? [...new Set(props.map((p) => (typeof p === 'string' ? (renamed.get(p) ?? p) : p)).filter((p) => listed.has(p)))]
      : props;
  const namesColumns = Object.fromEntries(
    (['summaryField', 'thousandsField'] as const)
      .filter((key) => columnData[key] !== undefined)
      .map((key) => [key, columnsOf(columnData[key])]),
  );
  if (Array.isArray(columnData.complexHeaderList))
    namesColumns.complexHeaderList = columnData.complexHeaderList.map((header) =>
      header && typeof header === 'object' ? { ...header, childColumns: columnsOf(header.childColumns) } : header,
    );
  return {
    ...columnData,
    ...namesColumns,
    columnList,
    searchList,
    defaultSidx: columnList.some((c) => c.prop === sidx) ? sidx : '',
    ...Object.fromEntries(
      (['treeRelation', 'groupField', 'parentField'] as const)
        .filter((key) => columnData[key] !== undefined)
        .map((key) => [key, followed(columnData[key])]),
    ),
  };
}

/** the list with the item at `index` moved one place up or down */
export function moveItem<T>(items: readonly T[], index: number, direction: 'up' | 'down'): T[] {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const out = [...items];
  [out[index], out[target]] = [out[target]!, out[index]!];
  return out;
}
