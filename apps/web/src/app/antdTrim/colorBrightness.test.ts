import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from './colorBrightness';

// The build swaps antd's own test for this one inside Button's style: the two must agree, or solid buttons would
// change their text colour.
const COLORS = [
  '#000',
  '#fff',
  '#1677ff',
  '#ffd666',
  '#c0c0c0',
  '#bfbfbf',
  '#c1c1c1',
  'rgba(0, 0, 0, 0.88)',
  'rgba(0, 0, 0, 0.5)',
  'rgba(0, 0, 0, 0.51)',
  'rgba(0, 0, 0, 0.2)',
  'rgba(255, 255, 255, 0.3)',
  'rgba(22, 119, 255, 0.1)',
  'rgba(200, 30, 30, 0.45)',
  'transparent',
];

describe('isBright (build-time stand-in for antd Button style)', () => {
  it.each(COLORS)('agrees with antd for %s over white and over black', (color) => {
    for (const background of ['#fff', '#000', '#141414']) {
      const value = new AggregationColor(color);
      expect(isBright(value, background)).toBe(antdIsBright(value, background));
    }
  });

  it('tells the brightest colours from the darkest', () => {
    expect(isBright(new AggregationColor('#fff'), '#fff')).toBe(true);
    expect(isBright(new AggregationColor('#000'), '#fff')).toBe(false);
  });
});
