import { describe, expect, it } from 'vitest';
import type { FieldConfig, OnlineFieldKey } from '@jnpf/core';
import { makeField as make } from './testing';
import { expressionOperands } from './ExpressionEditor';

/** a field with this record key, labelled by it */
const makeField = (key: OnlineFieldKey, id: number, vModel: string): FieldConfig => ({
  ...make(key, id, vModel),
  __vModel__: vModel,
});
const sum = (table: string, column: string) => `sum ${table}.${column}`;
const cell = (table: string, column: string) => `row ${table}.${column}`;

describe('formula operands', () => {
  const qty = makeField('inputNumber', 1, 'qty');
  const weight = makeField('inputNumber', 3, 'weight');
  const note = makeField('input', 4, 'note');
  const rowTotal = makeField('calculate', 5, 'rowTotal');
  const table = makeField('table', 2, 'items');
  table.__config__.children = [weight, note, rowTotal];
  const total = makeField('calculate', 6, 'total');

  it('offers a main formula the number fields and the column totals of sub-tables', () => {
    expect(expressionOperands([qty, table, total], total, sum, cell)).toEqual([
      { value: 'qty', label: qty.__config__.label },
      { value: 'items.weight', label: `sum ${table.__config__.label}.${weight.__config__.label}` },
      { value: 'items.rowTotal', label: `sum ${table.__config__.label}.${rowTotal.__config__.label}` },
    ]);
  });

  it("offers a calculated column its own row's cells, not itself", () => {
    expect(expressionOperands([qty, table, total], rowTotal, sum, cell)).toEqual([
      { value: 'qty', label: qty.__config__.label },
      { value: 'items.weight', label: `row ${table.__config__.label}.${weight.__config__.label}` },
      { value: 'total', label: total.__config__.label },
    ]);
  });
});
