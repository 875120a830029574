import { describe, expect, it } from 'vitest';
import { summarizeColumn, summaryRow } from './summary.js';

const rows = [{ a: 1000, b: 'x', c: '1.005' }, { a: '2000.5', b: null, c: 2 }, {}, null, 'junk'];

describe('the sub-table summary', () => {
  it('sums a column to two decimals, with thousands when asked', () => {
    expect(summarizeColumn(rows, 'a')).toBe('3000.50');
    expect(summarizeColumn(rows, 'a', { thousands: true })).toBe('3,000.50');
    expect(summarizeColumn(rows, 'c')).toBe('3.01');
  });
  it('is empty when no cell is a number', () => {
    expect(summarizeColumn(rows, 'b')).toBe('');
    expect(summarizeColumn([], 'a')).toBe('');
    expect(summarizeColumn(rows, 'toString')).toBe('');
  });
  it('sums only the summary fields, never a masked column', () => {
    const columns = [{ vModel: 'a', thousands: true }, { vModel: 'b' }, { vModel: 'c', useMask: true }];
    expect(summaryRow(rows, columns, ['a', 'b', 'c'])).toEqual({ a: '3,000.50', b: '' });
    expect(summaryRow(rows, columns, [])).toEqual({});
  });
});
