// Fixtures of the designer's tests (used by *.test.ts(x) only): the texts a new field is made with, a field made
// with them, and the standard buttons' texts.
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import type { ButtonTexts } from './listModel';
import { createField, type NewFieldTexts } from './model';

/** a new field's texts: its label and, unless patched, blank prompts and samples */
export const fieldTexts = (label: string, patch: Partial<NewFieldTexts> = {}): NewFieldTexts => ({
  label,
  enter: '',
  choose: '',
  auto: '',
  option: (n) => `o${n}`,
  on: '',
  off: '',
  sampleText: '',
  sampleAlert: '',
  addRow: '添加',
  uploadButton: '点击上传',
  ...patch,
});

/** the Chinese prompts the designer gives a new field */
export const zhFieldTexts = (label: string, patch: Partial<NewFieldTexts> = {}): NewFieldTexts =>
  fieldTexts(label, {
    enter: '请输入',
    choose: '请选择',
    auto: '系统自动生成',
    option: (n) => `选项${n}`,
    on: '开',
    off: '关',
    ...patch,
  });

/** a new field of the given key and id with the label and blank texts; containers take their children */
export const makeField = (key: OnlineFieldKey, id: number, label: string, children?: FieldConfig[]): FieldConfig => {
  const field = createField(key, id, fieldTexts(label));
  if (children) field.__config__.children = children;
  return field;
};

export const BUTTON_TEXTS: ButtonTexts = {
  add: '新增',
  download: '导出',
  upload: '导入',
  batchRemove: '批量删除',
  edit: '编辑',
  remove: '删除',
  detail: '详情',
};
