// The slider widget: one number, or with `range` a pair [low, high]. Each end lies within min…max (0…100 by
// default) and on a step from min (1 by default); a pair is low ≤ high. The form, the server, the display and the
// record import read it here alike.
import type { FieldConfig } from '../onlineDev.js';
import { toNumeric } from './numbers.js';
import { WIDGET_OK, widgetFailure, type WidgetCheck } from './messages.js';

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;

export interface SliderRules {
  min?: number | null;
  max?: number | null;
  step?: number | null;
  range?: boolean;
}
type FullRules = { min: number; max: number; step: number; range: boolean };

/** the bounds and step of a slider's design, defaults filled in */
export function sliderRulesOf(field: FieldConfig): FullRules {
  return {
    min: typeof field.min === 'number' ? field.min : SLIDER_MIN,
    max: typeof field.max === 'number' ? field.max : SLIDER_MAX,
    step: typeof field.step === 'number' && field.step > 0 ? field.step : 1,
    range: field.range === true,
  };
}

/** one end within the bounds and on a step from min */
function checkEnd(n: number, rules: FullRules): WidgetCheck {
  if (n < rules.min) return widgetFailure('numberBelowMin', { min: rules.min });
  if (n > rules.max) return widgetFailure('numberAboveMax', { max: rules.max });
  const steps = (n - rules.min) / rules.step;
  // a step of 0.1 gives steps like 2.9999999999999996: only a real fraction is off the steps
  if (Math.abs(steps - Math.round(steps)) >= 1e-9) return widgetFailure('sliderOffStep', { step: rules.step });
  return WIDGET_OK;
}

/**
 * A slider's non-empty value: a number (numeric text taken), or with `range` exactly two numbers low ≤ high;
 * each within the bounds and on a step.
 */
export function checkSliderValue(value: unknown, rules: SliderRules = {}): WidgetCheck {
  const full: FullRules = {
    min: rules.min ?? SLIDER_MIN,
    max: rules.max ?? SLIDER_MAX,
    step: rules.step && rules.step > 0 ? rules.step : 1,
    range: rules.range === true,
  };
  if (!full.range) {
    const n = typeof value === 'boolean' || Array.isArray(value) ? null : toNumeric(value);
    return n === null ? widgetFailure('sliderNumber') : checkEnd(n, full);
  }
  const pair = sliderPair(value);
  if (!pair) return widgetFailure('sliderRangeShape');
  if (pair[0] > pair[1]) return widgetFailure('numberRangeOrder');
  for (const end of pair) {
    const check = checkEnd(end, full);
    if (!check.ok) return check;
  }
  return WIDGET_OK;
}

/** the value as a pair of numbers, or null when it is not exactly two numbers */
export function sliderPair(value: unknown): [number, number] | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const ends = value.map((end) => (typeof end === 'number' && Number.isFinite(end) ? end : null));
  return ends[0] === null || ends[0] === undefined || ends[1] === null || ends[1] === undefined
    ? null
    : [ends[0], ends[1]];
}

/** a range slider's value as shown: "low - high"; a single value as it is */
export function sliderValueText(_field: FieldConfig, raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  const pair = sliderPair(raw);
  return pair ? `${pair[0]} - ${pair[1]}` : '';
}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const PAIR_TEXT = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:-|~|～|—|至|,|，)\s*(${NUMBER})\s*$`);

/**
 * a range slider's sheet cell ("10 - 40", "10-40", "10~40", "10,40") as the pair; null when it is not two numbers
 * so written
 */
export function parseSliderRangeText(text: string): [number, number] | null {
  const hit = PAIR_TEXT.exec(text);
  if (!hit) return null;
  const low = toNumeric(hit[1]);
  const high = toNumeric(hit[2]);
  return low === null || high === null ? null : [low, high];
}
