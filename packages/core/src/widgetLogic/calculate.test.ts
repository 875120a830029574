import { describe, expect, it } from 'vitest';
import {
  calculateReferences,
  checkCalculated,
  evaluateCalculate,
  formatCalculated,
  parseCalculate,
  validateCalculateExpression,
  CALCULATE_MAX_DEPTH,
  type CalculateExpression,
} from './calculate.js';
import { widgetMessage } from './messages.js';

const f = (name: string) => ({ __vModel__: name, label: name });
/** the value, or the failing key */
const calc = (expression: unknown, values: Record<string, unknown> = {}, options = {}) => {
  const result = evaluateCalculate(expression, values, options);
  return result.ok ? result.value : result.error.key;
};
/** the reference's designer writes one character per token */
const chars = (text: string): string[] => [...text];

describe('numbers and operators', () => {
  it('merges single-character tokens into numbers and honours precedence and parentheses', () => {
    expect(calc(chars('12.5+2×3'), {}, { precision: 2 })).toBe(18.5);
    expect(calc(chars('(1+2)×3'))).toBe(9);
    expect(calc(chars('10-4-3'))).toBe(3);
    expect(calc(chars('8÷4÷2'))).toBe(1);
    expect(calc(chars('2*3/4'), {}, { precision: 2 })).toBe(1.5);
    expect(calc(['((2))', '*', '(', '3', '+', '1', ')'])).toBe(8);
    expect(calc([1.5, '+', 2], {}, { precision: 1 })).toBe(3.5);
    expect(calc(['7 - 2 * 2'])).toBe(3);
    expect(calc(['（1+1）×2'])).toBe(4);
  });
  it('rounds the result to the precision, 0 places by default', () => {
    expect(calc(chars('10÷3'))).toBe(3);
    expect(calc(chars('10÷3'), {}, { precision: 2 })).toBe(3.33);
    expect(calc(chars('2÷3'), {}, { precision: 4 })).toBe(0.6667);
    expect(calc(chars('1.005×1'), {}, { precision: 2 })).toBe(1.01);
    expect(calc(chars('0.1+0.2'), {}, { precision: 2 })).toBe(0.3);
  });
  it('turns a result that is not a finite number into 0', () => {
    expect(calc(chars('1÷0'))).toBe(0);
    expect(calc(chars('0÷0'))).toBe(0);
    expect(calc(chars('0-1÷0'))).toBe(0);
  });
});

describe('field references', () => {
  const values = {
    price: 12.5,
    qty: '4',
    note: 'abc',
    items: [{ amount: 10 }, { amount: '5.5' }, { amount: 'x' }, { amount: null }, {}, 'junk'],
  };
  it('reads main fields, numeric text included', () => {
    expect(calc([f('price'), '×', f('qty')], values)).toBe(50);
  });
  it('counts a missing or non-numeric operand as 0 and says which', () => {
    const result = evaluateCalculate([f('price'), '+', f('note'), '+', f('nothing')], values, { precision: 1 });
    expect(result).toEqual({
      ok: true,
      value: 12.5,
      warnings: [
        { reference: 'note', reason: 'notNumeric' },
        { reference: 'nothing', reason: 'missing' },
      ],
    });
  });
  it('sums a sub-table column, skipping cells that are not numbers', () => {
    expect(calc([f('items.amount')], values, { precision: 2 })).toBe(15.5);
    expect(calc([f('items.amount'), '×', '2'], values)).toBe(31);
    expect(calc([f('items.amount')], { items: [] })).toBe(0);
    expect(calc([f('items.amount')], { items: 'not rows' })).toBe(0);
  });
  it('reads the current row inside a sub-table row', () => {
    const rows = {
      lines: [
        { p: 2, q: 3 },
        { p: '1.5', q: 4 },
      ],
    };
    expect(calc([f('lines.p'), '×', f('lines.q')], rows, { rowIndex: 1 })).toBe(6);
    expect(calc([f('lines.p'), '×', f('lines.q')], rows, { rowIndex: 0 })).toBe(6);
    expect(calc([f('lines.p')], rows, { rowIndex: 5 })).toBe(0);
    // a negative or fractional row index is no row: the column is summed
    expect(calc([f('lines.p')], rows, { rowIndex: -1, precision: 1 })).toBe(3.5);
  });
  it('does not read inherited properties', () => {
    expect(calc([f('constructor')], {})).toBe(0);
    expect(calc([f('toString'), '+', '1'], {})).toBe(1);
    expect(calc([f('items.constructor')], { items: [{}] })).toBe(0);
  });
  it('lists the references once each', () => {
    expect(calculateReferences([f('a'), '+', f('t.b'), '×', f('a')])).toEqual(['a', 't.b']);
    expect(calculateReferences(['+'])).toEqual([]);
  });
  it('evaluates a parsed program again without parsing', () => {
    const parsed = parseCalculate([f('a'), '+', '1']);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(calc(parsed.program, { a: 1 })).toBe(2);
    expect(calc(parsed.program, { a: 41 })).toBe(42);
    // an object shaped like a program but not made by the parser is not run
    expect(calc({ root: { kind: 'number', value: 9 }, references: [] })).toBe('calculateEmpty');
  });
});

describe('expressions held as text', () => {
  it('reads the token list as JSON, or a formula of numbers alone', () => {
    expect(calc(JSON.stringify([f('a'), '×', '2']), { a: 4 })).toBe(8);
    expect(calc('1+2×3')).toBe(7);
    expect(calc('(1.5+1.5)/2', {}, { precision: 1 })).toBe(1.5);
    expect(calc('price*2')).toBe('calculateUnknown');
    expect(calc('[1, "+"')).toBe('calculateUnknown');
    expect(calc('')).toBe('calculateEmpty');
  });
});

describe('malformed expressions', () => {
  const error = (expression: unknown) => {
    const parsed = parseCalculate(expression);
    return parsed.ok ? 'ok' : parsed.error;
  };
  it('refuses an empty expression', () => {
    expect(error([])).toEqual({ key: 'calculateEmpty' });
    expect(error(['  '])).toEqual({ key: 'calculateEmpty' });
    expect(error(null)).toEqual({ key: 'calculateEmpty' });
  });
  it('wants operands and operators to alternate, and says where', () => {
    expect(error(chars('1+'))).toEqual({ key: 'calculateUnexpected', params: { position: 3 } });
    expect(error(chars('+1'))).toEqual({ key: 'calculateUnexpected', params: { position: 1 } });
    expect(error(chars('1++2'))).toEqual({ key: 'calculateUnexpected', params: { position: 3 } });
    expect(error([f('a'), f('b')])).toEqual({ key: 'calculateUnexpected', params: { position: 2 } });
    expect(error(chars('2(3)'))).toEqual({ key: 'calculateUnexpected', params: { position: 2 } });
    expect(error(chars('()'))).toEqual({ key: 'calculateUnexpected', params: { position: 2 } });
    expect(error(chars('-3'))).toEqual({ key: 'calculateUnexpected', params: { position: 1 } });
  });
  it('refuses unbalanced parentheses', () => {
    expect(error(chars('(1+2'))).toEqual({ key: 'calculateParentheses' });
    expect(error(chars('1+2)'))).toEqual({ key: 'calculateParentheses' });
    expect(error(chars('((1)'))).toEqual({ key: 'calculateParentheses' });
  });
  it('refuses what it does not know', () => {
    expect(error(chars('1.2.3'))).toEqual({ key: 'calculateUnknown', params: { position: 1, text: '1.2.3' } });
    expect(error(chars('1%2'))).toEqual({ key: 'calculateUnknown', params: { position: 2, text: '%' } });
    expect(error(['alert(1)'])).toEqual({ key: 'calculateUnknown', params: { position: 1, text: 'a' } });
    expect(error([{ __vModel__: '' }])).toEqual({ key: 'calculateUnknown', params: { position: 1, text: '' } });
    expect(error([{ label: 'no model' }])).toEqual({
      key: 'calculateUnknown',
      params: { position: 1, text: 'object' },
    });
    expect(error([-1])).toEqual({ key: 'calculateUnknown', params: { position: 1, text: '-1' } });
    expect(error(['.'])).toEqual({ key: 'calculateUnknown', params: { position: 1, text: '.' } });
  });
  it('refuses an expression too long or too deep to be a person’s', () => {
    expect(error(Array.from({ length: 3000 }, (_, i) => (i % 2 ? '+' : '1')))).toEqual({ key: 'calculateTooLong' });
    const deep = [...'('.repeat(CALCULATE_MAX_DEPTH + 1), '1', ...')'.repeat(CALCULATE_MAX_DEPTH + 1)];
    expect(error(deep)).toEqual({ key: 'calculateTooLong' });
    const fine = [...'('.repeat(CALCULATE_MAX_DEPTH), '1', ...')'.repeat(CALCULATE_MAX_DEPTH)];
    expect(error(fine)).toBe('ok');
  });
  it('gives the evaluator and the designer the same reason, in every language', () => {
    expect(calc(chars('1+'))).toBe('calculateUnexpected');
    const check = validateCalculateExpression(chars('1+'));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(widgetMessage(check.error, 'zh')).toBe('计算公式第3项不正确：数字与运算符须交替出现');
    expect(widgetMessage(check.error, 'zhtw')).toBe('計算公式第3項不正確：數字與運算符須交替出現');
    expect(widgetMessage(check.error, 'en')).toContain('Item 3');
    expect(validateCalculateExpression(chars('1+1'))).toEqual({ ok: true });
  });
});

describe('the server re-check', () => {
  const expression: CalculateExpression = [f('price'), '×', f('items.qty')];
  const values = { price: '2.5', items: [{ qty: 1 }, { qty: 2 }] };
  it('accepts the value the expression gives, within rounding', () => {
    expect(checkCalculated(expression, values, 7.5, { precision: 2 })).toEqual({ ok: true, expected: 7.5 });
    expect(checkCalculated(expression, values, '7.50', { precision: 2 })).toEqual({ ok: true, expected: 7.5 });
    expect(checkCalculated(expression, values, 7.504, { precision: 2 }).ok).toBe(true);
    expect(checkCalculated(expression, values, 8, { precision: 0 }).ok).toBe(true);
  });
  it('passes a blank stored value with the value to store', () => {
    expect(checkCalculated(expression, values, '', { precision: 2 })).toEqual({ ok: true, expected: 7.5 });
    expect(checkCalculated(expression, values, null)).toEqual({ ok: true, expected: 8 });
  });
  it('refuses a value that does not match, naming the expected one', () => {
    const check = checkCalculated(expression, values, 7.52, { precision: 2 });
    expect(check).toEqual({
      ok: false,
      expected: 7.5,
      error: { key: 'calculateMismatch', params: { expected: '7.50' } },
    });
    if (check.ok) return;
    expect(widgetMessage(check.error, 'zh', '总价')).toBe('总价的计算结果应为7.50');
    expect(widgetMessage(check.error, 'en', 'Total')).toBe('The calculated value of Total should be 7.50');
    expect(checkCalculated(expression, values, 'seven', { precision: 2 }).ok).toBe(false);
    expect(checkCalculated(expression, values, 1000, { precision: 2 }).ok).toBe(false);
  });
  it('refuses when the expression itself is malformed', () => {
    const check = checkCalculated(['1', '+'], {}, 1);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error.key).toBe('calculateUnexpected');
  });
});

describe('display', () => {
  it('shows the rounded number with optional thousands', () => {
    expect(formatCalculated(1234567.5, { thousands: true })).toBe('1,234,567.5');
    expect(formatCalculated(1234567.5)).toBe('1234567.5');
    expect(formatCalculated(0)).toBe('0');
    expect(formatCalculated('')).toBe('');
  });
});
