import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { defaultColumnData } from './listModel';
import { BUTTON_TEXTS, makeField } from './testing';
import { defaultFormData } from './designState';
import { compilePattern, isListProblem, normalizePattern, validateDesign, withNormalizedPatterns } from './validate';

const make = (key: OnlineFieldKey, id: number, patch: Partial<FieldConfig> = {}): FieldConfig => ({
  ...makeField(key, id, `${key}${id}`),
  ...patch,
});

const check = (fields: FieldConfig[], webType = 1, columns = defaultColumnData(fields, BUTTON_TEXTS)) =>
  validateDesign({ ...defaultFormData({ confirm: '', cancel: '', confirmAndAdd: '' }), fields }, columns, webType);
const codes = (fields: FieldConfig[], webType = 1) => check(fields, webType).map((p) => [p.code, p.formId]);

describe('validateDesign', () => {
  it('accepts a form of fresh fields', () => {
    expect(check([make('input', 101), make('select', 102), make('row', 103)])).toEqual([]);
  });

  it('needs fields', () => {
    expect(codes([])).toEqual([['noFields', undefined]]);
  });

  it('checks record keys: present, well formed, unique across containers', () => {
    const row = make('row', 104);
    row.__config__.children = [make('input', 105, { __vModel__: 'name' })];
    expect(
      codes([
        make('input', 101, { __vModel__: '' }),
        make('input', 102, { __vModel__: '1abc' }),
        make('input', 103, { __vModel__: 'name' }),
        row,
        make('input', 106, { __vModel__: 'a'.repeat(51) }),
      ]),
    ).toEqual([
      ['vModelRequired', 101],
      ['vModelFormat', 102],
      ['vModelDuplicate', 105],
      ['vModelFormat', 106],
    ]);
  });

  it('checks static options and dictionaries', () => {
    const dictionary = make('radio', 104);
    dictionary.__config__.dataType = 'dictionary';
    expect(
      codes([
        make('select', 101, { options: [] }),
        make('checkbox', 102, { options: [{ fullName: '', id: '1' }] }),
        make('radio', 103, {
          options: [
            { fullName: 'a', id: '1' },
            { fullName: 'b', id: '1' },
          ],
        }),
        dictionary,
      ]),
    ).toEqual([
      ['optionsRequired', 101],
      ['optionIncomplete', 102],
      ['optionDuplicate', 103],
      ['dictionaryRequired', 104],
    ]);
    dictionary.__config__.dictionaryType = 'd1';
    expect(codes([dictionary])).toEqual([]);
  });

  it('checks labels, number rules, patterns and ranges', () => {
    const unlabelled = make('input', 101);
    unlabelled.__config__.label = ' ';
    const patterned = make('input', 103);
    patterned.__config__.regList = [{ pattern: '/[a-/', message: 'x' }];
    expect(codes([unlabelled, make('billRule', 102), patterned, make('inputNumber', 104, { min: 5, max: 1 })])).toEqual(
      [
        ['labelRequired', 101],
        ['ruleRequired', 102],
        ['patternInvalid', 103],
        ['minAboveMax', 104],
      ],
    );
  });

  it('refuses a user or mixed picker in custom mode without a permitted entry, in a sub-table too', () => {
    const table = make('table', 105);
    table.__config__.children = [make('userSelect', 106, { selectType: 'custom', ableIds: [] })];
    expect(
      codes([
        make('userSelect', 101, { selectType: 'custom', ableIds: [] }),
        make('usersSelect', 102, { selectType: 'custom' }),
        make('usersSelect', 103, { selectType: 'custom', ableIds: ['r1--role'] }),
        make('userSelect', 104, { selectType: 'all', ableIds: [] }),
        table,
      ]),
    ).toEqual([
      ['ableIdsRequired', 101],
      ['ableIdsRequired', 102],
      ['ableIdsRequired', 106],
    ]);
  });

  it('refuses a directory picker in custom mode without an id of its own directory', () => {
    expect(
      codes([
        make('depSelect', 101, { selectType: 'custom', ableIds: [] }),
        // a role is nothing a position picker could pick
        make('posSelect', 102, { selectType: 'custom', ableIds: ['r1--role'] }),
        make('roleSelect', 103, { selectType: 'custom', ableIds: ['r1--role'] }),
        make('organizeSelect', 104, { selectType: 'custom', ableIds: ['d1--department'] }),
        make('groupSelect', 105, { selectType: 'custom', ableIds: ['g1'] }),
      ]),
    ).toEqual([
      ['ableIdsRequired', 101],
      ['ableIdsRequired', 102],
    ]);
  });

  it('checks sub-tables: columns present and allowed, checked as fields, keys unique with the form', () => {
    const empty = make('table', 101);
    const table = make('table', 102);
    const unlabelled = make('input', 104, { __vModel__: 'name' });
    unlabelled.__config__.label = '';
    table.__config__.children = [make('select', 103, { options: [] }), unlabelled, make('uploadFile', 105)];
    expect(codes([empty, table, make('input', 106, { __vModel__: 'name' })])).toEqual([
      ['tableEmpty', 101],
      ['tableColumnInvalid', 102],
      ['optionsRequired', 103],
      ['labelRequired', 104],
      ['vModelDuplicate', 106],
    ]);
    const ok = make('table', 107);
    ok.__config__.children = [make('input', 108)];
    expect(codes([ok])).toEqual([]);
  });

  it('checks a select-data dialog: its source, and mappings only onto columns of the table', () => {
    const chooser = (id: number, addTableConf: Record<string, unknown>, addType = 1) => {
      const t = make('table', id, { addType, addTableConf });
      t.__config__.children = [make('input', id + 1, { __vModel__: `col${id}` })];
      return t;
    };
    const mapping = (id: number) => [{ field: `col${id}`, type: 1, value: 'name' }];
    expect(
      check([
        chooser(110, { dataSource: 'dynamic', interfaceId: 'i1', relationOptions: mapping(110) }),
        chooser(120, { dataSource: 'dynamic', interfaceId: '' }),
        chooser(130, { dataSource: 'model', modelId: '' }),
        chooser(140, { dataSource: 'model', modelId: 'm1', relationOptions: [{ field: 'gone', type: 2, value: 'x' }] }),
        chooser(150, { dataSource: 'dynamic', interfaceId: '' }, 0),
      ]).map((p) => [p.code, p.formId, p.params?.name]),
    ).toEqual([
      ['interfaceRequired', 120, undefined],
      ['relationFormRequired', 130, undefined],
      ['chooserColumnMissing', 140, 'gone'],
    ]);
  });

  it('checks calculate formulas, in a sub-table too, where a calculated column is allowed', () => {
    const bad = make('calculate', 101, { expression: [{ __vModel__: 'a' }, '×'] });
    const empty = make('calculate', 102, { expression: [] });
    const table = make('table', 103);
    table.__config__.children = [
      make('inputNumber', 104, { __vModel__: 'w' }),
      make('calculate', 105, { expression: ['(', { __vModel__: 'table103.w' }] }),
    ];
    expect(codes([bad, empty, table])).toEqual([
      ['expressionInvalid', 101],
      ['expressionInvalid', 102],
      ['expressionInvalid', 105],
    ]);
    const good = make('table', 106);
    good.__config__.children = [
      make('inputNumber', 107, { __vModel__: 'w2' }),
      make('calculate', 108, { expression: [{ __vModel__: 'table106.w2' }, '×', '2'] }),
    ];
    expect(codes([good, make('calculate', 109, { expression: ['1', '+', '2'] })])).toEqual([]);
  });

  it('refuses a formula that reads a masked field or a masked sub-table column, naming it', () => {
    const mask = { useMask: true, maskConfig: { filler: '*', maskType: 1 } };
    const table = make('table', 103, { __vModel__: 'lines' });
    table.__config__.children = [make('input', 104, { __vModel__: 'card', ...mask })];
    table.__config__.children[0]!.__config__.label = '卡号';
    const salary = make('input', 101, { __vModel__: 'salary', ...mask });
    salary.__config__.label = '工资';
    const fields = [
      salary,
      make('input', 102, { __vModel__: 'plain' }),
      table,
      make('calculate', 105, { expression: [{ __vModel__: 'salary' }, '*', '1'] }),
      make('calculate', 106, { expression: [{ __vModel__: 'lines.card' }] }),
      make('calculate', 107, { expression: [{ __vModel__: 'plain' }, '+', '1'] }),
    ];
    expect(check(fields).map((p) => [p.code, p.formId, p.params?.name])).toEqual([
      ['expressionMasked', 105, '工资'],
      ['expressionMasked', 106, '卡号'],
    ]);
  });

  it('needs a column for a list design', () => {
    const fields = [make('input', 101)];
    expect(check(fields, 2, { ...defaultColumnData(fields, BUTTON_TEXTS), columnList: [] }).map((p) => p.code)).toEqual(
      ['noColumns'],
    );
    expect(check(fields, 2)).toEqual([]);
    // a form of only a sub-table has nothing to list
    const table = make('table', 102);
    table.__config__.children = [make('input', 103)];
    expect(check([table], 2)).toEqual([]);
  });

  it('checks the summary and complex header settings of a list, as the server does', () => {
    const fields = [make('input', 101), make('inputNumber', 102)];
    const list = defaultColumnData(fields, BUTTON_TEXTS);
    const problems = check(fields, 2, {
      ...list,
      summaryField: ['inputField101'],
      complexHeaderList: [
        { id: '1', fullName: 'A', childColumns: ['inputNumberField102'] },
        { id: '2', fullName: 'B', childColumns: ['inputNumberField102'] },
      ],
    });
    expect(problems.map((p) => p.code)).toEqual(['summaryFieldNotNumber', 'headerColumnTwice']);
    expect(problems.every(isListProblem)).toBe(true);
    expect(problems[1]!.params).toMatchObject({ name: 'B', other: 'A' });
    // a form-only design has no list to check
    expect(check(fields, 1, { ...list, summaryField: ['ghost'] })).toEqual([]);
  });
});

describe('patterns', () => {
  it('compiles the reference literal form and a bare body', () => {
    expect(compilePattern('/^\\d+$/')!.test('12')).toBe(true);
    expect(compilePattern('/^abc$/i')!.test('ABC')).toBe(true);
    expect(compilePattern('^\\d+$')!.test('1a')).toBe(false);
    expect(compilePattern('(')).toBeNull();
  });

  it('stores patterns in the literal form', () => {
    expect(normalizePattern('^\\d+$')).toBe('/^\\d+$/');
    expect(normalizePattern(' /^a$/i ')).toBe('/^a$/i');
    const field = make('input', 101);
    field.__config__.regList = [{ pattern: '^\\d+$', message: 'm' }];
    const row = make('row', 102);
    row.__config__.children = [field];
    expect(withNormalizedPatterns([row])[0]!.__config__.children![0]!.__config__.regList).toEqual([
      { pattern: '/^\\d+$/', message: 'm' },
    ]);
  });
});

describe('validateDesign: containers of parts', () => {
  it('refuses a tab without panes and a pane without a title', () => {
    const empty = make('tab', 101);
    empty.__config__.children = [];
    const untitled = make('collapse', 110);
    untitled.__config__.children![0]!.title = ' ';
    expect(codes([make('input', 120), empty, untitled, make('tableGrid', 130)])).toEqual([
      ['containerInvalid', 101],
      ['containerInvalid', 110],
    ]);
  });

  it('refuses a table grid whose merged cells do not match its spans', () => {
    const grid = make('tableGrid', 101);
    const [first, second] = grid.__config__.children![0]!.__config__.children!;
    first!.__config__.colspan = 2;
    expect(codes([grid])).toEqual([['gridMergeInvalid', 101]]);
    second!.__config__.merged = true;
    expect(codes([grid])).toEqual([]);
  });

  it('refuses an attribute following what it cannot, as the server does', () => {
    const popup = make('popupSelect', 101, { __vModel__: 'goods', interfaceId: 'di1' });
    const table = make('table', 102, { __vModel__: 'lines' });
    const attr = (id: number, relationField: string, key: OnlineFieldKey = 'popupAttr') =>
      make(key, id, { relationField, showField: 'kind' });
    table.__config__.children = [
      make('popupSelect', 103, { __vModel__: 'item', interfaceId: 'di1' }),
      attr(104, 'item'),
      attr(105, 'goods'),
      attr(106, 'item', 'relationFormAttr'),
    ];
    const problems = check([popup, table, attr(107, 'goods'), attr(108, 'item'), attr(109, 'nothing'), attr(110, '')]);
    expect(problems.filter((p) => p.code === 'attrSourceInvalid').map((p) => [p.formId, p.params])).toEqual([
      [105, { name: 'goods' }],
      [106, { name: 'item' }],
      [108, { name: 'item' }],
      [109, { name: 'nothing' }],
    ]);
  });
});
