// The rules of a field, the same the server applies to a record (contract "Record validation"): required,
// the regList patterns, number bounds and the text length. The server decides in the end; these let the
// user see a mistake before sending.
import {
  BOUND_TYPES,
  boundRelations,
  isDateInBounds,
  isTimeInBounds,
  resolveDateBounds,
  resolveTimeBounds,
  widgetMessage,
  type BoundContext,
  type FieldConfig,
} from '@jnpf/core';
import { currentLanguage } from '../platform/i18n';
import type { Rule } from 'antd/es/form';
import { widgetOf } from './registry';
import { widgetTexts } from './texts';
import type { ValueRules } from './types';
import { isEmptyValue, isMultiValued } from './values';

export type WidgetText = typeof widgetTexts.text;

/** the checks the field's widget asks for (none for a key this version does not know) */
export const valueRulesOf = (field: FieldConfig): ValueRules => widgetOf(field.__config__.jnpfKey)?.rules ?? {};

/**
 * A regList pattern as a RegExp. The designer stores JavaScript literals ("/^\d+$/" with optional
 * flags); a bare source is taken as it is. The global flag is dropped: it makes test() stateful.
 * An invalid pattern gives null and is skipped.
 */
export function patternOf(source: unknown): RegExp | null {
  if (typeof source !== 'string' || !source) return null;
  const literal = /^\/([\s\S]+)\/([a-z]*)$/.exec(source);
  try {
    return literal ? new RegExp(literal[1]!, literal[2]!.replace(/g/g, '')) : new RegExp(source);
  } catch {
    return null;
  }
}

function requiredRule(field: FieldConfig, message: string): Rule {
  const { requiredAs, filled } = valueRulesOf(field);
  if (filled)
    return {
      required: true,
      validator: (_rule, value: unknown) =>
        !isEmptyValue(value) && filled(field, value) ? Promise.resolve() : Promise.reject(new Error(message)),
    };
  if (isMultiValued(field) || requiredAs === 'array') return { required: true, type: 'array', message };
  if (requiredAs === 'value') return { required: true, message };
  return { required: true, whitespace: true, message };
}

/** A number within [min, max] (empty passes: that is the required rule's business). */
function boundRule(bound: 'min' | 'max', limit: number, message: string): Rule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value !== 'number' || (bound === 'min' ? value >= limit : value <= limit)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/** a computed field's "required": what it holds, else what it computes from the form's values now */
function computedRequiredRule(field: FieldConfig, message: string): Rule {
  const { computed } = valueRulesOf(field);
  return ({ getFieldsValue }) => ({
    validator: (_rule, value: unknown) =>
      isEmptyValue(value) && isEmptyValue(computed?.(field, getFieldsValue(true) as Record<string, unknown>))
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });
}

/** a picker's bounds that follow other fields, the others left open */
function followedBoundsOnly(field: FieldConfig): FieldConfig {
  const config = { ...field.__config__ };
  const out: FieldConfig = { ...field, __config__: config };
  for (const side of ['start', 'end'] as const) {
    if (config[`${side}TimeRule`] === true && Number(config[`${side}TimeType`]) === BOUND_TYPES.field) continue;
    config[`${side}TimeRule`] = false;
    out[`${side}Time`] = null;
  }
  return out;
}

/**
 * whether a date or time picker's value lies outside the bounds that follow other fields of the form (or of its
 * sub-table row). Bounds counted from now are left to the picker: a value a record kept from before stays, as the
 * server keeps it.
 */
export function outsideFollowedBounds(field: FieldConfig, value: unknown, context: BoundContext): boolean {
  if (!boundRelations(field).length) return false;
  const followed = followedBoundsOnly(field);
  return valueRulesOf(field).ruledBounds === 'date'
    ? typeof value === 'number' && !isDateInBounds(value, resolveDateBounds(followed, context))
    : typeof value === 'string' && value !== '' && !isTimeInBounds(value, resolveTimeBounds(followed, context));
}

/** a value picked before a field its bounds follow changed may lie outside them (the picker only stops new picks) */
function followedBoundsRule(field: FieldConfig, message: string): Rule {
  return ({ getFieldsValue }) => ({
    validator: (_rule, value: unknown) =>
      outsideFollowedBounds(field, value, { now: Date.now(), values: getFieldsValue(true) as Record<string, unknown> })
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  });
}

/** the field is required of whoever fills the form in (a hidden one is not: it cannot be filled in) */
export function isRequiredField(field: FieldConfig): boolean {
  const config = field.__config__;
  return config.required === true && config.noShow !== true && !valueRulesOf(field).neverRequired;
}

export function rulesOf(field: FieldConfig, t: WidgetText = widgetTexts.text): Rule[] {
  const config = field.__config__;
  const checks = valueRulesOf(field);
  const label = config.label ?? '';
  const rules: Rule[] = [];
  // a hidden (noShow) field cannot be filled in, and the server does not require it either
  if (isRequiredField(field))
    rules.push(
      checks.computed
        ? computedRequiredRule(field, t('required', { label }))
        : requiredRule(field, t('required', { label })),
    );
  if (checks.text) {
    for (const item of config.regList ?? []) {
      const pattern = patternOf(item?.pattern);
      if (pattern) rules.push({ pattern, message: item.message || t('patternInvalid', { label }) });
    }
    if (typeof field.maxlength === 'number' && field.maxlength > 0)
      rules.push({ type: 'string', max: field.maxlength, message: t('maxLength', { label, max: field.maxlength }) });
  }
  if (checks.bounds) {
    if (typeof field.min === 'number')
      rules.push(boundRule('min', field.min, t('minValue', { label, min: field.min })));
    if (typeof field.max === 'number')
      rules.push(boundRule('max', field.max, t('maxValue', { label, max: field.max })));
  }
  if (checks.ruledBounds && boundRelations(field).length)
    rules.push(followedBoundsRule(field, t('outOfBounds', { label })));
  const { check } = checks;
  if (check)
    rules.push({
      validator: (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return Promise.resolve();
        const result = check(field, value);
        return result.ok
          ? Promise.resolve()
          : Promise.reject(new Error(widgetMessage(result.error, currentLanguage(), label)));
      },
    });
  return rules;
}
