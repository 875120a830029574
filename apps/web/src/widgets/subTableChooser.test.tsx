// The sub-table's select-data dialog (addType 1 with addTableConf: a row per chosen record, its columns mapped by
// relationOptions), the buttons the design lists (columnBtnsList, footerBtnsList), its grouped headers with each
// column's alignment and freezing (complexHeaderList, tableAlign, tableFixed) in the form and the detail, and a
// total row that leaves masked columns out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { mockApi, ok, renderAdmin } from '../components/admin/testUtils';
import { i18n } from '../platform/i18n';
import { rowsFromChosen, totals } from './subTable';
import { fieldOf, formOf, RendererHarness, SUBMIT } from './testing';

vi.setConfig({ testTimeout: 60_000 });

const LIST = '/api/system/DataInterface/di1/Actions/List';
const ROWS = [
  { id: 'a1', full_name: '苹果', price: 3 },
  { id: 'a2', full_name: '香蕉', price: 5 },
  { id: 'v1', full_name: '白菜', price: 2 },
];

let api: ReturnType<typeof mockApi>;
beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api = mockApi().on('POST', LIST, ok({ list: ROWS, pagination: { total: ROWS.length } }));
});

function goodsTable(extra: Partial<FieldConfig> = {}, config: Partial<FieldConfig['__config__']> = {}) {
  return fieldOf('table', 'items', '明细', {
    ...extra,
    config: {
      children: [
        fieldOf('input', 'name', '品名', { config: { tableFixed: 'left' } }),
        fieldOf('inputNumber', 'qty', '数量', { config: { tableAlign: 'right' } }),
        fieldOf('input', 'note', '备注'),
      ],
      ...config,
    },
  });
}

const chooser = {
  addType: 1,
  addTableConf: {
    dataSource: 'dynamic',
    interfaceId: 'di1',
    popupTitle: '选择商品',
    columnOptions: [
      { value: 'full_name', label: '名称' },
      { value: 'price', label: '价格' },
    ],
    relationOptions: [
      { field: 'name', type: 1, value: 'full_name' },
      { field: 'qty', type: 1, value: 'price' },
      { field: 'note', type: 2, value: '采购' },
    ],
  },
};

describe('select data', () => {
  it('maps each chosen record to a new row (pure)', () => {
    const table = goodsTable();
    expect(
      rowsFromChosen(table.__config__.children!, [ROWS[0]!, ROWS[2]!], chooser.addTableConf.relationOptions as never),
    ).toEqual([
      { name: '苹果', qty: 3, note: '采购' },
      { name: '白菜', qty: 2, note: '采购' },
    ]);
  });

  it('adds a row per record chosen in the dialog, after the rows there', async () => {
    const onSubmit = vi.fn();
    renderAdmin(
      <RendererHarness
        formData={formOf([goodsTable(chooser)])}
        record={{ items: [{ name: '已有' }] }}
        onSubmit={onSubmit}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    fireEvent.click(within(group).getByRole('button', { name: /选择数据/ }));
    const dialog = await screen.findByRole('dialog', { name: '选择商品' });
    fireEvent.click(await within(dialog).findByText('苹果'));
    fireEvent.click(within(dialog).getByText('白菜'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(group).getByDisplayValue('白菜')).toBeTruthy());
    expect(api.calls.some((c) => c.path === LIST)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      items: [{ name: '已有' }, { name: '苹果', qty: 3, note: '采购' }, { name: '白菜', qty: 2, note: '采购' }],
    });
  });

  it('shows the buttons the design lists, with their texts; no select data without a chooser', () => {
    renderAdmin(
      <RendererHarness
        formData={formOf([
          goodsTable({
            columnBtnsList: [
              { value: 'copy', label: '复制', show: false },
              { value: 'remove', label: '移除', show: true },
            ],
            footerBtnsList: [
              { value: 'add', label: '加一行', show: true },
              { value: 'batchRemove', label: '批量删除', show: false },
            ],
          }),
        ])}
        record={{ items: [{ name: 'a' }] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = screen.getByRole('group', { name: '明细' });
    expect(within(group).getByRole('button', { name: /加一行/ })).toBeTruthy();
    expect(within(group).getByRole('button', { name: /移\s*除/ })).toBeTruthy();
    expect(within(group).queryByRole('button', { name: /复\s*制/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: /选择数据/ })).toBeNull();
  });
});

describe('grouped headers, alignment and freezing', () => {
  const grouped = goodsTable(
    {},
    { complexHeaderList: [{ id: 'g1', fullName: '规格', align: 'center', childColumns: ['qty', 'note'] }] },
  );

  const check = () => {
    const group = screen.getByRole('group', { name: '明细' });
    const header = within(group).getByRole('columnheader', { name: '规格' });
    expect(header.getAttribute('colspan')).toBe('2');
    const qty = within(group).getByRole('columnheader', { name: '数量' });
    expect(qty.style.textAlign).toBe('right');
    const name = within(group).getByRole('columnheader', { name: '品名' });
    expect(name.className).toMatch(/ant-table-cell-fix/);
    return group;
  };

  it('in the form', () => {
    renderAdmin(<RendererHarness formData={formOf([grouped])} record={{ items: [{ qty: 1 }] }} onSubmit={vi.fn()} />);
    check();
  });

  it('in the read-only detail', () => {
    renderAdmin(
      <RendererHarness
        mode="detail"
        formData={formOf([grouped])}
        record={{ items: [] }}
        display={{ items: [{ name: '螺丝', qty: 3, note: 'x' }] }}
        onSubmit={vi.fn()}
      />,
    );
    const group = check();
    expect(within(group).getByText('3').closest('td')!.style.textAlign).toBe('right');
  });
});

describe('total row', () => {
  it('leaves a masked column out, whatever summaryField lists', () => {
    const table = fieldOf('table', 'items', '明细', {
      config: {
        children: [
          fieldOf('inputNumber', 'qty', '数量'),
          fieldOf('input', 'secret', '密码', { useMask: true, maskConfig: { maskType: 1 } }),
        ],
        showSummary: true,
        summaryField: ['qty', 'secret'],
      },
    });
    expect(
      totals(table, [
        { qty: 1, secret: '5' },
        { qty: 2, secret: '7' },
      ]),
    ).toEqual({ qty: '3.00' });
  });
});
