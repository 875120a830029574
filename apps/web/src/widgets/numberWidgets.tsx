// The number widgets with their own value rules: the amount input (thousands and the Chinese capital amount),
// the number range ([min, max]) and the calculated field. Their logic is core's, the same the server checks with.
import {
  CALCULATE_DEBOUNCE_MS,
  evaluateCalculate,
  formatCalculated,
  parseCalculate,
  amountOnBlur,
  chineseAmount,
  formatAmount,
  normalizeNumberRange,
  parseThousands,
  toNumeric,
  type FieldConfig,
} from '@jnpf/core';
import { Form, Input, InputNumber, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSubTableRow } from './rowContext';
import { widgetTexts } from './texts';
import type { DetailWidgetProps, InputWidgetProps, MockProps } from './types';

const isOff = (field: FieldConfig, disabled?: boolean) => (disabled || field.disabled ? true : undefined);
const precisionOf = (field: FieldConfig): number | undefined =>
  typeof field.precision === 'number' && field.precision >= 0 ? field.precision : undefined;

/** the amount's display text: fixed decimals and commas as the design asks */
export const amountText = (field: FieldConfig, value: unknown): string =>
  formatAmount(value, { precision: precisionOf(field), thousands: field.thousands === true });

/** the Chinese capital amount of a numeric value ('' for anything else, or when too large) */
export function capitalText(value: unknown): string {
  const result = chineseAmount(value);
  return result.ok ? result.text : '';
}

/**
 * The amount input: typing is free (commas allowed); on blur the text is read, rounded to the precision and
 * shown with thousands separators. The value is a number, or null when blank or not a number.
 */
export function AmountWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.text;
  // the text being typed; null when not editing (the value's formatted text is shown)
  const [typing, setTyping] = useState<string | null>(null);
  const numeric = toNumeric(value);
  const shown = typing ?? (numeric === null ? '' : amountText(field, numeric));
  const commit = () => {
    if (typing === null) return;
    const next = amountOnBlur(typing, precisionOf(field));
    setTyping(null);
    if (next !== numeric) onChange?.(next);
  };
  const capital = field.isAmountChinese === true && numeric !== null ? capitalText(numeric) : '';
  const before = typeof field.addonBefore === 'string' && field.addonBefore ? field.addonBefore : null;
  const after = typeof field.addonAfter === 'string' && field.addonAfter ? field.addonAfter : null;
  const input = (
    <Input
      id={id}
      inputMode="decimal"
      value={shown}
      onFocus={() => setTyping(numeric === null ? '' : String(numeric))}
      onChange={(e) => setTyping(e.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      placeholder={field.placeholder ?? t('inputPlaceholder')}
      readOnly={Boolean(field.readonly)}
      disabled={isOff(field, disabled)}
    />
  );
  return (
    // as wide as the other fields: the form's line is a flex row, where a plain div shrinks to its content
    <div style={{ width: '100%' }}>
      {before || after ? (
        <Space.Compact style={{ width: '100%' }}>
          {before && <Space.Addon>{before}</Space.Addon>}
          {input}
          {after && <Space.Addon>{after}</Space.Addon>}
        </Space.Compact>
      ) : (
        input
      )}
      {capital && <div data-testid="amount-capital">{capital}</div>}
    </div>
  );
}

/** an amount in a detail: its formatted text, and its capital text when the design shows one */
export function AmountDetail({ field, display }: DetailWidgetProps) {
  const numeric = parseThousands(display);
  if (numeric === null) return <span>{display === null || display === undefined ? '' : String(display)}</span>;
  const capital = field.isAmountChinese === true ? capitalText(numeric) : '';
  return (
    <span>
      {amountText(field, numeric)}
      {capital && <span data-testid="amount-capital"> （{capital}）</span>}
    </span>
  );
}

/** the number range: two number inputs, min and max; both blank is empty ([]), 0 is a real end */
export function NumberRangeWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = widgetTexts.text;
  const range = normalizeNumberRange(value);
  const [low, high] = range && range.length === 2 ? range : [null, null];
  const emit = (nextLow: number | null, nextHigh: number | null) =>
    onChange?.(nextLow === null && nextHigh === null ? [] : [nextLow, nextHigh]);
  const common = {
    style: { width: '100%' },
    min: typeof field.min === 'number' ? field.min : undefined,
    max: typeof field.max === 'number' ? field.max : undefined,
    precision: precisionOf(field),
    readOnly: Boolean(field.readonly),
    disabled: isOff(field, disabled),
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber<number>
        {...common}
        id={id}
        aria-label={t('rangeMin')}
        placeholder={t('rangeMin')}
        value={low}
        onChange={(next) => emit(next ?? null, high)}
      />
      <Input style={{ width: 40, textAlign: 'center', pointerEvents: 'none' }} placeholder="~" disabled />
      <InputNumber<number>
        {...common}
        aria-label={t('rangeMax')}
        placeholder={t('rangeMax')}
        value={high}
        onChange={(next) => emit(low, next ?? null)}
      />
    </Space.Compact>
  );
}

/** the number range's stand-in on the designer canvas */
export function NumberRangeMock({ field }: MockProps) {
  return <NumberRangeWidget field={{ ...field, readonly: true }} value={field.__config__.defaultValue} />;
}

/**
 * the options the calculate field is evaluated with, the same the server re-checks with (precision 0 if unset);
 * in a sub-table, its row
 */
export const calculateOptionsOf = (field: FieldConfig, rowIndex?: number) => ({
  precision: precisionOf(field),
  ...(rowIndex === undefined ? {} : { rowIndex }),
});

/** a calculated value's text: rounded as computed, with commas when the design asks */
export const calculatedText = (field: FieldConfig, value: unknown): string =>
  formatCalculated(value, { thousands: field.thousands === true });

/**
 * The calculated field: read-only, recomputed from the form's values by core's evaluator (a missing or
 * non-numeric operand counts as 0); the result is given to the form 100 ms after the operands stop changing.
 */
export function CalculateWidget({ field, id, value, onChange }: InputWidgetProps) {
  const t = widgetTexts.text;
  const parsed = useMemo(() => parseCalculate(field.expression), [field.expression]);
  const form = Form.useFormInstance();
  // a cell of a sub-table: "table.column" reads this row
  const rowIndex = useSubTableRow();
  // a stable selector: a new one makes the watch read (copy) all the form's values again after every render
  const select = useCallback(
    (values: Record<string, unknown>) => {
      if (!parsed.ok) return null;
      const result = evaluateCalculate(parsed.program, values ?? {}, calculateOptionsOf(field, rowIndex));
      return result.ok ? result.value : null;
    },
    [parsed, field, rowIndex],
  );
  const computed = Form.useWatch(select, form);
  useEffect(() => {
    if (computed === undefined || computed === null || computed === toNumeric(value)) return;
    const timer = setTimeout(() => onChange?.(computed), CALCULATE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [computed, value, onChange]);
  const numeric = toNumeric(value);
  const capital = field.isAmountChinese === true && numeric !== null ? capitalText(numeric) : '';
  return (
    <div style={{ width: '100%' }}>
      <Input
        id={id}
        readOnly
        value={numeric === null ? '' : calculatedText(field, numeric)}
        placeholder={field.placeholder ?? t('calculatePlaceholder')}
      />
      {capital && <div data-testid="amount-capital">{capital}</div>}
    </div>
  );
}

/** a calculated value in a detail: the server's text, and its capital text when the design shows one */
export function CalculateDetail({ field, display }: DetailWidgetProps) {
  const numeric = parseThousands(display);
  const capital = field.isAmountChinese === true && numeric !== null ? capitalText(numeric) : '';
  return (
    <span>
      {display === null || display === undefined ? '' : String(display)}
      {capital && <span data-testid="amount-capital"> （{capital}）</span>}
    </span>
  );
}

/** the calculated field's stand-in on the designer canvas */
export function CalculateMock({ field }: MockProps) {
  return <Input readOnly placeholder={field.placeholder ?? widgetTexts.text('calculatePlaceholder')} />;
}
