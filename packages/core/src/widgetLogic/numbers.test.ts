import { describe, expect, it } from 'vitest';
import { decimalPlaces, formatNumberText, normalizePrecision, parseThousands, roundTo, toNumeric } from './numbers.js';

describe('reading a value as a number', () => {
  it('takes finite numbers and numeric text, nothing else', () => {
    expect(toNumeric(3)).toBe(3);
    expect(toNumeric(-0.5)).toBe(-0.5);
    expect(toNumeric(' 12.5 ')).toBe(12.5);
    expect(toNumeric('.5')).toBe(0.5);
    expect(toNumeric('5.')).toBe(5);
    expect(toNumeric('1e3')).toBe(1000);
    expect(toNumeric('+7')).toBe(7);
    for (const bad of [
      '',
      ' ',
      'abc',
      '1,000',
      '1.2.3',
      '0x10',
      'Infinity',
      NaN,
      Infinity,
      null,
      undefined,
      true,
      [],
      {},
      [1],
    ])
      expect(toNumeric(bad)).toBeNull();
  });
});

describe('rounding', () => {
  it('rounds half away from zero on the decimal digits as written', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(1.004, 2)).toBe(1);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(9.995, 2)).toBe(10);
    expect(roundTo(123.456, 1)).toBe(123.5);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(-0.004, 2)).toBe(0);
    expect(roundTo(1e21, 2)).toBe(1e21);
    expect(roundTo(5, 3)).toBe(5);
  });
  it('clamps the precision to 0..15 whole places', () => {
    expect(normalizePrecision(2.7)).toBe(2);
    expect(normalizePrecision(-1)).toBe(0);
    expect(normalizePrecision(99)).toBe(15);
    expect(normalizePrecision('x', 2)).toBe(2);
    expect(normalizePrecision(undefined)).toBe(0);
    expect(roundTo(1.23456, 99)).toBe(1.23456);
  });
  it('counts decimal places', () => {
    expect(decimalPlaces(1.25)).toBe(2);
    expect(decimalPlaces(3)).toBe(0);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(-0.5)).toBe(1);
  });
});

describe('thousands', () => {
  it('formats with commas and fixed places', () => {
    expect(formatNumberText(1234567.891, { thousands: true })).toBe('1,234,567.891');
    expect(formatNumberText(1234567.891, { thousands: true, precision: 2 })).toBe('1,234,567.89');
    expect(formatNumberText(-1234.5, { thousands: true, precision: 2 })).toBe('-1,234.50');
    expect(formatNumberText(999, { thousands: true })).toBe('999');
    expect(formatNumberText('1000', { thousands: true })).toBe('1,000');
    expect(formatNumberText(0, { precision: 2 })).toBe('0.00');
    expect(formatNumberText(-0.001, { precision: 2 })).toBe('0.00');
    expect(formatNumberText(1.005, { precision: 2 })).toBe('1.01');
    expect(formatNumberText(1e-7)).toBe('0.0000001');
    expect(formatNumberText('abc', { thousands: true })).toBe('');
    expect(formatNumberText(null)).toBe('');
  });
  it('reads text typed with separators', () => {
    expect(parseThousands('1,234,567.50')).toBe(1234567.5);
    expect(parseThousands(' -1,000 ')).toBe(-1000);
    expect(parseThousands(42)).toBe(42);
    expect(parseThousands('1,2a')).toBeNull();
    expect(parseThousands('')).toBeNull();
    expect(parseThousands(undefined)).toBeNull();
  });
});
