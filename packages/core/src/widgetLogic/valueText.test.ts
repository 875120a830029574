import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../onlineDev.js';
import { designValueText, formatEpochMs, shownByDesign, timeValueText, type DesignTextContext } from './valueText.js';

const field = (jnpfKey: string, props: Record<string, unknown> = {}): FieldConfig =>
  ({ __vModel__: 'f', __config__: { jnpfKey, label: 'F' }, ...props }) as unknown as FieldConfig;

const labels = new Map([
  ['a', 'Apple'],
  ['b', 'Banana'],
]);
const ctx: DesignTextContext = { labelOf: (v) => labels.get(v), switchWords: { on: 'On', off: 'Off' } };

describe('design value texts', () => {
  it('reads options as their labels, keeping a value no option holds', () => {
    expect(designValueText(field('select'), 'a', ctx)).toBe('Apple');
    expect(designValueText(field('checkbox'), ['a', 'b', 'z'], ctx)).toBe('Apple,Banana,z');
    expect(designValueText(field('cascader'), ['a', 'b'], ctx)).toBe('Apple/Banana');
    expect(designValueText(field('cascader', { showAllLevels: false }), ['a', 'b'], ctx)).toBe('Banana');
  });

  it('reads a switch as its texts, or the reader’s words when the design names none', () => {
    expect(designValueText(field('switch'), 1, ctx)).toBe('On');
    expect(designValueText(field('switch'), 0, ctx)).toBe('Off');
    expect(designValueText(field('switch', { activeValue: 'y', activeTxt: '是' }), 'y', ctx)).toBe('是');
  });

  it('formats dates, times, amounts and ranges by the field', () => {
    const ms = new Date(2026, 10, 28, 9, 5, 7).getTime();
    expect(designValueText(field('datePicker', { format: 'yyyy-MM-dd' }), ms, ctx)).toBe('2026-11-28');
    expect(designValueText(field('datePicker', { type: 'datetime' }), ms, ctx)).toBe('2026-11-28 09:05:07');
    expect(timeValueText(field('timePicker', { format: 'HH:mm' }), '9:05:07')).toBe('09:05');
    expect(designValueText(field('amount', { thousands: true, precision: 2 }), 1234.5, ctx)).toBe('1,234.50');
    expect(designValueText(field('numRange', { precision: 1 }), [1, 2], ctx)).toBe('1.0 - 2.0');
    expect(formatEpochMs(Number.NaN, 'YYYY')).toBe('');
  });

  it('leaves to the server what only it can name', () => {
    expect(shownByDesign('userSelect')).toBe(false);
    expect(designValueText(field('userSelect'), 'u1', ctx)).toBeUndefined();
    expect(shownByDesign('input')).toBe(true);
  });
});
