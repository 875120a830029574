import { INPUT_KEYS, LAYOUT_KEYS, SYSTEM_KEYS, type FieldConfig, type OnlineFieldKey } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import {
  accepts,
  canStep,
  changeField,
  copyField,
  createField,
  findField,
  insertField,
  locate,
  maxFormId,
  moveBefore,
  moveInto,
  moveStep,
  PALETTE_GROUPS,
  removeField,
  slotForNew,
  summableColumns,
  updateField,
  withTidySubTables,
} from './model';
import { zhFieldTexts } from './testing';

const texts = (label: string) => zhFieldTexts(label, { sampleText: '这是一段文字', sampleAlert: '这是一个提示' });

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
      disabled: false,
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

describe('sub-tables', () => {
  // 101, table 102 [103 input, 104 inputNumber], 105 uploadFile (no column may be it), card 106 []
  const withTable = () => [
    make('input', 101),
    make('table', 102, [make('input', 103), make('inputNumber', 104)]),
    make('uploadFile', 105),
    make('card', 106, []),
  ];

  it('is offered among the advanced fields and configured as the reference configures it', () => {
    expect(PALETTE_GROUPS.find((g) => g.group === 'advancedGroup')!.keys).toContain('table');
    const table = createField('table', 107, texts('设计子表'), 5);
    expect(table).toEqual({
      __config__: expect.objectContaining({
        jnpfKey: 'table',
        label: '设计子表',
        showLabel: true,
        showTitle: true,
        layout: 'rowFormItem',
        children: [],
        required: false,
        showSummary: false,
        summaryField: [],
        tableName: '',
        componentName: 'table107',
        formId: 107,
        renderKey: 5,
      }),
      __vModel__: 'tableField107',
      actionText: '添加',
      disabled: false,
    });
    expect(table.placeholder).toBeUndefined();
    expect(table.__config__.regList).toBeUndefined();
  });

  it('accepts only the keys a column may be', () => {
    const table = make('table', 1, []);
    // plain values, the directory pickers, the data-interface popups, relation forms and their attributes
    for (const key of [
      'input',
      'select',
      'inputNumber',
      'datePicker',
      'slider',
      'userSelect',
      'depSelect',
      'usersSelect',
      'popupSelect',
      'popupTableSelect',
      'autoComplete',
      'relationForm',
      'popupAttr',
      'relationFormAttr',
    ] as const) {
      expect(accepts(table, key)).toBe(true);
      expect(accepts(table, make(key, 2))).toBe(true);
    }
    for (const key of ['table', 'row', 'card', 'uploadFile', 'billRule', 'createTime', 'divider'] as const)
      expect(accepts(table, key)).toBe(false);
    expect(accepts(make('row', 3), 'table')).toBe(true);
    expect(accepts(make('card', 3), 'userSelect')).toBe(true);
    expect(accepts(make('input', 3), 'input')).toBe(false);
  });

  it('inserts a column into a table and refuses what it does not accept', () => {
    const fields = withTable();
    expect(shape(insertField(fields, make('select', 200), { parentId: 102, index: 1 }))).toEqual([
      101,
      [102, [103, 200, 104]],
      105,
      [106, []],
    ]);
    for (const key of ['uploadFile', 'row', 'card', 'table', 'text'] as const)
      expect(shape(insertField(fields, make(key, 200), { parentId: 102, index: 0 }))).toEqual(shape(fields));
  });

  it('moves into and before columns only what a table accepts', () => {
    const fields = withTable();
    expect(shape(moveInto(fields, 101, 102))).toEqual([[102, [103, 104, 101]], 105, [106, []]]);
    expect(shape(moveInto(fields, 105, 102))).toEqual(shape(fields));
    expect(shape(moveInto(fields, 106, 102))).toEqual(shape(fields));
    expect(shape(moveBefore(fields, 101, 104))).toEqual([[102, [103, 101, 104]], 105, [106, []]]);
    expect(shape(moveBefore(fields, 105, 103))).toEqual(shape(fields));
    expect(shape(moveBefore(fields, 106, 103))).toEqual(shape(fields));
    // a table goes into a card, not into another table
    expect(shape(moveInto(fields, 102, 106))).toEqual([101, 105, [106, [[102, [103, 104]]]]]);
    const twice = insertField(fields, make('table', 107, []), { parentId: null, index: 0 });
    expect(shape(moveInto(twice, 107, 102))).toEqual(shape(twice));
    // a column leaves its table for the top level
    expect(shape(moveInto(fields, 103, null))).toEqual([101, [102, [104]], 105, [106, []], 103]);
  });

  it('steps into a table what it accepts and past it what it does not', () => {
    const fields = withTable();
    expect(shape(moveStep(fields, 101, 'down'))).toEqual([[102, [101, 103, 104]], 105, [106, []]]);
    expect(shape(moveStep(fields, 105, 'up'))).toEqual([101, 105, [102, [103, 104]], [106, []]]);
    const card = moveStep(fields, 106, 'up');
    expect(shape(card)).toEqual([101, [102, [103, 104]], [106, []], 105]);
    expect(shape(moveStep(card, 106, 'up'))).toEqual([101, [106, []], [102, [103, 104]], 105]);
    // a column steps out of its table at either end
    expect(shape(moveStep(fields, 103, 'up'))).toEqual([101, 103, [102, [104]], 105, [106, []]]);
    expect(shape(moveStep(fields, 104, 'down'))).toEqual([101, [102, [103]], 104, 105, [106, []]]);
  });

  it('adds a palette key inside a selected table only when it accepts the key', () => {
    const fields = withTable();
    expect(slotForNew(fields, 102, 'select')).toEqual({ parentId: 102, index: 2 });
    expect(slotForNew(fields, 102, 'uploadFile')).toEqual({ parentId: null, index: 2 });
    expect(slotForNew(fields, 102, 'table')).toEqual({ parentId: null, index: 2 });
    expect(slotForNew(fields, 103, 'input')).toEqual({ parentId: 102, index: 1 });
    // a column selected, a key no column may be: after the table
    expect(slotForNew(fields, 103, 'row')).toEqual({ parentId: null, index: 2 });
    expect(slotForNew(fields, 106, 'table')).toEqual({ parentId: 106, index: 0 });
  });

  it('copies a table with fresh column keys, its name and summed columns following', () => {
    const fields = withTable();
    fields[1]!.__config__.showSummary = true;
    fields[1]!.__config__.summaryField = ['inputNumberField104', 'gone'];
    const copied = copyField(fields, 102, 106);
    expect(copied).toMatchObject({ idGlobal: 109, copyId: 107 });
    expect(shape(copied.fields)).toEqual([101, [102, [103, 104]], [107, [108, 109]], 105, [106, []]]);
    const copy = findField(copied.fields, 107)!;
    expect(copy.__vModel__).toBe('tableField107');
    expect(copy.__config__).toMatchObject({ componentName: 'table107', summaryField: ['inputNumberField109'] });
    expect(copy.__config__.children!.map((c) => c.__vModel__)).toEqual(['inputField108', 'inputNumberField109']);
    // a column copies within its table
    expect(shape(copyField(fields, 103, 106).fields)).toEqual([101, [102, [103, 107, 104]], 105, [106, []]]);
  });

  it('keeps the summed columns on a renamed column and tidies them for saving', () => {
    const fields = withTable();
    fields[1]!.__config__.summaryField = ['inputNumberField104'];
    const renamed = changeField(fields, 104, (f) => ({ ...f, __vModel__: 'amount' }));
    expect(findField(renamed, 102)!.__config__.summaryField).toEqual(['amount']);
    expect(findField(fields, 102)!.__config__.summaryField).toEqual(['inputNumberField104']);

    const table = findField(renamed, 102)!;
    table.__config__.summaryField = ['amount', 'inputField103', 'gone'];
    table.__config__.children![0]!.__config__.unique = true;
    const row = make('row', 110, [table]);
    const [tidy] = withTidySubTables([row]);
    const tidyTable = tidy!.__config__.children![0]!;
    expect(tidyTable.__config__.summaryField).toEqual(['amount']);
    expect(tidyTable.__config__.children![0]!.__config__.unique).toBe(false);
  });

  it('never sums a range slider column: not offered, and dropped from the summed columns on saving', () => {
    const plain = make('slider', 104);
    const ranged = { ...make('slider', 105), range: true };
    const table = make('table', 102, [plain, ranged]);
    expect(summableColumns(table).map((c) => c.__vModel__)).toEqual([plain.__vModel__]);
    table.__config__.summaryField = [plain.__vModel__, ranged.__vModel__];
    const [tidy] = withTidySubTables([table]);
    expect(tidy!.__config__.summaryField).toEqual([plain.__vModel__]);
  });
});

describe('containers of parts', () => {
  it('a new tab has two panes with their own ids; fields go into panes, never into the tab itself', () => {
    const tab = make('tab', 110);
    expect(shape([tab])).toEqual([
      [
        110,
        [
          [111, []],
          [112, []],
        ],
      ],
    ]);
    expect(maxFormId([tab])).toBe(112);
    expect(accepts(tab, 'input')).toBe(false);
    const pane = tab.__config__.children![1]!;
    expect(accepts(pane, 'input')).toBe(true);
    let fields = insertField([make('input', 101), tab], make('input', 113), { parentId: 112, index: 0 });
    expect(shape(fields)).toEqual([
      101,
      [
        110,
        [
          [111, []],
          [112, [113]],
        ],
      ],
    ]);
    // a palette click with the tab selected adds into its active pane (the first: active is "1")
    expect(slotForNew(fields, 110, 'input')).toEqual({ parentId: 111, index: 0 });
    fields = updateField(fields, 110, (tab) => ({ ...tab, __config__: { ...tab.__config__, active: '2' } }));
    expect(slotForNew(fields, 110, 'input')).toEqual({ parentId: 112, index: 1 });
    fields = moveInto(fields, 101, 111);
    expect(shape(fields)).toEqual([
      [
        110,
        [
          [111, [101]],
          [112, [113]],
        ],
      ],
    ]);
    // a step out of a pane leaves the whole tab
    fields = moveStep(fields, 101, 'up');
    expect(shape(fields)).toEqual([
      101,
      [
        110,
        [
          [111, []],
          [112, [113]],
        ],
      ],
    ]);
  });

  it('adds a palette key into the selected container, where the model lets it go', () => {
    // 101, row 102 [103], card 104 [], collapse 110 [111, 112], grid 120 [121 [122, 123], 124 [125, 126]]
    const collapse = make('collapse', 110);
    const grid = make('tableGrid', 120);
    const fields = [make('input', 101), make('row', 102, [make('input', 103)]), make('card', 104), collapse, grid];
    expect(slotForNew(fields, 102, 'input')).toEqual({ parentId: 102, index: 1 });
    expect(slotForNew(fields, 104, 'tab')).toEqual({ parentId: 104, index: 0 });
    // a plain field selected: after it, as before
    expect(slotForNew(fields, 103, 'input')).toEqual({ parentId: 102, index: 1 });
    expect(slotForNew(fields, 101, 'input')).toEqual({ parentId: null, index: 1 });
    // the first open panel of a collapse, or its first
    expect(slotForNew(fields, 110, 'input')).toEqual({ parentId: 111, index: 0 });
    const secondOpen = updateField(fields, 110, (f) => ({ ...f, __config__: { ...f.__config__, active: ['2'] } }));
    expect(slotForNew(secondOpen, 110, 'input')).toEqual({ parentId: 112, index: 0 });
    const noneOpen = updateField(fields, 110, (f) => ({ ...f, __config__: { ...f.__config__, active: [] } }));
    expect(slotForNew(noneOpen, 110, 'input')).toEqual({ parentId: 111, index: 0 });
    // a table grid: its first cell, or the first drawn one when that one is merged
    expect(slotForNew(fields, 120, 'textarea')).toEqual({ parentId: 122, index: 0 });
    const merged = updateField(fields, 122, (cell) => ({ ...cell, __config__: { ...cell.__config__, merged: true } }));
    expect(slotForNew(merged, 120, 'textarea')).toEqual({ parentId: 123, index: 0 });
    // a merged cell takes nothing, neither dropped nor moved
    expect(accepts(findField(merged, 122)!, 'input')).toBe(false);
    expect(insertField(merged, make('input', 130), { parentId: 122, index: 0 })).toEqual(merged);
    expect(moveInto(merged, 101, 122)).toEqual(merged);
    // a pane, panel or cell selected: into it
    expect(slotForNew(fields, 112, 'input')).toEqual({ parentId: 112, index: 0 });
    expect(slotForNew(fields, 126, 'input')).toEqual({ parentId: 126, index: 0 });
    // the same rules as a drop: a sub-table and other containers may go into a pane or cell, the new item
    // into a sub-table in a cell only when a column may be it
    expect(slotForNew(fields, 120, 'table')).toEqual({ parentId: 122, index: 0 });
    expect(slotForNew(fields, 110, 'row')).toEqual({ parentId: 111, index: 0 });
    const withTableInCell = insertField(fields, make('table', 131), { parentId: 122, index: 0 });
    expect(slotForNew(withTableInCell, 131, 'input')).toEqual({ parentId: 131, index: 0 });
    expect(slotForNew(withTableInCell, 131, 'uploadFile')).toEqual({ parentId: 122, index: 1 });
  });

  it('copies a table grid with fresh ids for its rows, cells and the fields in them', () => {
    const grid = make('tableGrid', 120);
    expect(shape([grid])).toEqual([
      [
        120,
        [
          [
            121,
            [
              [122, []],
              [123, []],
            ],
          ],
          [
            124,
            [
              [125, []],
              [126, []],
            ],
          ],
        ],
      ],
    ]);
    const fields = insertField([grid], make('input', 127), { parentId: 122, index: 0 });
    const copied = copyField(fields, 120, 127);
    expect(copied.fields).toHaveLength(2);
    expect(shape([copied.fields[1]!])).toEqual([
      [
        128,
        [
          [
            129,
            [
              [130, [131]],
              [132, []],
            ],
          ],
          [
            133,
            [
              [134, []],
              [135, []],
            ],
          ],
        ],
      ],
    ]);
    expect(findField(copied.fields, 131)!.__vModel__).toBe('inputField131');
  });
});
