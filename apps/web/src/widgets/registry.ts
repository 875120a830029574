// The widget of every jnpfKey this version designs (INPUT_KEYS, the sub-table, SYSTEM_KEYS, LAYOUT_KEYS of @jnpf/core):
// one entry per key holding all that is known of it — its palette place, a new field's configuration and its
// property panel (design), its form control, its read-only detail, its list cell and search control, and its
// rules. The entries live in entries/, one module per family. The record type makes a key without an entry a
// type error; the order is the palette's.
import type { OnlineFieldKey } from '@jnpf/core';
import { cascader, checkbox, radio, select, switchEntry, treeSelect } from './entries/choice';
import { areaSelect, directoryPicker, organizePicker, userPicker, usersSelect } from './entries/directory';
import { barcode, button, iframe, link, qrcode } from './entries/display';
import { uploadFile, uploadFz, uploadImg } from './entries/files';
import { alert, card, divider, groupTitle, row, text } from './entries/layout';
import { collapse, tab, tableGrid } from './entries/containers';
import { inputNumber, rate, slider } from './entries/number';
import { autoComplete, popupAttr, popupSelect, popupTableSelect } from './entries/popup';
import { amount, calculate, numRange } from './entries/numbers';
import { location } from './entries/location';
import { relationForm, relationFormAttr } from './entries/relation';
import { sign } from './entries/sign';
import { table } from './entries/subTable';
import { systemField, systemTime } from './entries/system';
import { billRule, colorPicker, editor, input, textarea } from './entries/text';
import { datePicker, timePicker } from './entries/time';
import type { PaletteGroup, PropSpec, WidgetEntry } from './types';

export const widgetRegistry: Readonly<Record<OnlineFieldKey, WidgetEntry>> = {
  input,
  textarea,
  inputNumber,
  switch: switchEntry,
  radio,
  checkbox,
  select,
  cascader,
  datePicker,
  timePicker,
  uploadFile,
  uploadImg,
  uploadFz,
  colorPicker,
  rate,
  slider,
  editor,
  billRule,
  organizeSelect: organizePicker,
  depSelect: directoryPicker,
  posSelect: directoryPicker,
  userSelect: userPicker,
  roleSelect: directoryPicker,
  groupSelect: directoryPicker,
  areaSelect,
  treeSelect,
  popupSelect,
  popupTableSelect,
  autoComplete,
  popupAttr,
  amount,
  numRange,
  calculate,
  sign,
  location,
  usersSelect,
  relationForm,
  relationFormAttr,
  table,
  createUser: systemField,
  createTime: systemTime,
  modifyUser: systemField,
  modifyTime: systemTime,
  currOrganize: systemField,
  currPosition: systemField,
  groupTitle,
  divider,
  text,
  alert,
  row,
  card,
  tab,
  collapse,
  tableGrid,
  barcode,
  qrcode,
  iframe,
  button,
  link,
};

/** The widget of a key, or null for a key this version does not know. */
export function widgetOf(key: unknown): WidgetEntry | null {
  return typeof key === 'string' && Object.hasOwn(widgetRegistry, key) ? widgetRegistry[key as OnlineFieldKey] : null;
}

/** whether the key's property panel has this panel (its options, its number rule …) */
export function hasPanel(key: unknown, panel: Extract<PropSpec, { kind: 'panel' }>['panel']): boolean {
  return !!widgetOf(key)?.design.props?.some((spec) => spec.kind === 'panel' && spec.panel === panel);
}

const PALETTE_ORDER: readonly PaletteGroup[] = ['inputGroup', 'advancedGroup', 'systemGroup', 'layoutGroup'];

/** the palette: each group with its keys, in the registry's order */
export const paletteGroups: readonly { group: PaletteGroup; keys: readonly OnlineFieldKey[] }[] = PALETTE_ORDER.map(
  (group) => ({
    group,
    keys: (Object.keys(widgetRegistry) as OnlineFieldKey[]).filter((key) => widgetRegistry[key].design.group === group),
  }),
);
