// The rules of a field, the same the server applies to a record (contract "Record validation"): required,
// the regList patterns, number bounds and the text length. The server decides in the end; these let the
// user see a mistake before sending.
import { ARRAY_VALUED_KEYS, type FieldConfig } from '@jnpf/core';
import type { Rule } from 'antd/es/form';
import { widgetTexts } from './texts';
import { isMultiValued } from './values';

export type WidgetText = typeof widgetTexts.text;

const TEXT_KEYS: ReadonlySet<string> = new Set(['input', 'textarea']);
const NUMBER_KEYS: ReadonlySet<string> = new Set(['inputNumber', 'rate', 'slider']);
/** Always hold a value (switch) or are filled by the server (bill number): never "required" here. */
const NO_REQUIRED_KEYS: ReadonlySet<string> = new Set(['switch', 'billRule']);

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
  if (isMultiValued(field) || ARRAY_VALUED_KEYS.has(field.__config__.jnpfKey))
    return { required: true, type: 'array', message };
  if (NUMBER_KEYS.has(field.__config__.jnpfKey) || field.__config__.jnpfKey === 'datePicker')
    return { required: true, message };
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

export function rulesOf(field: FieldConfig, t: WidgetText = widgetTexts.text): Rule[] {
  const config = field.__config__;
  const key = config.jnpfKey;
  const label = config.label ?? '';
  const rules: Rule[] = [];
  // a hidden (noShow) field cannot be filled in, and the server does not require it either
  if (config.required && !config.noShow && !NO_REQUIRED_KEYS.has(key))
    rules.push(requiredRule(field, t('required', { label })));
  if (TEXT_KEYS.has(key)) {
    for (const item of config.regList ?? []) {
      const pattern = patternOf(item?.pattern);
      if (pattern) rules.push({ pattern, message: item.message || t('patternInvalid', { label }) });
    }
    if (typeof field.maxlength === 'number' && field.maxlength > 0)
      rules.push({ type: 'string', max: field.maxlength, message: t('maxLength', { label, max: field.maxlength }) });
  }
  if (key === 'inputNumber') {
    if (typeof field.min === 'number')
      rules.push(boundRule('min', field.min, t('minValue', { label, min: field.min })));
    if (typeof field.max === 'number')
      rules.push(boundRule('max', field.max, t('maxValue', { label, max: field.max })));
  }
  return rules;
}
