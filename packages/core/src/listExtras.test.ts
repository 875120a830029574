import { describe, expect, it } from 'vitest';
import {
  arrangeColumns,
  complexHeadersOf,
  listExtrasProblems,
  listSummary,
  slotColumns,
  thousandsText,
  totalText,
  type ComplexHeader,
} from './listExtras.js';

const columns = [
  { prop: 'qty', jnpfKey: 'inputNumber' },
  { prop: 'price', jnpfKey: 'amount' },
  { prop: 'code', jnpfKey: 'input', masked: true },
  { prop: 'name', jnpfKey: 'input' },
  { prop: 'calc', jnpfKey: 'calculate' },
];
const rows = [
  { qty: '3', qty_id: 3, price: '1,000.50', price_id: 1000.5, code: '1**', code_id: '1**', calc: '2.5', calc_id: null },
  { qty: '1200', qty_id: 1200, price: '0.25', price_id: 0.25, code: '2**', code_id: '2**', calc: '1', calc_id: null },
  { qty: '', qty_id: null, price: '', price_id: null, code: '', code_id: null, calc: '', calc_id: null },
];

describe('list totals', () => {
  it('shows integers as they are and other totals with two decimals', () => {
    expect(totalText(3)).toBe('3');
    expect(totalText(0.1 + 0.2)).toBe('0.30');
    expect(totalText(1.5 + 1.5)).toBe('3');
    expect(totalText(-1234567.891, true)).toBe('-1,234,567.89');
    expect(totalText(1234567, true)).toBe('1,234,567');
  });

  it('sums the named number columns of the rows, raw values first, shown text else', () => {
    const options = { showSummary: true, summaryField: ['qty', 'price', 'code', 'name', 'calc', 'ghost'] };
    expect(listSummary(rows, columns, options)).toEqual({ qty: '1203', price: '1000.75', calc: '3.50' });
    expect(listSummary(rows, columns, { ...options, thousands: true, thousandsField: ['qty', 'price'] })).toEqual({
      qty: '1,203',
      price: '1,000.75',
      calc: '3.50',
    });
    expect(listSummary([], columns, options)).toEqual({ qty: '', price: '', calc: '' });
  });

  it('gives nothing when the summary is off, and no total for a column the user does not see', () => {
    expect(listSummary(rows, columns, { showSummary: false, summaryField: ['qty'] })).toEqual({});
    const granted = columns.filter((c) => c.prop !== 'qty');
    expect(listSummary(rows, granted, { showSummary: true, summaryField: ['qty', 'price'] })).toEqual({
      price: '1000.75',
    });
  });

  it('groups thousands of plain numbers in cells only', () => {
    expect(thousandsText(1234567.5)).toBe('1,234,567.5');
    expect(thousandsText('-98765')).toBe('-98,765');
    expect(thousandsText('1,234')).toBe('1,234');
    expect(thousandsText('abc')).toBe('abc');
    expect(thousandsText(null)).toBeNull();
  });
});

describe('complex headers', () => {
  const list = [
    { prop: 'a', fixed: 'left' },
    { prop: 'b' },
    { prop: 'c' },
    { prop: 'd' },
    { prop: 'e', fixed: 'none' },
    { prop: 'f', fixed: 'right' },
  ];
  const headers: ComplexHeader[] = [
    { id: 'g1', fullName: '规格', childColumns: ['d', 'b'] },
    { id: 'g2', fullName: '冻结', childColumns: ['a', 'f'] },
    { id: 'g3', fullName: '空', childColumns: ['zz'] },
  ];

  it('gathers a group at its first column, keeps frozen columns out and drops empty groups', () => {
    const slots = arrangeColumns(list, headers);
    expect(
      slots.map((s) => (s.header ? `${s.header.id}[${s.columns.map((c) => c.prop).join()}]` : s.column.prop)),
    ).toEqual(['a', 'g1[b,d]', 'c', 'e', 'f']);
    expect(slotColumns(slots).map((c) => c.prop)).toEqual(['a', 'b', 'd', 'c', 'e', 'f']);
  });

  it('drops hidden columns out of their group and a group left empty', () => {
    const shown = list.filter((c) => c.prop !== 'b' && c.prop !== 'd');
    expect(arrangeColumns(shown, headers).every((s) => !s.header)).toBe(true);
    const one = arrangeColumns(
      list.filter((c) => c.prop !== 'b'),
      headers,
    );
    expect(one[2]).toMatchObject({ header: { id: 'g1' }, columns: [{ prop: 'd' }] });
  });

  it('reads a stored list leniently', () => {
    expect(complexHeadersOf([{ id: 1, fullName: 'x', align: 'center', childColumns: ['a', 2] }, null, 'x'])).toEqual([
      { id: '1', fullName: 'x', align: 'center', childColumns: ['a'] },
    ]);
    expect(complexHeadersOf(undefined)).toEqual([]);
  });
});

describe('the checks of the summary and header settings', () => {
  const columnList = [
    { prop: 'qty', label: '数量', jnpfKey: 'inputNumber' },
    { prop: 'name', label: '名称', jnpfKey: 'input' },
    { prop: 'total', label: '合计金额', jnpfKey: 'calculate' },
  ];
  const codes = (extra: Record<string, unknown>) =>
    listExtrasProblems({ columnList, ...extra }).map((p) => `${p.path}:${p.code}`);

  it('accepts a good design and one without the settings', () => {
    expect(codes({})).toEqual([]);
    expect(
      codes({
        showSummary: true,
        summaryField: ['qty', 'total'],
        thousands: true,
        thousandsField: ['qty'],
        complexHeaderList: [{ id: '1', fullName: '数字', childColumns: ['qty', 'total'] }],
      }),
    ).toEqual([]);
  });

  it('refuses unknown and non-number summary and thousands columns', () => {
    expect(codes({ summaryField: ['ghost', 'name'], thousandsField: ['name', 3] })).toEqual([
      'columnData.summaryField.0:summaryFieldUnknown',
      'columnData.summaryField.1:summaryFieldNotNumber',
      'columnData.thousandsField.0:thousandsFieldNotNumber',
      'columnData.thousandsField.1:thousandsFieldUnknown',
    ]);
    expect(codes({ summaryField: 'qty' })).toEqual(['columnData.summaryField:extrasInvalid']);
  });

  it('refuses groups without a name or columns, unknown columns and a column in two groups', () => {
    expect(
      codes({
        complexHeaderList: [
          { id: '1', fullName: ' ', childColumns: ['qty'] },
          { id: '2', fullName: 'B', childColumns: [] },
          { id: '3', fullName: 'C', childColumns: ['ghost', 'qty'] },
          7,
        ],
      }),
    ).toEqual([
      'columnData.complexHeaderList.0.fullName:headerNameRequired',
      'columnData.complexHeaderList.1.childColumns:headerColumnsEmpty',
      'columnData.complexHeaderList.2.childColumns.0:headerColumnUnknown',
      'columnData.complexHeaderList.2.childColumns.1:headerColumnTwice',
      'columnData.complexHeaderList.3:extrasInvalid',
    ]);
  });
});
