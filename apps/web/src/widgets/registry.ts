// The widget of every jnpfKey this version designs (INPUT_KEYS, the sub-table, SYSTEM_KEYS, LAYOUT_KEYS of @jnpf/core).
// The record type makes a key without a widget a type error.
import type { OnlineFieldKey } from '@jnpf/core';
import {
  BillRuleWidget,
  CheckboxWidget,
  ColorPickerWidget,
  DatePickerWidget,
  InputNumberWidget,
  InputWidget,
  RadioWidget,
  RateWidget,
  SelectWidget,
  SliderWidget,
  SwitchWidget,
  TextareaWidget,
  TimePickerWidget,
} from './inputWidgets';
import { AreaSelectWidget } from './areaWidget';
import { EditorWidget } from './editorWidget';
import { CascaderWidget, TreeSelectWidget } from './treeWidgets';
import { UploadWidget } from './uploadWidgets';
import { DirectoryPickerWidget } from './pickerWidgets';
import { AlertWidget, CardWidget, DividerWidget, GroupTitleWidget, RowWidget, TextWidget } from './layoutWidgets';
import { SubTableWidget } from './SubTableWidget';
import { SystemWidget } from './systemWidgets';
import type { WidgetEntry } from './types';

const input = (Component: Extract<WidgetEntry, { kind: 'input' }>['Component']): WidgetEntry => ({
  kind: 'input',
  Component,
});
const system: WidgetEntry = { kind: 'system', Component: SystemWidget };
const layout = (Component: Extract<WidgetEntry, { kind: 'layout' }>['Component']): WidgetEntry => ({
  kind: 'layout',
  Component,
});
const container = (Component: Extract<WidgetEntry, { kind: 'container' }>['Component']): WidgetEntry => ({
  kind: 'container',
  Component,
});

export const widgetRegistry: Readonly<Record<OnlineFieldKey, WidgetEntry>> = {
  input: input(InputWidget),
  textarea: input(TextareaWidget),
  inputNumber: input(InputNumberWidget),
  switch: input(SwitchWidget),
  radio: input(RadioWidget),
  checkbox: input(CheckboxWidget),
  select: input(SelectWidget),
  cascader: input(CascaderWidget),
  treeSelect: input(TreeSelectWidget),
  datePicker: input(DatePickerWidget),
  timePicker: input(TimePickerWidget),
  uploadFile: input(UploadWidget),
  uploadImg: input(UploadWidget),
  colorPicker: input(ColorPickerWidget),
  rate: input(RateWidget),
  slider: input(SliderWidget),
  editor: input(EditorWidget),
  billRule: input(BillRuleWidget),
  organizeSelect: input(DirectoryPickerWidget),
  depSelect: input(DirectoryPickerWidget),
  posSelect: input(DirectoryPickerWidget),
  userSelect: input(DirectoryPickerWidget),
  roleSelect: input(DirectoryPickerWidget),
  groupSelect: input(DirectoryPickerWidget),
  areaSelect: input(AreaSelectWidget),
  table: { kind: 'subTable', Component: SubTableWidget },
  createUser: system,
  createTime: system,
  modifyUser: system,
  modifyTime: system,
  currOrganize: system,
  currPosition: system,
  groupTitle: layout(GroupTitleWidget),
  divider: layout(DividerWidget),
  text: layout(TextWidget),
  alert: layout(AlertWidget),
  row: container(RowWidget),
  card: container(CardWidget),
};

/** The widget of a key, or null for a key this version does not know. */
export function widgetOf(key: unknown): WidgetEntry | null {
  return typeof key === 'string' && Object.hasOwn(widgetRegistry, key) ? widgetRegistry[key as OnlineFieldKey] : null;
}
