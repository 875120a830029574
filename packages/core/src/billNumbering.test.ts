import { describe, expect, it, vi } from 'vitest';
import {
  canonicalFormat,
  exampleOf,
  formatDate,
  freeNumber,
  NumbersExhausted,
  periodOf,
  sequenceNumber,
  type NumberShape,
} from './billNumbering.js';

const at = new Date(2024, 1, 9, 7, 5, 3, 42);
const now = new Date(2024, 0, 15, 9, 5, 7, 42);
const UUID = /[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}/;

const shape = (patch: Partial<NumberShape>): NumberShape => ({
  prefix: 'P',
  suffix: 'S',
  type: 1,
  dateFormat: 'YYYYMMDDHHmmssSSS',
  digit: 3,
  startNumber: '001',
  randomType: null,
  randomDigit: null,
  ...patch,
});

describe('the date part', () => {
  it('formats every date pattern in local time, Java spellings alike', () => {
    expect(formatDate(at, 'YYYYMMDDHHmmssSSS')).toBe('20240209070503042');
    expect(formatDate(at, 'YYYYMMDDHHmm')).toBe('202402090705');
    expect(formatDate(now, 'YYYY')).toBe('2024');
    expect(formatDate(now, 'YYYYMMDD')).toBe('20240115');
    expect(formatDate(at, 'no')).toBe('');
    expect(canonicalFormat('yyyyMMddHHmmss')).toBe('YYYYMMDDHHmmss');
    expect(canonicalFormat('yyyyMMdd')).toBe('YYYYMMDD');
    expect(canonicalFormat('YYYYDD')).toBeNull();
  });

  it('is the period of a sequence rule: none for "no" or a format it does not know', () => {
    expect(periodOf({ dateFormat: 'YYYYMM' }, at)).toBe('202402');
    expect(periodOf({ dateFormat: 'no' }, at)).toBe('');
    expect(periodOf({ dateFormat: null }, at)).toBe('');
  });
});

describe('numbers a rule hands out', () => {
  it('sequence: prefix, date, start value plus the counter padded to the digits, suffix', () => {
    expect(sequenceNumber(shape({}), at, 4)).toBe('P20240209070503042005S');
    expect(sequenceNumber(shape({ dateFormat: 'yyyy' }), at, 0)).toBe('P2024001S');
  });

  it('sequence: a running number beyond the digits is refused', () => {
    expect(sequenceNumber(shape({ digit: 1, startNumber: '8', dateFormat: 'no' }), at, 1)).toBe('P9S');
    expect(() => sequenceNumber(shape({ digit: 1, startNumber: '8', dateFormat: 'no' }), at, 2)).toThrow(
      NumbersExhausted,
    );
  });

  it('random and UUID: characters of their kind between prefix and suffix', () => {
    expect(freeNumber(shape({ type: 2, randomType: 1, randomDigit: 32 }))).toMatch(/^P\d{32}S$/);
    expect(freeNumber(shape({ type: 2, randomType: 2, randomDigit: 16 }))).toMatch(/^P[A-Z0-9]{16}S$/);
    expect(freeNumber(shape({ type: 2, randomType: null, randomDigit: null }))).toMatch(/^P\d{16}S$/);
    expect(freeNumber(shape({ type: 3 }))).toMatch(new RegExp(`^P${UUID.source}S$`));
  });
});

describe('the example of a rule', () => {
  it('is the first number of the period', () => {
    expect(exampleOf(shape({ dateFormat: 'YYYYMM', startNumber: '010' }), new Date())).toBe(
      `P${formatDate(new Date(), 'YYYYMM')}010S`,
    );
  });

  it('type 1: prefix, date, start value padded to the digits, suffix', () => {
    expect(
      exampleOf({ type: 1, prefix: 'PO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: '1', suffix: '-A' }, now),
    ).toBe('PO202401150001-A');
    expect(exampleOf({ type: 1, prefix: 'X', dateFormat: 'no', digit: '3', startNumber: '007' }, now)).toBe('X007');
  });

  it('type 1: an incomplete or impossible rule has none', () => {
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: 2, startNumber: '000' }, now)).toBe('');
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: 2, startNumber: '123' }, now)).toBe('');
    expect(exampleOf({ type: 1, dateFormat: 'YYYY', digit: '', startNumber: '1' }, now)).toBe('');
    expect(exampleOf({ type: 1, dateFormat: 'YYYYDD', digit: 2, startNumber: '1' }, now)).toBe('');
  });

  it('type 2: 16 or 32 random digits, or letters and digits', () => {
    expect(exampleOf({ type: 2, prefix: 'R', randomDigit: 16, randomType: 1 }, now)).toMatch(/^R\d{16}$/);
    expect(exampleOf({ type: 2, randomDigit: 32, randomType: 2 }, now)).toMatch(/^[A-Z0-9]{32}$/);
  });

  it('type 3: an upper-case UUID between prefix and suffix', () => {
    expect(exampleOf({ type: 3, prefix: 'U-', suffix: '-Z' }, now)).toMatch(new RegExp(`^U-${UUID.source}-Z$`));
  });

  it('type 3 without randomUUID (a page served over plain http): still a version-4 UUID', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    try {
      expect(exampleOf({ type: 3 }, now)).toMatch(new RegExp(`^${UUID.source}$`));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
