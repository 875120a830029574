import type { ColumnDataJson } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import {
  columnFromField,
  defaultColumnData,
  defaultSearchType,
  isSearchable,
  listFields,
  moveItem,
  normalizeColumnData,
  searchFromField,
  searchTypesOf,
  syncColumnData,
} from './listModel';
import { moveInto, removeField, updateField } from './model';
import { BUTTON_TEXTS, makeField } from './testing';

const buttons = BUTTON_TEXTS;

const make = makeField;

const fields = () => [
  make('input', 101, '名称'),
  make('card', 102, '卡片', [make('select', 103, '状态'), make('text', 104, '说明')]),
  make('switch', 105, '启用'),
];

describe('defaultColumnData', () => {
  it('lists every value field, adds the standard buttons and paging', () => {
    const data = defaultColumnData(fields(), buttons);
    expect(data.columnList.map((c) => [c.prop, c.label, c.jnpfKey])).toEqual([
      ['inputField101', '名称', 'input'],
      ['selectField103', '状态', 'select'],
      ['switchField105', '启用', 'switch'],
    ]);
    expect(data).toMatchObject({
      type: 1,
      searchList: [],
      btnsList: [
        { value: 'add', label: '新增', icon: 'icon-ym icon-ym-btn-add' },
        { value: 'download', label: '导出', icon: 'icon-ym icon-ym-btn-download' },
        { value: 'upload', label: '导入', icon: 'icon-ym icon-ym-btn-upload' },
        { value: 'batchRemove', label: '批量删除', icon: 'icon-ym icon-ym-btn-clearn' },
      ],
      columnBtnsList: [
        { value: 'edit', label: '编辑' },
        { value: 'remove', label: '删除' },
      ],
      hasPage: true,
      pageSize: 20,
      sort: 'desc',
      defaultSidx: '',
      useBtnPermission: false,
      useColumnPermission: false,
    });
  });

  it('makes items of the field spread plus their own keys', () => {
    const select = fields()[1]!.__config__.children![0]!;
    expect(columnFromField(select)).toMatchObject({
      __vModel__: 'selectField103',
      __config__: { formId: 103 },
      options: select.options,
      label: '状态',
      prop: 'selectField103',
      jnpfKey: 'select',
      fixed: 'none',
      align: 'left',
      sortable: false,
      width: null,
    });
    expect(searchFromField(select)).toMatchObject({ prop: 'selectField103', searchType: 1, isKeyword: false });
  });

  it('fills what a stored columnData lacks', () => {
    const data = normalizeColumnData({ pageSize: 50, columnList: [] }, fields(), buttons);
    expect(data.pageSize).toBe(50);
    expect(data.columnList).toEqual([]);
    expect(data.btnsList.map((b) => b.value)).toEqual(['add', 'download', 'upload', 'batchRemove']);
    expect(normalizeColumnData(null, [], buttons).columnList).toEqual([]);
  });
});

describe('search types', () => {
  it('chooses fuzzy for text, range for numbers and times, equal otherwise', () => {
    expect(defaultSearchType('input')).toBe(2);
    expect(defaultSearchType('billRule')).toBe(2);
    expect(defaultSearchType('datePicker')).toBe(3);
    expect(defaultSearchType('createTime')).toBe(3);
    expect(defaultSearchType('select')).toBe(1);
    expect(defaultSearchType('createUser')).toBe(1);
    expect(searchTypesOf('input')).toEqual([1, 2]);
    expect(searchTypesOf('inputNumber')).toEqual([1, 3]);
    expect(searchTypesOf('radio')).toEqual([1]);
    expect(isSearchable('switch')).toBe(false);
    expect(isSearchable('colorPicker')).toBe(false);
    expect(isSearchable('select')).toBe(true);
  });
});

describe('syncColumnData', () => {
  const withSearch = (): ColumnDataJson => {
    const data = defaultColumnData(fields(), buttons);
    const [input, , switchField] = fields();
    return {
      ...data,
      searchList: [searchFromField(input!), searchFromField(switchField!)],
      defaultSidx: 'selectField103',
    };
  };

  it('drops the items of a removed field, nested ones too, and clears the default sort', () => {
    const removed = removeField(fields(), 102);
    const data = syncColumnData(withSearch(), removed);
    expect(data.columnList.map((c) => c.prop)).toEqual(['inputField101', 'switchField105']);
    expect(data.defaultSidx).toBe('');
  });

  it('follows a renamed record key in columns, search and the default sort', () => {
    const renamed = updateField(fields(), 103, (f) => ({ ...f, __vModel__: 'status' }));
    const data = syncColumnData(withSearch(), renamed);
    expect(data.columnList.map((c) => c.prop)).toEqual(['inputField101', 'status', 'switchField105']);
    expect(data.defaultSidx).toBe('status');
    expect(data.columnList[1]!.__vModel__).toBe('status');
  });

  it('keeps summary, thousands and header columns on their column: renamed with it, gone with it', () => {
    const start: ColumnDataJson = {
      ...withSearch(),
      summaryField: ['selectField103', 'inputField101'],
      thousandsField: ['selectField103'],
      complexHeaderList: [{ id: 'h', fullName: 'H', childColumns: ['inputField101', 'selectField103', 'ghost'] }],
    };
    const renamed = syncColumnData(
      start,
      updateField(fields(), 103, (f) => ({ ...f, __vModel__: 'status' })),
    );
    expect(renamed).toMatchObject({
      summaryField: ['status', 'inputField101'],
      thousandsField: ['status'],
      complexHeaderList: [{ id: 'h', childColumns: ['inputField101', 'status'] }],
    });
    const unlisted = syncColumnData({ ...start, columnList: start.columnList.slice(1) }, fields());
    expect(unlisted).toMatchObject({
      summaryField: ['selectField103'],
      complexHeaderList: [{ childColumns: ['selectField103'] }],
    });
  });

  it('follows a label only where the column kept the field label', () => {
    const start = withSearch();
    start.columnList[0] = { ...start.columnList[0]!, label: '客户名称' };
    const relabelled = updateField(
      updateField(fields(), 101, (f) => ({ ...f, __config__: { ...f.__config__, label: '名字' } })),
      103,
      (f) => ({ ...f, __config__: { ...f.__config__, label: '单据状态' } }),
    );
    const data = syncColumnData(start, relabelled);
    expect(data.columnList.map((c) => c.label)).toEqual(['客户名称', '单据状态', '启用']);
    expect(data.searchList[0]!.label).toBe('名字');
  });

  it('keeps the items own keys and refreshes the field spread', () => {
    const start = withSearch();
    start.columnList[1] = { ...start.columnList[1]!, width: 120, align: 'center', sortable: true };
    const changed = updateField(fields(), 103, (f) => ({ ...f, options: [{ fullName: '新', id: 'n' }] }));
    const column = syncColumnData(start, changed).columnList[1]!;
    expect(column).toMatchObject({
      width: 120,
      align: 'center',
      sortable: true,
      options: [{ fullName: '新', id: 'n' }],
    });
  });

  it('drops unsearchable and duplicate items and matches JSON without the spread by record key', () => {
    const start = withSearch();
    start.columnList.push({ label: 'x', prop: 'inputField101', jnpfKey: 'input' });
    start.columnList.push({ label: 'gone', prop: 'nothing', jnpfKey: 'input' });
    const data = syncColumnData(start, fields());
    expect(data.columnList.map((c) => c.prop)).toEqual(['inputField101', 'selectField103', 'switchField105']);
    expect(data.searchList.map((c) => c.prop)).toEqual(['inputField101']);
    const bare = syncColumnData(
      { ...start, columnList: [{ label: '名称', prop: 'inputField101', jnpfKey: 'input' }] },
      fields(),
    );
    expect(bare.columnList[0]).toMatchObject({ prop: 'inputField101', __config__: { formId: 101 } });
  });
});

describe('sub-tables', () => {
  // 101 input, table 102 [103 select, 104 inputNumber], 105 switch
  const withTable = () => [
    make('input', 101, '名称'),
    make('table', 102, '明细', [make('select', 103, '品类'), make('inputNumber', 104, '数量')]),
    make('switch', 105, '启用'),
  ];

  it('lists neither a sub-table nor its columns', () => {
    expect(listFields(withTable()).map((f) => f.__vModel__)).toEqual(['inputField101', 'switchField105']);
    expect(defaultColumnData(withTable(), buttons).columnList.map((c) => c.prop)).toEqual([
      'inputField101',
      'switchField105',
    ]);
  });

  it('drops columns and searches of a sub-table and of its columns', () => {
    const fields = withTable();
    const [input, table] = fields;
    const [select, number] = table!.__config__.children!;
    const start: ColumnDataJson = {
      ...defaultColumnData(fields, buttons),
      columnList: [
        columnFromField(input!),
        columnFromField(table!),
        columnFromField(select!),
        columnFromField(number!),
      ],
      searchList: [searchFromField(input!), searchFromField(table!), searchFromField(select!)],
      defaultSidx: 'inputNumberField104',
    };
    const data = syncColumnData(start, fields);
    expect(data.columnList.map((c) => c.prop)).toEqual(['inputField101']);
    expect(data.searchList.map((c) => c.prop)).toEqual(['inputField101']);
    expect(data.defaultSidx).toBe('');
    // a listed field moved into a sub-table leaves the list
    const moved = moveInto(fields, 101, 102);
    expect(syncColumnData(start, moved).columnList).toEqual([]);
  });
});

describe('moveItem', () => {
  it('swaps with the neighbour and ignores moves past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 'up')).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 'down')).toEqual(['a', 'b']);
  });
});
