// The number widgets: number input, rate and slider. Searched by range; a sub-table's total row sums them (not a
// range slider's pairs).
import { checkSliderValue, isRangeSlider, sliderPair, sliderRulesOf, WIDGET_OK } from '@jnpf/core';
import { InputNumberWidget, RateWidget, SliderWidget } from '../inputWidgets';
import { NumberSearch } from '../searchWidgets';
import { NumberMock, RateMock, SliderMock } from './mocks';
import type { WidgetEntry } from '../types';
import { RANGE_PROPS } from './parts';
import { numberStart, sliderStart } from './startValues';

export const inputNumber: WidgetEntry = {
  kind: 'input',
  Component: InputNumberWidget,
  Search: NumberSearch,
  startValue: numberStart,
  rules: { requiredAs: 'value', bounds: true, cellBounds: true },
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true },
    Mock: NumberMock,
    defaultEditor: 'number',
    placeholder: true,
    unique: true,
    summable: true,
    props: [
      ...RANGE_PROPS,
      { kind: 'number', prop: 'precision', id: 'prop-precision', label: 'precision', min: 0, max: 10, precision: 0 },
    ],
    create: (texts) => ({
      props: {
        placeholder: texts.enter,
        min: undefined,
        max: undefined,
        step: 1,
        precision: undefined,
        controls: true,
      },
      config: { defaultValue: null },
    }),
  },
};

export const rate: WidgetEntry = {
  kind: 'input',
  Component: RateWidget,
  Search: NumberSearch,
  startValue: numberStart,
  rules: { requiredAs: 'value', cellBounds: true },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: RateMock,
    defaultEditor: 'numberOrZero',
    summable: true,
    props: [
      { kind: 'number', prop: 'max', id: 'prop-max', label: 'max', min: 1, max: 10, precision: 0, fallback: 5 },
      { kind: 'flag', prop: 'allowHalf', id: 'prop-allowHalf', label: 'allowHalf' },
    ],
    create: () => ({ props: { max: 5, allowHalf: false }, config: { defaultValue: 0 } }),
  },
};

export const slider: WidgetEntry = {
  kind: 'input',
  Component: SliderWidget,
  // a range slider: the list search finds the pairs overlapping a range, or holding one number (the server's)
  Search: NumberSearch,
  startValue: sliderStart,
  rules: {
    requiredAs: 'value',
    cellBounds: true,
    // a range is filled only with both ends
    filled: (field, value) => !isRangeSlider(field) || sliderPair(value) !== null,
    check: (field, value) => (isRangeSlider(field) ? checkSliderValue(value, sliderRulesOf(field)) : WIDGET_OK),
  },
  design: {
    group: 'inputGroup',
    shared: { disabled: true },
    Mock: SliderMock,
    defaultEditor: 'numberOrZero',
    summable: true,
    props: [
      ...RANGE_PROPS,
      { kind: 'flag', prop: 'showStops', id: 'prop-showStops', label: 'showStops' },
      { kind: 'sliderRange' },
    ],
    create: () => ({
      props: { min: 0, max: 100, step: 1, showStops: false, range: false },
      config: { defaultValue: 0 },
    }),
  },
};
