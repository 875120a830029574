// A value as a list cell or a detail shows it, worked out in the browser from the design alone, by the same rules
// as the server's display (core's designValueText): for previews of a value no record holds yet (the widget
// gallery). Names only the server knows (users, related records, interface rows) stay as stored.
import {
  designValueText,
  isSubTableKey,
  shownByDesign,
  subTableColumns,
  type FieldConfig,
  type SwitchWords,
} from '@jnpf/core';
import { staticOptionsOf } from './options';
import { isEmptyValue, type RecordValues } from './values';

/** a value as shown; rows of a sub-table each shown by its columns */
export function designShownValue(field: FieldConfig, value: unknown, switchWords: SwitchWords): unknown {
  if (isEmptyValue(value)) return '';
  const key = field.__config__.jnpfKey;
  if (isSubTableKey(key)) {
    const columns = subTableColumns(field);
    return Array.isArray(value)
      ? value.map((row) => designShownRecord(columns, (row ?? {}) as RecordValues, switchWords))
      : '';
  }
  if (!shownByDesign(key)) return value;
  const labels = new Map(staticOptionsOf(field).map((option) => [option.value, option.label]));
  return designValueText(field, value, { labelOf: (v) => labels.get(v), switchWords });
}

/** every field's shown value, by __vModel__ */
export function designShownRecord(
  fields: readonly FieldConfig[],
  values: RecordValues,
  switchWords: SwitchWords,
): RecordValues {
  return Object.fromEntries(
    fields.map((field) => [field.__vModel__, designShownValue(field, values[field.__vModel__], switchWords)]),
  );
}
