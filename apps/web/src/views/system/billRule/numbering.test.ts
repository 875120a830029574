import { describe, expect, it } from 'vitest';
import { canonicalFormat, exampleOf, formatDate } from './numbering';

const now = new Date(2024, 0, 15, 9, 5, 7, 42);

describe('number-rule example', () => {
  it('formats the date part like the server', () => {
    expect(formatDate(now, 'YYYY')).toBe('2024');
    expect(formatDate(now, 'YYYYMMDD')).toBe('20240115');
    expect(formatDate(now, 'YYYYMMDDHHmmssSSS')).toBe('20240115090507042');
    expect(formatDate(now, 'no')).toBe('');
    expect(canonicalFormat('yyyyMMdd')).toBe('YYYYMMDD');
  });

  it('type 1: prefix, date, start value padded to the digits, suffix', () => {
    expect(
      exampleOf({ type: 1, prefix: 'PO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: '1', suffix: '-A' }, now),
    ).toBe('PO202401150001-A');
    expect(exampleOf({ type: 1, prefix: 'X', dateFormat: 'no', digit: '3', startNumber: '007' }, now)).toBe('X007');
    // incomplete or impossible rules have no example
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: 2, startNumber: '000' }, now)).toBe('');
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: 2, startNumber: '123' }, now)).toBe('');
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: '', startNumber: '1' }, now)).toBe('');
  });

  it('type 2: 16 or 32 random digits, or letters and digits', () => {
    const digits = exampleOf({ type: 2, prefix: 'R', randomDigit: 16, randomType: 1 }, now);
    expect(digits).toMatch(/^R\d{16}$/);
    expect(exampleOf({ type: 2, randomDigit: 32, randomType: 2 }, now)).toMatch(/^[A-Z0-9]{32}$/);
  });

  it('type 3: an upper-case UUID between prefix and suffix', () => {
    expect(exampleOf({ type: 3, prefix: 'U-', suffix: '-Z' }, now)).toMatch(
      /^U-[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}-Z$/,
    );
  });
});
