// Test data of the menu screen's tests: a data-permission field with the given conditions.
import type { DataFieldRow } from './api';
import type { WireCondition } from './conditions';

/** a varchar field of the data-permission scheme with its allowed operators and value kind */
export const field = (id: string, fullName: string, enCode: string, conditionSymbol: string, conditionText: string) =>
  ({
    id,
    fullName,
    enCode,
    type: 'varchar',
    conditionSymbol,
    conditionText,
    bindTable: '',
    fieldRule: 0,
    childTableKey: '',
    enabledMark: 1,
    sortCode: 0,
    description: '',
    version: 0,
  }) satisfies DataFieldRow;

/** a stored condition on a varchar field (the wire form of the scheme's groups) */
export const wireCondition = (
  id: string,
  field: string,
  op: WireCondition['op'],
  conditionText: string,
  value?: WireCondition['value'],
): WireCondition => ({
  id,
  field,
  type: 'varchar',
  op,
  ...(value === undefined ? {} : { value }),
  conditionText,
  fieldRule: 0,
  bindTable: '',
  childTableKey: '',
});
