// Designs the online-development tests build on: a form with one field of every widget this version knows
// (in a row container and beside layout items), and a list over it. Test support only.
import type { ColumnDataJson, FieldConfig, FormDataJson } from '@jnpf/core';
import { unique } from './unique.js';

let formId = 100;
/** one field; `config` goes into __config__, the rest beside it */
export function field(
  jnpfKey: string,
  vModel: string,
  label: string,
  config: Record<string, unknown> = {},
  props: Record<string, unknown> = {},
): FieldConfig {
  return {
    __config__: { jnpfKey, label, formId: formId++, ...config } as FieldConfig['__config__'],
    __vModel__: vModel,
    ...props,
  };
}

/** every value widget, the system fields, a row container and layout items; billRule takes `rule` */
export function sampleFields(rule: string): FieldConfig[] {
  return [
    field('groupTitle', '', '基本信息', {}, { content: '基本信息' }),
    field(
      'input',
      'title',
      '标题',
      {
        required: true,
        unique: true,
        regList: [{ pattern: '/^[A-Za-z0-9\\u4e00-\\u9fa5 ]+$/', message: '标题只能是文字和数字' }],
      },
      { maxlength: 20 },
    ),
    field('inputNumber', 'amount', '金额', {}, { min: 0, max: 1000 }),
    field(
      'select',
      'level',
      '等级',
      { dataType: 'static' },
      {
        options: [
          { id: '1', fullName: '低' },
          { id: '2', fullName: '高' },
        ],
      },
    ),
    field(
      'checkbox',
      'tags',
      '标签',
      {},
      {
        options: [
          { id: 'a', fullName: '甲' },
          { id: 'b', fullName: '乙' },
        ],
      },
    ),
    field(
      'radio',
      'sex',
      '性别',
      { dataType: 'dictionary', dictionaryType: 'sex' },
      { props: { label: 'fullName', value: 'enCode' } },
    ),
    field('switch', 'active', '状态', {}, { activeTxt: '启用', inactiveTxt: '停用', activeValue: 1, inactiveValue: 0 }),
    field('datePicker', 'day', '日期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
    field(
      'row',
      '',
      '',
      {
        children: [
          field('timePicker', 'at', '时间'),
          field('colorPicker', 'color', '颜色'),
          field('rate', 'score', '评分', {}, { max: 5 }),
        ],
      },
      {},
    ),
    field('slider', 'progress', '进度'),
    field('textarea', 'notes', '备注'),
    field('billRule', 'code', '单号', {}, { rule }),
    field('divider', '', ''),
    field('createUser', 'creator', '创建人'),
    field('createTime', 'created', '创建时间'),
    field('modifyUser', 'editor', '修改人'),
    field('modifyTime', 'edited', '修改时间'),
    field('currOrganize', 'org', '所属组织'),
    field('currPosition', 'pos', '所属岗位'),
  ];
}

export function sampleForm(rule: string, fields = sampleFields(rule)): FormDataJson {
  return { formRef: 'elForm', formModel: 'dataForm', labelPosition: 'right', labelWidth: 100, gutter: 15, fields };
}

const column = (prop: string, label: string, jnpfKey: string, sortable = false) =>
  ({ prop, label, jnpfKey, sortable, align: 'left', fixed: 'none' }) as ColumnDataJson['columnList'][number];

export function sampleColumns(patch: Partial<ColumnDataJson> = {}): ColumnDataJson {
  return {
    type: 1,
    columnList: [
      column('title', '标题', 'input', true),
      column('amount', '金额', 'inputNumber', true),
      column('level', '等级', 'select'),
      column('tags', '标签', 'checkbox'),
      column('sex', '性别', 'radio'),
      column('active', '状态', 'switch'),
      column('day', '日期', 'datePicker', true),
      column('code', '单号', 'billRule'),
      column('creator', '创建人', 'createUser'),
      column('created', '创建时间', 'createTime', true),
      column('org', '所属组织', 'currOrganize'),
    ],
    searchList: [
      { prop: 'title', label: '标题', jnpfKey: 'input', searchType: 2, isKeyword: true },
      { prop: 'notes', label: '备注', jnpfKey: 'textarea', searchType: 2, isKeyword: true },
      { prop: 'level', label: '等级', jnpfKey: 'select', searchType: 1 },
      { prop: 'tags', label: '标签', jnpfKey: 'checkbox', searchType: 1 },
      { prop: 'sex', label: '性别', jnpfKey: 'radio', searchType: 2 },
      { prop: 'amount', label: '金额', jnpfKey: 'inputNumber', searchType: 3 },
      { prop: 'day', label: '日期', jnpfKey: 'datePicker', searchType: 3 },
      { prop: 'active', label: '状态', jnpfKey: 'switch', searchType: 1 },
    ],
    btnsList: [
      { value: 'add', icon: 'el-icon-plus', label: '新增' },
      { value: 'download', icon: 'el-icon-download', label: '导出' },
      { value: 'batchRemove', icon: 'el-icon-delete', label: '批量删除' },
    ],
    columnBtnsList: [
      { value: 'edit', icon: 'el-icon-edit', label: '编辑' },
      { value: 'remove', icon: 'el-icon-delete', label: '删除' },
      { value: 'detail', icon: 'el-icon-tickets', label: '详情' },
    ],
    hasPage: true,
    pageSize: 20,
    useBtnPermission: true,
    useColumnPermission: false,
    ...patch,
  };
}

/** a create/update body of the design screen */
export function designBody(
  category: string,
  rule: string,
  patch: Record<string, unknown> = {},
): Record<string, unknown> {
  const enCode = unique('fn');
  return {
    fullName: `功能${enCode}`,
    enCode,
    type: 1,
    webType: 2,
    category,
    description: '测试功能',
    sortCode: 0,
    formData: JSON.stringify(sampleForm(rule)),
    columnData: JSON.stringify(sampleColumns()),
    ...patch,
  };
}
