// A design with one field of every widget kind this version knows (value widgets, a sub-table with columns,
// system fields, containers and layout items), for the generator's tests. Test support only.
import {
  INPUT_KEYS,
  LAYOUT_KEYS,
  SUB_TABLE_COLUMN_KEYS,
  SYSTEM_KEYS,
  type ColumnDataJson,
  type FieldConfig,
  type FormDataJson,
} from '@jnpf/core';

let formId = 1;
const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FieldConfig => {
  const { __config__: config, ...rest } = extra as { __config__?: Record<string, unknown> };
  return {
    __config__: { jnpfKey, label, formId: formId++, ...config } as FieldConfig['__config__'],
    __vModel__: vModel,
    ...rest,
  };
};

const options = [
  { id: '1', fullName: '甲' },
  { id: '2', fullName: "乙 '*/ `${x}`" },
];

/** extra settings a widget kind needs to be a realistic field */
const EXTRA: Record<string, Record<string, unknown>> = {
  input: { __config__: { required: true }, maxlength: 40 },
  inputNumber: { min: 0, max: 1000, __config__: { required: true } },
  select: { options, __config__: { dataType: 'static' } },
  radio: { options, __config__: { dataType: 'static' } },
  checkbox: { options, __config__: { dataType: 'static' } },
  datePicker: { type: 'datetime', __config__: { required: true } },
  usersSelect: { multiple: true },
  userSelect: { multiple: false },
  depSelect: { multiple: true },
  treeSelect: { options, __config__: { dataType: 'static' } },
};

/** every widget kind, each in a field named after it */
export function everyWidgetFields(): FieldConfig[] {
  const values = INPUT_KEYS.map((key) =>
    field(key, `w${key[0]!.toUpperCase()}${key.slice(1)}`, `字段 ${key}`, EXTRA[key]),
  );
  const table = field('table', 'wTable', '明细', {
    __config__: {
      children: SUB_TABLE_COLUMN_KEYS.map((key) =>
        field(key, `col${key[0]!.toUpperCase()}${key.slice(1)}`, `列 ${key}`),
      ),
    },
  });
  const system = SYSTEM_KEYS.map((key) => field(key, `s${key[0]!.toUpperCase()}${key.slice(1)}`, `系统 ${key}`));
  const layout = LAYOUT_KEYS.filter((key) => !['row', 'card', 'tab', 'collapse', 'tableGrid'].includes(key)).map(
    (key) => field(key, '', `布局 ${key}`, { content: key }),
  );
  return [
    field('row', '', '', { __config__: { children: values.slice(0, 3) } }),
    ...values.slice(3),
    table,
    ...system,
    ...layout,
    // a field named like a column every table has, and a multiple select
    field('input', 'description', '说明字段'),
    field('select', 'wMany', '多选', { options, multiple: true, __config__: { dataType: 'static' } }),
    // a dictionary choice: no static options, so a stand-in
    field('radio', 'wDict', '字典', { __config__: { dataType: 'dictionary', dictionaryType: 'sex' } }),
  ];
}

export function everyWidgetForm(): FormDataJson {
  return { formRef: 'elForm', formModel: 'dataForm', labelWidth: 100, gutter: 15, fields: everyWidgetFields() };
}

export function everyWidgetColumns(): ColumnDataJson {
  const column = (prop: string, label: string, jnpfKey: string) =>
    ({ prop, label, jnpfKey, align: 'left', fixed: 'none' }) as ColumnDataJson['columnList'][number];
  return {
    type: 1,
    columnList: [
      column('wInput', '输入', 'input'),
      column('wInputNumber', '数字', 'inputNumber'),
      column('wSelect', '下拉', 'select'),
      column('wCheckbox', '多选', 'checkbox'),
      column('wSwitch', '开关', 'switch'),
      column('wDatePicker', '日期', 'datePicker'),
      column('wAreaSelect', '地区', 'areaSelect'),
      column('sCreateTime', '创建时间', 'createTime'),
      column('description', '说明', 'input'),
    ],
    searchList: [],
    btnsList: [],
    columnBtnsList: [],
    hasPage: true,
    pageSize: 20,
  };
}

export const everyWidgetDesign = (enCode = 'codegenSample') => ({
  fullName: '代码生成样例 "*/',
  enCode,
  formData: JSON.stringify(everyWidgetForm()),
  columnData: JSON.stringify(everyWidgetColumns()),
});
