import type { FieldConfig, SearchItem } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { hasSystemFields, initialSearchOf, modelOf, needsDisplay, searchQueryOf } from './model';
import { columnData, config, formData } from './testing';

const item = (prop: string, searchType: 1 | 2 | 3, extra: Partial<SearchItem> = {}): SearchItem => ({
  label: prop,
  prop,
  jnpfKey: 'input',
  searchType,
  ...extra,
});

describe('searchQueryOf', () => {
  const list = [item('name', 2), item('kind', 1), item('amount', 3), item('day', 3), item('tags', 1)];

  it('keeps given values by prop, trims text and leaves empty ones out', () => {
    expect(
      searchQueryOf(list, { name: '  苹果 ', kind: 'fruit', amount: [1, 9], day: null, tags: [], other: 'x' }),
    ).toEqual({ name: '苹果', kind: 'fruit', amount: [1, 9] });
    expect(searchQueryOf(list, { name: '   ', kind: '' })).toEqual({});
  });

  it('sends a range with at least one end (0 is an end)', () => {
    expect(searchQueryOf(list, { amount: [0, null] })).toEqual({ amount: [0, null] });
    expect(searchQueryOf(list, { amount: [null, null] })).toEqual({});
    expect(searchQueryOf(list, { amount: [0, 5] })).toEqual({ amount: [0, 5] });
    expect(searchQueryOf(list, { amount: 5 })).toEqual({});
  });

  it('starts from the configured search values', () => {
    expect(initialSearchOf([item('kind', 1, { value: 'fruit' }), item('name', 2, { value: '' })])).toEqual({
      kind: 'fruit',
    });
  });
});

describe('modelOf', () => {
  it('reads a list function with this version defaults', () => {
    const raw = columnData();
    delete (raw as Partial<typeof raw>).searchList;
    const model = modelOf({ ...config(2), columnData: JSON.stringify({ ...raw, pageSize: 0, hasPage: undefined }) })!;
    expect(model.webType).toBe(2);
    expect(model.columnData).toMatchObject({ searchList: [], pageSize: 20, hasPage: true });
    expect(model.formData.fields).toHaveLength(4);
  });

  it('refuses configurations that do not make a function', () => {
    expect(modelOf({ ...config(2), formData: '[]' })).toBeNull();
    expect(modelOf({ ...config(2), formData: '{"fields":null}' })).toBeNull();
    expect(modelOf({ ...config(2), columnData: 'oops' })).toBeNull();
    // a form-only function needs no list
    expect(modelOf({ ...config(1), columnData: '' })?.columnData).toBeNull();
  });

  it('knows when a form shows system fields', () => {
    expect(hasSystemFields(formData())).toBe(true);
    expect(hasSystemFields(formData({ fields: formData().fields.slice(0, 3) }))).toBe(false);
  });
});

const plain = (jnpfKey: string, vModel: string, children?: FieldConfig[]): FieldConfig =>
  ({
    __config__: { jnpfKey, label: vModel, formId: 1, ...(children ? { children } : {}) },
    __vModel__: vModel,
  }) as FieldConfig;

describe('the display texts an existing record loads with its form', () => {
  it('for a relation form, in the form or as a sub-table column, and not for plain fields', () => {
    expect(needsDisplay({ fields: [plain('input', 'a')] })).toBe(false);
    expect(needsDisplay({ fields: [plain('relationForm', 'r')] })).toBe(true);
    expect(needsDisplay({ fields: [plain('table', 't', [plain('input', 'a')])] })).toBe(false);
    expect(needsDisplay({ fields: [plain('table', 't', [plain('input', 'a'), plain('relationForm', 'r')])] })).toBe(
      true,
    );
  });
});
