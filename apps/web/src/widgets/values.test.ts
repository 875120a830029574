// The stored forms the input widgets give, where the server holds them to the design: a time without what its
// format hides, a colour without transparency unless the alpha slider is shown.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fieldOf } from './testing';
import { timeStart } from './entries/startValues';
import { colorText, toTimeValue } from './values';

describe('toTimeValue', () => {
  it('keeps only what the format shows, as "HH:mm:ss"', () => {
    const at = dayjs('2024-05-01 08:30:15');
    expect(toTimeValue(at)).toBe('08:30:15');
    expect(toTimeValue(at, 'HH:mm:ss')).toBe('08:30:15');
    expect(toTimeValue(at, 'HH:mm')).toBe('08:30:00');
    expect(toTimeValue(at, 'HH')).toBe('08:00:00');
    expect(toTimeValue(null, 'HH:mm')).toBeNull();
  });

  it('an HH:mm field starting at the current time starts at its minute', () => {
    const field = fieldOf('timePicker', 'at', '时间', { format: 'HH:mm' });
    field.__config__.defaultCurrent = true;
    expect(timeStart(field, undefined, dayjs('2024-05-01 08:30:15').valueOf(), 'u1')).toBe('08:30:00');
  });
});

describe('colorText', () => {
  const half = {
    toRgb: () => ({ r: 255, g: 0, b: 0, a: 0.5 }),
    toRgbString: () => 'rgba(255,0,0,0.5)',
    toHexString: () => '#ff000080',
  };
  it('drops transparency unless the alpha slider is shown', () => {
    expect(colorText(half, false, false)).toBe('#ff0000');
    expect(colorText(half, true, false)).toBe('rgb(255,0,0)');
    expect(colorText(half, false, true)).toBe('#ff000080');
    expect(colorText(half, true, true)).toBe('rgba(255,0,0,0.5)');
  });
});
