import { describe, expect, it } from 'vitest';
import {
  canConfirm,
  dynamicSourceRequest,
  mapSelection,
  modelSourceRequest,
  pageOf,
  pageSizeOf,
  popupWidthOf,
  visibleColumns,
  type ChooserConfig,
} from './chooserModel';

const config: ChooserConfig = {
  dataSource: 'dynamic',
  interfaceId: 'if1',
  modelId: 'm1',
  columnOptions: [
    { value: 'code', label: '编码' },
    { value: 'name', label: '名称', width: 200 },
    { value: 'secret', label: '隐藏', ifShow: false },
  ],
  paramList: [{ field: 'org', relationField: 'organizeId', defaultValue: '1' }],
};

describe('record chooser rules', () => {
  it('pages with the configured size, or loads everything (10000) without paging', () => {
    expect(pageSizeOf({ hasPage: true, pageSize: 50 })).toBe(50);
    expect(pageSizeOf({ hasPage: true })).toBe(20);
    expect(pageSizeOf({ hasPage: false, pageSize: 50 })).toBe(10000);
  });

  it('shows the columns not hidden by ifShow', () => {
    expect(visibleColumns(config.columnOptions).map((column) => column.value)).toEqual(['code', 'name']);
  });

  it('maps each chosen row to its target fields: a column value or a fixed value', () => {
    const rows = [
      { id: '1', code: 'A', name: 'Alpha' },
      { id: '2', code: 'B', name: 'Beta' },
    ];
    expect(
      mapSelection(rows, [
        { field: 'targetCode', type: 'column', value: 'code' },
        { field: 'targetName', type: 1, value: 'name' },
        { field: 'source', type: 2, value: 'chooser' },
        { field: 'flag', type: 'fixed', value: 'Y' },
      ]),
    ).toEqual([
      { targetCode: 'A', targetName: 'Alpha', source: 'chooser', flag: 'Y' },
      { targetCode: 'B', targetName: 'Beta', source: 'chooser', flag: 'Y' },
    ]);
    expect(mapSelection(rows)).toEqual(rows);
  });

  it('confirms only with something chosen', () => {
    expect(canConfirm([])).toBe(false);
    expect(canConfirm([{}])).toBe(true);
  });

  it('asks a dynamic source with keyword, paging, comma-joined columns, interface id and parameters', () => {
    expect(dynamicSourceRequest(config, { keyword: 'k', currentPage: 2, pageSize: 20 })).toEqual({
      url: '/api/system/DataInterface/if1/Actions/List',
      body: {
        keyword: 'k',
        currentPage: 2,
        pageSize: 20,
        columnOptions: 'code,name,secret',
        interfaceId: 'if1',
        paramList: config.paramList,
      },
    });
    expect(modelSourceRequest(config, { keyword: '', currentPage: 1, pageSize: 10000 }).url).toBe(
      '/api/visualdev/OnlineDev/m1/List',
    );
  });

  it('reads data.list and data.pagination.total', () => {
    expect(pageOf({ list: [{ id: 1 }], pagination: { currentPage: 1, pageSize: 20, total: 41 } })).toEqual({
      list: [{ id: 1 }],
      total: 41,
    });
    expect(pageOf([{ id: 1 }, { id: 2 }])).toEqual({ list: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(pageOf(undefined)).toEqual({ list: [], total: 0 });
  });

  it('takes the popup width as a number or a CSS width', () => {
    expect(popupWidthOf(undefined)).toBe(800);
    expect(popupWidthOf('1000')).toBe(1000);
    expect(popupWidthOf('60%')).toBe('60%');
  });
});
