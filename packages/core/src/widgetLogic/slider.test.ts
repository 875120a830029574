import { describe, expect, it } from 'vitest';
import { isRangeSlider, type FieldConfig } from '../onlineDev.js';
import { checkSliderValue, parseSliderRangeText, sliderValueText } from './slider.js';
import { designValueText } from './valueText.js';

const slider = (extra: Partial<FieldConfig> = {}): FieldConfig => ({
  __config__: { jnpfKey: 'slider', label: '区间' },
  __vModel__: 'span',
  ...extra,
});
const ctx = { labelOf: () => undefined, switchWords: { on: '开', off: '关' } };

describe('range slider', () => {
  it('is a slider with range on', () => {
    expect(isRangeSlider(slider({ range: true }))).toBe(true);
    expect(isRangeSlider(slider())).toBe(false);
    expect(isRangeSlider({ __config__: { jnpfKey: 'inputNumber' }, __vModel__: 'n', range: true })).toBe(false);
  });

  it('takes an ascending pair on the steps within the bounds', () => {
    const rules = { min: 0, max: 100, step: 5, range: true };
    expect(checkSliderValue([10, 40], rules).ok).toBe(true);
    expect(checkSliderValue([20, 20], rules).ok).toBe(true);
    const error = (v: unknown) => {
      const check = checkSliderValue(v, rules);
      return check.ok ? null : check.error.key;
    };
    expect(error(30)).toBe('sliderRangeShape');
    expect(error([10])).toBe('sliderRangeShape');
    expect(error([10, 20, 30])).toBe('sliderRangeShape');
    expect(error(['10', 20])).toBe('sliderRangeShape');
    expect(error([40, 10])).toBe('numberRangeOrder');
    expect(error([-5, 10])).toBe('numberBelowMin');
    expect(error([10, 105])).toBe('numberAboveMax');
    expect(error([10, 42])).toBe('sliderOffStep');
  });

  it('takes a single number only without range', () => {
    expect(checkSliderValue(30, { step: 5 }).ok).toBe(true);
    expect(checkSliderValue([10, 40], {})).toEqual({ ok: false, error: { key: 'sliderNumber' } });
  });

  it('shows a pair as "low - high"', () => {
    expect(sliderValueText(slider({ range: true }), [10, 40])).toBe('10 - 40');
    expect(designValueText(slider({ range: true }), [10, 40], ctx)).toBe('10 - 40');
    expect(designValueText(slider(), 30, ctx)).toBe(30);
  });

  it('reads a sheet cell back into the pair', () => {
    expect(parseSliderRangeText('10 - 40')).toEqual([10, 40]);
    expect(parseSliderRangeText('10-40')).toEqual([10, 40]);
    expect(parseSliderRangeText('-10~-2.5')).toEqual([-10, -2.5]);
    expect(parseSliderRangeText('10')).toBeNull();
    expect(parseSliderRangeText('10 - 40 - 50')).toBeNull();
    expect(parseSliderRangeText('a-b')).toBeNull();
  });
});
