import type { FieldConfig, FormDataJson } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { frameWidth } from './PopupFrame';

const column = (key: string, vModel: string): FieldConfig =>
  ({ __config__: { jnpfKey: key, label: vModel, formId: 1 }, __vModel__: vModel }) as FieldConfig;
const form = (fields: FieldConfig[]): FormDataJson => ({ fields });
/** a sub-table of three columns: selection 48, serial 60, 3 × 160, actions 130, borders 2 = 720 px */
const table = {
  __config__: {
    jnpfKey: 'table',
    label: '明细',
    formId: 2,
    children: [column('input', 'a'), column('userSelect', 'b'), column('popupSelect', 'c')],
  },
  __vModel__: 'lines',
} as FieldConfig;

describe('the width of a record dialog or drawer', () => {
  it('grows past a pixel width too narrow for the widest sub-table, within the window', () => {
    expect(frameWidth(undefined, '600px', form([table]))).toBe('min(772px, calc(100vw - 32px))');
    expect(frameWidth('800px', '600px', form([table]))).toBe('800px');
    // a width the design sets otherwise is kept
    expect(frameWidth('70%', '600px', form([table]))).toBe('70%');
    expect(frameWidth('600', '600px', form([column('input', 'x')]))).toBe('600');
  });
});
