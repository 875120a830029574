import { INPUT_KEYS, LAYOUT_KEYS, SYSTEM_KEYS, type FieldConfig, type OnlineFieldKey } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import {
  canStep,
  copyField,
  createField,
  findField,
  insertField,
  locate,
  maxFormId,
  moveBefore,
  moveInto,
  moveStep,
  removeField,
  slotForNew,
  updateField,
  type NewFieldTexts,
} from './model';

const texts = (label: string): NewFieldTexts => ({
  label,
  enter: '请输入',
  choose: '请选择',
  auto: '系统自动生成',
  option: (n) => `选项${n}`,
  on: '开',
  off: '关',
  sampleText: '这是一段文字',
  sampleAlert: '这是一个提示',
});

const make = (key: OnlineFieldKey, id: number, children?: FieldConfig[]): FieldConfig => {
  const field = createField(key, id, texts(`${key}${id}`), 1);
  if (children) field.__config__.children = children;
  return field;
};

/** the ids in form order, containers as [id, [children]] */
type Shape = (number | [number, Shape])[];
const shape = (fields: readonly FieldConfig[]): Shape =>
  fields.map((f) =>
    f.__config__.children ? [f.__config__.formId, shape(f.__config__.children)] : f.__config__.formId,
  );

// 101, row 102 [103, 104], 105, card 106 []
const sample = () => [
  make('input', 101),
  make('row', 102, [make('select', 103), make('inputNumber', 104)]),
  make('textarea', 105),
  make('card', 106, []),
];

describe('createField', () => {
  it('gives value fields the record key <key>Field<id> and layout items none', () => {
    for (const key of [...INPUT_KEYS, ...SYSTEM_KEYS]) expect(make(key, 107).__vModel__).toBe(`${key}Field107`);
    for (const key of LAYOUT_KEYS) expect(make(key, 107).__vModel__).toBe('');
  });

  it('configures each key as the palette does', () => {
    const select = createField('select', 101, texts('下拉选择'), 5);
    expect(select).toEqual({
      __config__: expect.objectContaining({
        jnpfKey: 'select',
        label: '下拉选择',
        formId: 101,
        renderKey: 5,
        span: 24,
        layout: 'colFormItem',
        required: false,
        dataType: 'static',
        dictionaryType: '',
        defaultValue: '',
        regList: [],
      }),
      __vModel__: 'selectField101',
      placeholder: '请选择',
      options: [
        { fullName: '选项1', id: '1' },
        { fullName: '选项2', id: '2' },
      ],
      props: { label: 'fullName', value: 'id' },
      multiple: false,
      filterable: false,
      clearable: true,
    });
    expect(make('checkbox', 1).__config__.defaultValue).toEqual([]);
    expect(make('switch', 1)).toMatchObject({ activeValue: 1, inactiveValue: 0, activeTxt: '开', inactiveTxt: '关' });
    expect(make('datePicker', 1)).toMatchObject({ type: 'date', format: 'yyyy-MM-dd' });
    expect(make('timePicker', 1)).toMatchObject({ format: 'HH:mm:ss' });
    expect(make('billRule', 1)).toMatchObject({ rule: '', readonly: true });
    expect(make('createTime', 1)).toMatchObject({ readonly: true, placeholder: '系统自动生成' });
    expect(make('row', 9).__config__).toMatchObject({ layout: 'rowFormItem', children: [], componentName: 'row9' });
    expect(make('card', 9)).toMatchObject({ header: 'card9', __config__: { children: [] } });
    expect(make('text', 9)).toMatchObject({ content: '这是一段文字' });
    expect(make('alert', 9)).toMatchObject({ title: '这是一个提示' });
    expect(make('groupTitle', 9)).toMatchObject({ content: 'groupTitle9' });
  });
});

describe('finding', () => {
  it('finds and locates nested items and the highest id', () => {
    const fields = sample();
    expect(findField(fields, 104)?.__vModel__).toBe('inputNumberField104');
    expect(locate(fields, 104)).toEqual({ parentId: 102, index: 1 });
    expect(locate(fields, 105)).toEqual({ parentId: null, index: 2 });
    expect(locate(fields, 999)).toBeNull();
    expect(maxFormId(fields)).toBe(106);
    expect(maxFormId([])).toBe(0);
  });
});

describe('insert, update, remove', () => {
  it('inserts at a slot of the top level or a container, clamping the index', () => {
    const fields = sample();
    expect(shape(insertField(fields, make('input', 200), { parentId: null, index: 1 }))).toEqual([
      101,
      200,
      [102, [103, 104]],
      105,
      [106, []],
    ]);
    expect(shape(insertField(fields, make('input', 200), { parentId: 102, index: 99 }))).toEqual([
      101,
      [102, [103, 104, 200]],
      105,
      [106, []],
    ]);
    expect(shape(insertField(fields, make('input', 200), { parentId: 106, index: 0 }))).toEqual([
      101,
      [102, [103, 104]],
      105,
      [106, [200]],
    ]);
    // not a container: added at the end rather than lost
    expect(shape(insertField(fields, make('input', 200), { parentId: 101, index: 0 })).at(-1)).toBe(200);
    expect(shape(fields)).toEqual(shape(sample()));
  });

  it('updates and removes nested items without touching the input', () => {
    const fields = sample();
    const changed = updateField(fields, 103, (f) => ({ ...f, __vModel__: 'status' }));
    expect(findField(changed, 103)?.__vModel__).toBe('status');
    expect(findField(fields, 103)?.__vModel__).toBe('selectField103');
    expect(changed[0]).toBe(fields[0]);
    expect(shape(removeField(fields, 103))).toEqual([101, [102, [104]], 105, [106, []]]);
    expect(shape(removeField(fields, 102))).toEqual([101, 105, [106, []]]);
  });

  it('chooses where a palette click adds', () => {
    const fields = sample();
    expect(slotForNew(fields, null)).toEqual({ parentId: null, index: 4 });
    expect(slotForNew(fields, 101)).toEqual({ parentId: null, index: 1 });
    expect(slotForNew(fields, 103)).toEqual({ parentId: 102, index: 1 });
    expect(slotForNew(fields, 102)).toEqual({ parentId: 102, index: 2 });
    expect(slotForNew(fields, 106)).toEqual({ parentId: 106, index: 0 });
    expect(slotForNew(fields, 999)).toEqual({ parentId: null, index: 4 });
  });
});

describe('moving', () => {
  it('steps through every place of the form, into and out of containers', () => {
    let fields = sample();
    const downs: Shape[] = [];
    for (let i = 0; i < 6; i += 1) {
      fields = moveStep(fields, 101, 'down');
      downs.push(shape(fields));
    }
    expect(downs).toEqual([
      [[102, [101, 103, 104]], 105, [106, []]],
      [[102, [103, 101, 104]], 105, [106, []]],
      [[102, [103, 104, 101]], 105, [106, []]],
      [[102, [103, 104]], 101, 105, [106, []]],
      [[102, [103, 104]], 105, 101, [106, []]],
      [[102, [103, 104]], 105, [106, [101]]],
    ]);
    fields = moveStep(fields, 101, 'down');
    expect(shape(fields)).toEqual([[102, [103, 104]], 105, [106, []], 101]);
    expect(canStep(fields, 101, 'down')).toBe(false);
    expect(shape(moveStep(fields, 101, 'down'))).toEqual(shape(fields));
    fields = moveStep(fields, 101, 'up');
    expect(shape(fields)).toEqual([[102, [103, 104]], 105, [106, [101]]]);
    fields = moveStep(fields, 101, 'up');
    expect(shape(fields)).toEqual([[102, [103, 104]], 105, 101, [106, []]]);
  });

  it('knows when a step is impossible', () => {
    const fields = sample();
    expect(canStep(fields, 101, 'up')).toBe(false);
    expect(canStep(fields, 101, 'down')).toBe(true);
    expect(canStep(fields, 103, 'up')).toBe(true);
    expect(canStep(fields, 106, 'down')).toBe(false);
    expect(canStep(fields, 999, 'up')).toBe(false);
    expect(shape(moveStep(fields, 101, 'up'))).toEqual(shape(fields));
  });

  it('moves before a target or into a container, never into itself', () => {
    const fields = sample();
    expect(shape(moveBefore(fields, 105, 103))).toEqual([101, [102, [105, 103, 104]], [106, []]]);
    expect(shape(moveBefore(fields, 101, 105))).toEqual([[102, [103, 104]], 101, 105, [106, []]]);
    expect(shape(moveBefore(fields, 102, 103))).toEqual(shape(fields));
    expect(shape(moveInto(fields, 103, 106))).toEqual([101, [102, [104]], 105, [106, [103]]]);
    expect(shape(moveInto(fields, 103, null))).toEqual([101, [102, [104]], 105, [106, []], 103]);
    expect(shape(moveInto(fields, 102, 102))).toEqual(shape(fields));
    expect(shape(moveInto(fields, 101, 105))).toEqual(shape(fields));
    const nested = moveInto(fields, 106, 102);
    expect(shape(nested)).toEqual([101, [102, [103, 104, [106, []]]], 105]);
    expect(shape(moveInto(nested, 102, 106))).toEqual(shape(nested));
  });
});

describe('copyField', () => {
  it('copies an item after itself with fresh ids, keys and row names, children included', () => {
    const fields = sample();
    const copied = copyField(fields, 102, 106);
    expect(copied.idGlobal).toBe(109);
    expect(copied.copyId).toBe(107);
    expect(shape(copied.fields)).toEqual([101, [102, [103, 104]], [107, [108, 109]], 105, [106, []]]);
    const row = findField(copied.fields, 107)!;
    expect(row.__config__.componentName).toBe('row107');
    expect(findField(copied.fields, 108)!.__vModel__).toBe('selectField108');
    expect(findField(copied.fields, 108)!.options).toEqual(findField(fields, 103)!.options);
    expect(findField(copied.fields, 108)!.options).not.toBe(findField(fields, 103)!.options);
    expect(copyField(fields, 999, 106)).toMatchObject({ idGlobal: 106, copyId: null });
  });
});
