// The form designer's field model, pure: a new field from a palette key, and the operations on the nested
// field list (formData.fields, where `row` and `card` hold their children in __config__.children, and a
// sub-table `table` its columns). Every operation returns new arrays and leaves its input untouched, so the
// designer can compare and undo. A sub-table takes only the keys a column may be (`accepts`): an item that
// cannot go where it is put stays where it was.
import {
  firstOpenCell,
  isContainerKey,
  partOfContainer,
  partsOf,
  isRangeSlider,
  isSubTableColumnKey,
  isSubTableKey,
  isValueKey,
  sliderPair,
  type FieldConfig,
  type FieldConfigMeta,
  type FieldOption,
  type OnlineFieldKey,
} from '@jnpf/core';
import { paletteGroups, widgetOf, widgetRegistry, type NewFieldTexts } from '../../../../widgets';

export type { NewFieldTexts };

/** formData.idGlobal of a new design: the first field gets 101, as in the reference */
export const FIRST_ID_GLOBAL = 100;

/** the palette: 基础控件, 高级控件 (the organisation and user pickers, the sub-table), 系统控件, 布局控件 */
export const PALETTE_GROUPS = paletteGroups;

/** where an item goes: the list of a container (null = the top level) and a position in it */
export interface Slot {
  parentId: number | null;
  index: number;
}

export type Direction = 'up' | 'down';

export const idOf = (field: FieldConfig): number => field.__config__.formId;
const keyOf = (item: FieldConfig | OnlineFieldKey): string =>
  typeof item === 'string' ? item : item.__config__.jnpfKey;
/**
 * an item holding others on the canvas: a row, a card, a sub-table (its columns), a tab, collapse or table grid
 * and their parts (panes, panels, rows, cells)
 */
export const isContainer = (field: FieldConfig): boolean => {
  const key = field.__config__.jnpfKey;
  return isContainerKey(key) || isSubTableKey(key);
};
export const isSubTable = (field: FieldConfig): boolean => isSubTableKey(field.__config__.jnpfKey);

/**
 * whether the container may hold the item (a field or a palette key): a sub-table only its column keys; a tab,
 * collapse, table grid or grid row none (only their parts, which the property panel adds)
 */
export function accepts(container: FieldConfig, item: FieldConfig | OnlineFieldKey): boolean {
  if (!isContainer(container) || partOfContainer(container.__config__.jnpfKey)) return false;
  // a table grid's cell another one spans over is not drawn, and holds nothing
  if ((container.__config__.jnpfKey as string) === 'tableGridTd' && container.__config__.merged === true) return false;
  return !isSubTable(container) || isSubTableColumnKey(keyOf(item));
}

/** the record key of a value field: `<jnpfKey>Field<formId>`; layout items have none */
export function defaultVModel(key: OnlineFieldKey, formId: number): string {
  return isValueKey(key) ? `${key}Field${formId}` : '';
}

/** a new field of `key` with the id `formId`, configured as the reference's palette configures it */
export function createField(
  key: OnlineFieldKey,
  formId: number,
  texts: NewFieldTexts,
  renderKey: number = Date.now(),
): FieldConfig {
  const design = widgetRegistry[key].design;
  const config: FieldConfigMeta = {
    jnpfKey: key,
    label: texts.label,
    showLabel: true,
    tipLabel: '',
    span: 24,
    layout: 'colFormItem',
    required: false,
    regList: [],
    trigger: design.trigger ?? 'change',
    formId,
    renderKey,
    tableName: '',
    noShow: false,
    unique: false,
  };
  const made = design.create(texts, formId);
  const shared = design.shared ?? {};
  return {
    __config__: { ...config, ...made.config },
    __vModel__: defaultVModel(key, formId),
    // the shared switches its widget honours start off, the clear icon on (as the reference's palette)
    ...(shared.clearable && { clearable: true }),
    ...(shared.readonly && { readonly: false }),
    ...(shared.disabled && { disabled: false }),
    ...made.props,
  };
}

/** the highest formId in the list (nested items included); 0 for none */
export function maxFormId(fields: readonly FieldConfig[]): number {
  let max = 0;
  for (const field of fields) {
    max = Math.max(max, idOf(field), maxFormId(field.__config__.children ?? []));
  }
  return max;
}

export function findField(fields: readonly FieldConfig[], formId: number): FieldConfig | undefined {
  for (const field of fields) {
    if (idOf(field) === formId) return field;
    const inner = findField(field.__config__.children ?? [], formId);
    if (inner) return inner;
  }
  return undefined;
}

/** where the item is: its container (null = top) and its index there */
export function locate(fields: readonly FieldConfig[], formId: number, parentId: number | null = null): Slot | null {
  for (const [index, field] of fields.entries()) {
    if (idOf(field) === formId) return { parentId, index };
    const inner = locate(field.__config__.children ?? [], formId, idOf(field));
    if (inner) return inner;
  }
  return null;
}

/** the items of a container (null = the top level) */
export function listAt(fields: readonly FieldConfig[], parentId: number | null): readonly FieldConfig[] {
  if (parentId === null) return fields;
  return findField(fields, parentId)?.__config__.children ?? [];
}

function withChildren(field: FieldConfig, children: FieldConfig[]): FieldConfig {
  return { ...field, __config__: { ...field.__config__, children } };
}

/** replaces the list of one container (null = the top level) by `change(list)` */
function changeList(
  fields: readonly FieldConfig[],
  parentId: number | null,
  change: (list: readonly FieldConfig[]) => FieldConfig[],
): FieldConfig[] {
  if (parentId === null) return change(fields);
  return fields.map((field) => {
    const children = field.__config__.children;
    if (!children) return field;
    if (idOf(field) === parentId) return withChildren(field, change(children));
    return findField(children, parentId) ? withChildren(field, changeList(children, parentId, change)) : field;
  });
}

/** replaces one item (wherever it is) by `change(item)` */
export function updateField(
  fields: readonly FieldConfig[],
  formId: number,
  change: (field: FieldConfig) => FieldConfig,
): FieldConfig[] {
  const slot = locate(fields, formId);
  if (!slot) return [...fields];
  return changeList(fields, slot.parentId, (list) => list.map((f) => (idOf(f) === formId ? change(f) : f)));
}

/** the list without the item (and whatever it holds) */
export function removeField(fields: readonly FieldConfig[], formId: number): FieldConfig[] {
  const slot = locate(fields, formId);
  if (!slot) return [...fields];
  return changeList(fields, slot.parentId, (list) => list.filter((f) => idOf(f) !== formId));
}

/** whether the item may go into the container (null = the top level, which takes anything) */
function fits(fields: readonly FieldConfig[], parentId: number | null, item: FieldConfig | OnlineFieldKey): boolean {
  if (parentId === null) return true;
  const parent = findField(fields, parentId);
  return !parent || !isContainer(parent) || accepts(parent, item);
}

/**
 * puts the item at the slot (the index is clamped to the list); an unknown container puts it at the end, a
 * container that does not accept it (a sub-table and a key no column may be) leaves the list unchanged
 */
export function insertField(fields: readonly FieldConfig[], field: FieldConfig, slot: Slot): FieldConfig[] {
  const parent = slot.parentId === null ? null : findField(fields, slot.parentId);
  if (slot.parentId !== null && (!parent || !isContainer(parent))) return [...fields, field];
  if (parent && !accepts(parent, field)) return [...fields];
  return changeList(fields, slot.parentId, (list) => {
    const index = Math.max(0, Math.min(slot.index, list.length));
    return [...list.slice(0, index), field, ...list.slice(index)];
  });
}

/** the names in a tab's or collapse's `active` (one name, or a list of them) */
const activeNames = (active: unknown): string[] =>
  (Array.isArray(active) ? active : active === undefined || active === null ? [] : [active]).map(String);

/**
 * the list inside a container that a palette click fills while the container is selected: a row's, card's or
 * sub-table's own, the active (or first) pane of a tab, the first open (or first) panel of a collapse, the first
 * drawn cell of a table grid or of one of its rows; undefined for an item that holds nothing
 */
export function listInside(container: FieldConfig): FieldConfig | undefined {
  if (!isContainer(container)) return undefined;
  const config = container.__config__;
  const parts = partsOf(container);
  // by the parts the container holds: panes (a tab), panels (a collapse), rows (a grid), cells (a grid's row)
  switch (partOfContainer(config.jnpfKey)) {
    case 'tabItem': {
      const [active] = activeNames(config.active);
      return parts.find((pane) => String(pane.name) === active) ?? parts[0];
    }
    case 'collapseItem': {
      const open = activeNames(config.active);
      return parts.find((panel) => open.includes(String(panel.name))) ?? parts[0];
    }
    case 'tableGridTr':
      return firstOpenCell(container);
    case 'tableGridTd':
      return parts.find((cell) => cell.__config__.merged !== true);
    default:
      return container;
  }
}

/**
 * where a palette click adds `key`: inside the selected container (see listInside), after the selected item,
 * or at the end. Where the container there does not accept the key (a sub-table), after that container
 * instead.
 */
export function slotForNew(fields: readonly FieldConfig[], selectedId: number | null, key?: OnlineFieldKey): Slot {
  const selected = selectedId === null ? undefined : findField(fields, selectedId);
  if (!selected) return { parentId: null, index: fields.length };
  const at = locate(fields, idOf(selected))!;
  const inside = listInside(selected);
  let slot: Slot =
    inside && (key === undefined || accepts(inside, key))
      ? { parentId: idOf(inside), index: inside.__config__.children?.length ?? 0 }
      : { parentId: at.parentId, index: at.index + 1 };
  while (key !== undefined && slot.parentId !== null && !fits(fields, slot.parentId, key)) {
    const container = locate(fields, slot.parentId)!;
    slot = { parentId: container.parentId, index: container.index + 1 };
  }
  return slot;
}

/** whether `innerId` is `outerId` or lies inside it */
function isWithin(fields: readonly FieldConfig[], outerId: number, innerId: number): boolean {
  const outer = findField(fields, outerId);
  return !!outer && (outerId === innerId || !!findField(outer.__config__.children ?? [], innerId));
}

/** moves the item before another one (dropped on it); nothing changes when the target is inside the item */
export function moveBefore(fields: readonly FieldConfig[], formId: number, targetId: number): FieldConfig[] {
  const field = findField(fields, formId);
  if (!field || isWithin(fields, formId, targetId)) return [...fields];
  const without = removeField(fields, formId);
  const slot = locate(without, targetId);
  return slot && fits(without, slot.parentId, field) ? insertField(without, field, slot) : [...fields];
}

/** moves the item to the end of a container (null = the top level); not into itself or what it holds */
export function moveInto(fields: readonly FieldConfig[], formId: number, containerId: number | null): FieldConfig[] {
  const field = findField(fields, formId);
  if (!field || (containerId !== null && isWithin(fields, formId, containerId))) return [...fields];
  const target = containerId === null ? undefined : findField(fields, containerId);
  if (containerId !== null && (!target || !accepts(target, field))) return [...fields];
  const without = removeField(fields, formId);
  return insertField(without, field, { parentId: containerId, index: listAt(without, containerId).length });
}

/**
 * One step up or down in the order the form shows (for buttons and the keyboard): past a sibling, into a
 * neighbouring container (at its near end), or out of the container it is in. Repeated steps reach every
 * place of the form the item may be in: past a sub-table that does not accept it.
 */
export function moveStep(fields: readonly FieldConfig[], formId: number, direction: Direction): FieldConfig[] {
  const slot = locate(fields, formId);
  if (!slot) return [...fields];
  const list = listAt(fields, slot.parentId);
  const field = list[slot.index]!;
  const neighbourIndex = direction === 'up' ? slot.index - 1 : slot.index + 1;
  const neighbour = list[neighbourIndex];
  const without = removeField(fields, formId);
  const put = (to: Slot) => {
    const next = insertField(without, field, to);
    // (an item a container would refuse, from JSON made elsewhere, stays where it is)
    return findField(next, formId) ? next : [...fields];
  };
  if (neighbour) {
    if (isContainer(neighbour) && accepts(neighbour, field)) {
      const inner = neighbour.__config__.children?.length ?? 0;
      return put({ parentId: idOf(neighbour), index: direction === 'up' ? inner : 0 });
    }
    return put({ parentId: slot.parentId, index: neighbourIndex });
  }
  if (slot.parentId === null) return [...fields];
  // out of the container, and out of what holds it while that cannot take the item (a pane's tab)
  let container = locate(without, slot.parentId)!;
  while (container.parentId !== null && !fits(without, container.parentId, field))
    container = locate(without, container.parentId)!;
  return put({ parentId: container.parentId, index: direction === 'up' ? container.index : container.index + 1 });
}

/** whether a step is possible: only the first and the last item of the top level cannot go further */
export function canStep(fields: readonly FieldConfig[], formId: number, direction: Direction): boolean {
  const slot = locate(fields, formId);
  if (!slot) return false;
  if (slot.parentId !== null) return true;
  return direction === 'up' ? slot.index > 0 : slot.index < fields.length - 1;
}

/** a deep copy with fresh ids from `nextId` (record keys, row and sub-table names and a sub-table's summed
 * columns follow the new ids) */
export function cloneWithNewIds(field: FieldConfig, nextId: () => number, renderKey: number = Date.now()): FieldConfig {
  const formId = nextId();
  const key = field.__config__.jnpfKey;
  const children = field.__config__.children?.map((child) => cloneWithNewIds(child, nextId, renderKey));
  const config: FieldConfigMeta = structuredClone({ ...field.__config__, children: undefined });
  if (children) config.children = children;
  else delete config.children;
  config.formId = formId;
  config.renderKey = renderKey;
  if (widgetOf(key)?.design.named) config.componentName = `${key}${formId}`;
  if (children && Array.isArray(config.summaryField)) {
    const renamed = new Map(field.__config__.children!.map((child, i) => [child.__vModel__, children[i]!.__vModel__]));
    config.summaryField = config.summaryField.flatMap((vModel) => {
      const next = renamed.get(vModel);
      return next ? [next] : [];
    });
  }
  return {
    ...structuredClone({ ...field, __config__: undefined }),
    __config__: config,
    __vModel__: defaultVModel(key, formId),
  };
}

/** copies the item (with its children) right after itself; answers the new list, idGlobal and the copy's id */
export function copyField(
  fields: readonly FieldConfig[],
  formId: number,
  idGlobal: number,
): { fields: FieldConfig[]; idGlobal: number; copyId: number | null } {
  const field = findField(fields, formId);
  const slot = locate(fields, formId);
  if (!field || !slot) return { fields: [...fields], idGlobal, copyId: null };
  let next = idGlobal;
  const copy = cloneWithNewIds(field, () => (next += 1));
  const copied = insertField(fields, copy, { parentId: slot.parentId, index: slot.index + 1 });
  // (a column a sub-table would refuse, from JSON made elsewhere, is not copied)
  if (!findField(copied, idOf(copy))) return { fields: [...fields], idGlobal, copyId: null };
  return { fields: copied, idGlobal: next, copyId: idOf(copy) };
}

/**
 * a slider with range switched on or off: a number default becomes the pair of it at both ends (the handles where
 * the one was), a pair default its low end
 */
export function withSliderRange(field: FieldConfig, range: boolean): FieldConfig {
  const given = field.__config__.defaultValue;
  const pair = sliderPair(given);
  const defaultValue = range
    ? typeof given === 'number'
      ? [given, given]
      : null
    : pair
      ? pair[0]
      : typeof given === 'number'
        ? given
        : 0;
  return { ...field, range, __config__: { ...field.__config__, defaultValue } };
}

/** a field whose value is one number a total can sum (its widget says so; a range slider holds a pair) */
export function isSummableField(field: FieldConfig): boolean {
  return widgetOf(field.__config__.jnpfKey)?.design.summable === true && !isRangeSlider(field) && !!field.__vModel__;
}

/** the columns of a sub-table its total row can sum */
export function summableColumns(table: FieldConfig): FieldConfig[] {
  return (table.__config__.children ?? []).filter(isSummableField);
}

/**
 * changes one item by `change` (as updateField); when a sub-table's column gets a new record key, the
 * table's summed columns follow it
 */
export function changeField(
  fields: readonly FieldConfig[],
  formId: number,
  change: (field: FieldConfig) => FieldConfig,
): FieldConfig[] {
  const before = findField(fields, formId)?.__vModel__;
  const next = updateField(fields, formId, change);
  const after = findField(next, formId)?.__vModel__;
  const parentId = locate(next, formId)?.parentId ?? null;
  if (before === undefined || after === undefined || before === after || parentId === null) return next;
  return updateField(next, parentId, (parent) => {
    const summed = parent.__config__.summaryField;
    if (!isSubTable(parent) || !Array.isArray(summed) || !summed.includes(before)) return parent;
    const summaryField = summed.map((vModel) => (vModel === before ? after : vModel));
    return { ...parent, __config__: { ...parent.__config__, summaryField } };
  });
}

/**
 * the fields as saved: a sub-table sums only columns it has that can be summed, and its columns are not
 * unique (a value repeats from row to row)
 */
export function withTidySubTables(fields: readonly FieldConfig[]): FieldConfig[] {
  return fields.map((field) => {
    const config = field.__config__;
    if (!config.children) return field;
    if (!isSubTable(field))
      return { ...field, __config__: { ...config, children: withTidySubTables(config.children) } };
    const summable = new Set(summableColumns(field).map((c) => c.__vModel__));
    const children = config.children.map((column) =>
      column.__config__.unique ? { ...column, __config__: { ...column.__config__, unique: false } } : column,
    );
    const summaryField = Array.isArray(config.summaryField)
      ? { summaryField: config.summaryField.filter((vModel) => summable.has(vModel)) }
      : {};
    return { ...field, __config__: { ...config, ...summaryField, children } };
  });
}

/** every option of a tree (cascader, tree select), parents before their children */
export function flattenOptions(options: readonly FieldOption[]): FieldOption[] {
  return options.flatMap((option) => [option, ...flattenOptions(option.children ?? [])]);
}
