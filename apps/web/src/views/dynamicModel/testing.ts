// Test fixtures of the runtime view (used by *.test.tsx only): a function's configuration and list rows.
import type { ColumnDataJson, FormDataJson, OnlineConfig } from '@jnpf/core';

export const MODEL = 'mod1';
export const BASE = `/api/visualdev/OnlineDev/${MODEL}`;

export function formData(extra: Partial<FormDataJson> = {}): FormDataJson {
  return {
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    popupType: 'general',
    generalWidth: '600px',
    hasCancelBtn: true,
    hasConfirmBtn: true,
    fields: [
      {
        __config__: { jnpfKey: 'input', label: '名称', formId: 101, span: 24, required: true },
        __vModel__: 'name',
      },
      {
        __config__: { jnpfKey: 'select', label: '类型', formId: 102, span: 24, dataType: 'static' },
        __vModel__: 'kind',
        props: { label: 'fullName', value: 'id' },
        options: [
          { fullName: '水果', id: 'fruit' },
          { fullName: '蔬菜', id: 'veg' },
        ],
      },
      {
        __config__: { jnpfKey: 'inputNumber', label: '数量', formId: 103, span: 24 },
        __vModel__: 'amount',
      },
      {
        __config__: { jnpfKey: 'createUser', label: '创建人', formId: 104, span: 24 },
        __vModel__: 'creator',
      },
    ],
    ...extra,
  };
}

export function columnData(extra: Partial<ColumnDataJson> = {}): ColumnDataJson {
  return {
    type: 1,
    columnList: [
      { label: '名称', prop: 'name', jnpfKey: 'input', sortable: true, fixed: 'left', align: 'left', width: 160 },
      { label: '类型', prop: 'kind', jnpfKey: 'select', sortable: false, fixed: 'none', align: 'center', width: null },
      { label: '数量', prop: 'amount', jnpfKey: 'inputNumber', sortable: true, fixed: 'none', align: 'right' },
    ],
    searchList: [
      { label: '名称', prop: 'name', jnpfKey: 'input', searchType: 2, isKeyword: true },
      {
        label: '类型',
        prop: 'kind',
        jnpfKey: 'select',
        searchType: 1,
        __config__: { jnpfKey: 'select', label: '类型', formId: 102, dataType: 'static' },
        props: { label: 'fullName', value: 'id' },
        options: [
          { fullName: '水果', id: 'fruit' },
          { fullName: '蔬菜', id: 'veg' },
        ],
      },
      { label: '数量', prop: 'amount', jnpfKey: 'inputNumber', searchType: 3 },
    ],
    btnsList: [
      { value: 'add', label: '新增' },
      { value: 'download', label: '导出' },
      { value: 'batchRemove', label: '批量删除' },
    ],
    columnBtnsList: [
      { value: 'edit', label: '编辑' },
      { value: 'detail', label: '详情' },
      { value: 'remove', label: '删除' },
    ],
    hasPage: true,
    pageSize: 20,
    ...extra,
  };
}

export function config(
  webType: 1 | 2 = 2,
  form: FormDataJson = formData(),
  columns: ColumnDataJson = columnData(),
): OnlineConfig {
  return {
    id: MODEL,
    fullName: '水果台账',
    enCode: 'fruitLedger',
    webType,
    formData: JSON.stringify(form),
    columnData: webType === 2 ? JSON.stringify(columns) : '',
    enableFlow: 0,
  };
}

export const rows = [
  { id: 'r1', name: '苹果', name_id: '苹果', kind: '水果', kind_id: 'fruit', amount: '3', amount_id: 3 },
  { id: 'r2', name: '白菜', name_id: '白菜', kind: '蔬菜', kind_id: 'veg', amount: '5', amount_id: 5 },
];
