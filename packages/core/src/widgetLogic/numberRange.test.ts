import { describe, expect, it } from 'vitest';
import { checkNumberRange, formatNumberRange, isNumberRangeEmpty, normalizeNumberRange } from './numberRange.js';
import { widgetMessage, type WidgetCheck } from './messages.js';

const message = (check: WidgetCheck, lang: 'zh' | 'zhtw' | 'en' = 'zh') =>
  check.ok ? 'ok' : widgetMessage(check.error, lang, '范围');

describe('the number range value', () => {
  it('is empty when both ends are empty', () => {
    for (const empty of [null, undefined, '', [], [null, null], ['', ''], '[]', '[null,null]'])
      expect(normalizeNumberRange(empty)).toEqual([]);
    expect(isNumberRangeEmpty([null, null])).toBe(true);
    expect(isNumberRangeEmpty([0, null])).toBe(false);
  });
  it('keeps 0 as a real end and reads numeric text', () => {
    expect(normalizeNumberRange([0, 0])).toEqual([0, 0]);
    expect(normalizeNumberRange([0, null])).toEqual([0, null]);
    expect(normalizeNumberRange(['1.5', '3'])).toEqual([1.5, 3]);
    expect(normalizeNumberRange('[1,2]')).toEqual([1, 2]);
  });
  it('is not a range in any other shape', () => {
    for (const bad of [[1], [1, 2, 3], ['a', 1], { min: 1 }, 5, '1-2', [[1], 2], [true, 1]])
      expect(normalizeNumberRange(bad)).toBeNull();
  });
});

describe('number range rules', () => {
  it('passes an empty or ordered range', () => {
    expect(checkNumberRange([])).toEqual({ ok: true });
    expect(checkNumberRange([1, 1])).toEqual({ ok: true });
    expect(checkNumberRange([null, 5])).toEqual({ ok: true });
    expect(checkNumberRange([-5, 0])).toEqual({ ok: true });
  });
  it('wants min ≤ max', () => {
    expect(message(checkNumberRange([5, 1]))).toBe('范围的最小值不能大于最大值');
    expect(message(checkNumberRange([5, 1]), 'en')).toBe('The minimum of 范围 cannot be greater than its maximum');
  });
  it('holds the precision', () => {
    expect(checkNumberRange([1.25, 2], { precision: 2 })).toEqual({ ok: true });
    expect(message(checkNumberRange([1.255, 2], { precision: 2 }))).toBe('范围最多保留2位小数');
    expect(message(checkNumberRange([1, 2.5], { precision: 0 }))).toBe('范围最多保留0位小数');
  });
  it('holds the bounds', () => {
    expect(checkNumberRange([0, 100], { min: 0, max: 100 })).toEqual({ ok: true });
    expect(message(checkNumberRange([-1, 5], { min: 0 }))).toBe('范围不能小于0');
    expect(message(checkNumberRange([1, 101], { max: 100 }), 'zhtw')).toBe('范围不能大於100');
  });
  it('refuses a value that is not a range', () => {
    expect(message(checkNumberRange(['a', 1]))).toBe('范围必须是包含最小值和最大值的数字范围');
  });
});

describe('number range display', () => {
  it('joins the ends', () => {
    expect(formatNumberRange([1000, 2000.5], { thousands: true, precision: 2 })).toBe('1,000.00 - 2,000.50');
    expect(formatNumberRange([0, 1])).toBe('0 - 1');
    expect(formatNumberRange([])).toBe('');
    expect(formatNumberRange('x')).toBe('');
  });
});
