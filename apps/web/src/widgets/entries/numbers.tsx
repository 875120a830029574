// The number widgets with rules of their own (core's widget logic, the same checks the server makes): the amount
// input, the number range and the calculated field.
import {
  CALCULATE_DEFAULT_PRECISION,
  checkAmountValue,
  checkNumberRange,
  evaluateCalculate,
  normalizeNumberRange,
  type FieldConfig,
} from '@jnpf/core';
import {
  AmountDetail,
  AmountWidget,
  CalculateDetail,
  CalculateMock,
  CalculateWidget,
  calculateOptionsOf,
  NumberRangeMock,
  NumberRangeWidget,
} from '../numberWidgets';
import { NumberSearch } from '../searchWidgets';
import type { PropSpec, WidgetEntry } from '../types';
import { NumberMock } from './mocks';
import { ADDON_PROPS, RANGE_PROPS } from './parts';
import { numberStart } from './startValues';

const bound = (value: unknown) => (typeof value === 'number' ? value : null);
const rulesOfNumbers = (field: FieldConfig) => ({
  precision: typeof field.precision === 'number' ? field.precision : null,
  min: bound(field.min),
  max: bound(field.max),
});

const PRECISION_PROP: PropSpec = {
  kind: 'number',
  prop: 'precision',
  id: 'prop-precision',
  label: 'precision',
  min: 0,
  max: 10,
  precision: 0,
};
/** the lowest and highest value (no step: the amount is typed) */
const BOUND_PROPS = RANGE_PROPS.filter((spec) => spec.kind === 'number' && spec.prop !== 'step');
const THOUSANDS_PROP: PropSpec = { kind: 'flag', prop: 'thousands', id: 'prop-thousands', label: 'thousands' };
const CAPITAL_PROP: PropSpec = {
  kind: 'flag',
  prop: 'isAmountChinese',
  id: 'prop-amount-chinese',
  label: 'isAmountChinese',
};

export const amount: WidgetEntry = {
  kind: 'input',
  Component: AmountWidget,
  Detail: AmountDetail,
  Search: NumberSearch,
  startValue: numberStart,
  rules: { requiredAs: 'value', check: (field, value) => checkAmountValue(value, rulesOfNumbers(field)) },
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true },
    Mock: NumberMock,
    defaultEditor: 'number',
    placeholder: true,
    summable: true,
    props: [PRECISION_PROP, THOUSANDS_PROP, CAPITAL_PROP, ...BOUND_PROPS, ...ADDON_PROPS],
    create: (texts) => ({
      props: {
        placeholder: texts.enter,
        precision: 2,
        thousands: true,
        isAmountChinese: true,
        min: undefined,
        max: undefined,
        addonBefore: '',
        addonAfter: '',
      },
      config: { defaultValue: null },
    }),
  },
};

export const numRange: WidgetEntry = {
  kind: 'input',
  Component: NumberRangeWidget,
  // a range given as the design's default, else empty
  startValue: (_field, given) => {
    const range = normalizeNumberRange(given);
    return range && range.length ? range : undefined;
  },
  rules: { requiredAs: 'array', check: (field, value) => checkNumberRange(value, rulesOfNumbers(field)) },
  design: {
    group: 'inputGroup',
    shared: { disabled: true, readonly: true },
    Mock: NumberRangeMock,
    props: [PRECISION_PROP, ...BOUND_PROPS],
    create: () => ({
      props: { precision: undefined, min: undefined, max: undefined },
      config: { defaultValue: [] },
    }),
  },
};

export const calculate: WidgetEntry = {
  kind: 'input',
  Component: CalculateWidget,
  mountsAtOnce: true,
  Detail: CalculateDetail,
  startValue: numberStart,
  // the value is computed: the server re-checks it against the formula (no rule the user could break); required
  // holds of what it computes, as the server's check has it, so a result not stored or not given yet passes
  rules: {
    requiredAs: 'value',
    computed: (field, values, rowIndex) => {
      const result = evaluateCalculate(field.expression, values, calculateOptionsOf(field, rowIndex));
      return result.ok ? result.value : undefined;
    },
  },
  design: {
    group: 'advancedGroup',
    Mock: CalculateMock,
    operand: true,
    props: [
      { kind: 'panel', panel: 'expression' },
      PRECISION_PROP,
      THOUSANDS_PROP,
      CAPITAL_PROP,
      { kind: 'flag', prop: 'isStorage', id: 'prop-is-storage', label: 'isStorage' },
    ],
    create: () => ({
      props: {
        expression: [],
        precision: CALCULATE_DEFAULT_PRECISION,
        thousands: false,
        isAmountChinese: false,
        isStorage: false,
      },
      config: { defaultValue: null },
    }),
  },
};
