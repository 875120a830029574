import { describe, expect, it } from 'vitest';
import { amountOnBlur, checkAmountValue, chineseAmount, formatAmount } from './amount.js';
import { widgetMessage } from './messages.js';

const capital = (value: unknown): string => {
  const result = chineseAmount(value);
  if (!result.ok) throw new Error(result.error.key);
  return result.text;
};

describe('the amount input on blur', () => {
  it('reads typed text with separators and applies the precision', () => {
    expect(amountOnBlur('1,234.567', 2)).toBe(1234.57);
    expect(amountOnBlur('12', 2)).toBe(12);
    expect(amountOnBlur(' 0 ', 2)).toBe(0);
    expect(amountOnBlur('-3.14159')).toBe(-3.14159);
    expect(amountOnBlur('abc', 2)).toBeNull();
    expect(amountOnBlur('', 2)).toBeNull();
  });
  it('displays fixed decimals and thousands', () => {
    expect(formatAmount(1234.5, { precision: 2, thousands: true })).toBe('1,234.50');
    expect(formatAmount(1234.5, { precision: 2 })).toBe('1234.50');
    expect(formatAmount(1234.5)).toBe('1234.5');
    expect(formatAmount('x', { precision: 2 })).toBe('');
  });
});

describe('the Chinese capital amount', () => {
  it('writes whole yuan with 整', () => {
    expect(capital(0)).toBe('零元整');
    expect(capital(1)).toBe('壹元整');
    expect(capital(10)).toBe('壹拾元整');
    expect(capital(100)).toBe('壹佰元整');
    expect(capital(1001)).toBe('壹仟零壹元整');
    expect(capital(1010)).toBe('壹仟零壹拾元整');
    expect(capital(10000)).toBe('壹万元整');
    expect(capital(100500)).toBe('壹拾万零伍佰元整');
    expect(capital(101000)).toBe('壹拾万零壹仟元整');
    expect(capital(100001000)).toBe('壹亿零壹仟元整');
    expect(capital(100000000)).toBe('壹亿元整');
    expect(capital(123456789)).toBe('壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整');
    expect(capital(1e12)).toBe('壹兆元整');
  });
  it('writes jiao and fen, with 零 for a zero jiao', () => {
    expect(capital(1234.56)).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(capital(1234.5)).toBe('壹仟贰佰叁拾肆元伍角');
    expect(capital(1.05)).toBe('壹元零伍分');
    expect(capital(0.5)).toBe('伍角');
    expect(capital(0.05)).toBe('伍分');
    expect(capital(0.55)).toBe('伍角伍分');
    expect(capital(10.1)).toBe('壹拾元壹角');
  });
  it('rounds to the fen and marks negatives with 负', () => {
    expect(capital(1.005)).toBe('壹元零壹分');
    expect(capital(0.004)).toBe('零元整');
    expect(capital(-3)).toBe('负叁元整');
    expect(capital('-1,234.5')).toBe('负壹仟贰佰叁拾肆元伍角');
  });
  it('applies only to numeric values', () => {
    expect(capital('')).toBe('');
    expect(capital('abc')).toBe('');
    expect(capital(null)).toBe('');
    expect(capital(NaN)).toBe('');
  });
  it('overflows past 15 whole digits with the reference message', () => {
    expect(capital(999999999999999)).toBe('玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整');
    const result = chineseAmount(1e15);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(widgetMessage(result.error, 'zh')).toBe('数字较大溢出');
    expect(widgetMessage(result.error, 'en')).toBe('The number is too large');
  });
});

describe('the server check of a stored amount', () => {
  const text = (value: unknown, rules = {}) => {
    const check = checkAmountValue(value, rules);
    return check.ok ? 'ok' : widgetMessage(check.error, 'zh', '金额');
  };
  it('passes blanks and numbers the input could produce', () => {
    expect(text('')).toBe('ok');
    expect(text(null)).toBe('ok');
    expect(text(12.34, { precision: 2 })).toBe('ok');
    expect(text('12.3', { precision: 2 })).toBe('ok');
    expect(text(0, { min: 0, max: 10 })).toBe('ok');
  });
  it('refuses text, extra decimals and values out of bounds', () => {
    expect(text('12abc')).toBe('金额必须是数字');
    expect(text({ v: 1 })).toBe('金额必须是数字');
    expect(text(12.345, { precision: 2 })).toBe('金额最多保留2位小数');
    expect(text(-1, { min: 0 })).toBe('金额不能小于0');
    expect(text(11, { max: 10 })).toBe('金额不能大于10');
  });
});
