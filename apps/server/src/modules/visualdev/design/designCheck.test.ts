// The design checks on their own: what a good design looks like, and each problem reported at its JSON path.
import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '@jnpf/core';
import { checkDesign, type DesignDraft } from './designCheck.js';
import { m } from '../messages.js';
import { field, sampleColumns, sampleFields, sampleForm } from '../../../../test/kit/visualdev.js';

const dictionaries = new Set(['sex']);
const ctx = { dictionaryExists: async (id: string) => dictionaries.has(id) };

const draft = (fields: FieldConfig[] = sampleFields('PO'), patch: Partial<DesignDraft> = {}): DesignDraft => ({
  webType: 2,
  formData: JSON.stringify(sampleForm('PO', fields)),
  columnData: JSON.stringify(sampleColumns()),
  ...patch,
});
const keys = async (d: DesignDraft) =>
  Object.fromEntries(Object.entries(await checkDesign(d, ctx)).map(([path, issue]) => [path, issue.key]));

describe('design checks', () => {
  it('accept the sample design, a form-only design without a list, and a nested container', async () => {
    expect(await checkDesign(draft(), ctx)).toEqual({});
    expect(await checkDesign(draft(undefined, { webType: 1, columnData: '' }), ctx)).toEqual({});
    const nested = [
      field('card', '', '', { children: [field('row', '', '', { children: [field('input', 'deep', '深')] })] }),
    ];
    expect(await checkDesign(draft(nested, { columnData: '{}' }), ctx)).toEqual({});
  });

  it('refuse formData that is not an object with fields, and a form without value fields', async () => {
    expect(await keys({ webType: 1, formData: 'nope', columnData: '' })).toEqual({ formData: m.formDataInvalid });
    expect(await keys({ webType: 1, formData: '[]', columnData: '' })).toEqual({ formData: m.formDataInvalid });
    expect(await keys({ webType: 1, formData: '{"fields":3}', columnData: '' })).toEqual({
      'formData.fields': m.formDataInvalid,
    });
    expect(await keys(draft([field('divider', '', '')], { webType: 1 }))).toEqual({ 'formData.fields': m.fieldsEmpty });
  });

  it('refuse unknown widgets, bad and duplicate field names, and reserved ones', async () => {
    const fields = [
      field('input', 'a', 'A'),
      field('uploadFx', 'file', '附件'),
      field('input', '1bad', '坏'),
      field('input', 'a', '又一个A'),
      field('row', '', '', { children: [field('input', 'id', '主键'), { nothing: true } as unknown as FieldConfig] }),
    ];
    expect(await keys(draft(fields, { webType: 1 }))).toEqual({
      'formData.fields.1.__config__.jnpfKey': m.keyUnknown,
      'formData.fields.2.__vModel__': m.vModelInvalid,
      'formData.fields.3.__vModel__': m.vModelDuplicate,
      'formData.fields.4.__config__.children.0.__vModel__': m.vModelReserved,
      'formData.fields.4.__config__.children.1': m.fieldInvalid,
    });
    expect(await keys(draft([field('input', 'x'.repeat(51), '长')], { webType: 1 }))).toEqual({
      'formData.fields.0.__vModel__': m.vModelInvalid,
    });
  });

  it('refuse option fields without options, with bad or duplicate options, or with a missing dictionary', async () => {
    const fields = [
      field('select', 'a', 'A', {}, { options: [] }),
      field(
        'radio',
        'b',
        'B',
        {},
        {
          options: [
            { id: '1', fullName: '一' },
            { id: '1', fullName: '又一' },
          ],
        },
      ),
      field('checkbox', 'c', 'C', {}, { options: [{ id: '', fullName: '空' }] }),
      field('select', 'd', 'D', { dataType: 'dictionary' }),
      field('select', 'e', 'E', { dataType: 'dictionary', dictionaryType: 'nope' }),
      field('select', 'f', 'F', {}, { props: { label: 'name', value: 'code' }, options: [{ code: 'x', name: 'X' }] }),
    ];
    expect(await keys(draft(fields, { webType: 1 }))).toEqual({
      'formData.fields.0.options': m.optionsEmpty,
      'formData.fields.1.options.1': m.optionDuplicate,
      'formData.fields.2.options.0': m.optionInvalid,
      'formData.fields.3.__config__.dictionaryType': m.dictionaryRequired,
      'formData.fields.4.__config__.dictionaryType': m.dictionaryNotFound,
    });
  });

  it('refuse number rules without a rule, bad patterns and bounds', async () => {
    const fields = [
      field('billRule', 'no', '单号'),
      field('input', 'p', 'P', {
        regList: [
          { pattern: '/(/', message: 'x' },
          { pattern: '^\\d+$', message: 'y' },
        ],
      }),
      field('inputNumber', 'n', 'N', {}, { min: 5, max: 1 }),
      field('textarea', 't', 'T', {}, { maxlength: -3 }),
    ];
    expect(await keys(draft(fields, { webType: 1 }))).toEqual({
      'formData.fields.0.rule': m.ruleRequired,
      'formData.fields.1.__config__.regList.0.pattern': m.patternInvalid,
      'formData.fields.2.min': m.rangeInvalid,
      'formData.fields.3.maxlength': m.fieldInvalid,
    });
  });

  it('accept every custom mask setting, and refuse a custom mask that misses its text, count or length', async () => {
    const mask = (maskConfig: Record<string, unknown>) => ({ useMask: true, maskConfig });
    const full = {
      maskType: 0,
      filler: '#',
      prefixType: 4,
      prefixSpecifyChar: '-',
      suffixType: 3,
      suffixSpecifyChar: '@',
      ignoreChar: '.,_',
      useUnrealMask: true,
      unrealMaskLength: 3,
    };
    expect(await keys(draft([field('input', 'a', 'A', {}, mask(full))], { webType: 1 }))).toEqual({});
    const fields = [
      field('input', 'b', 'B', {}, mask({ maskType: 0, prefixType: 3, prefixSpecifyChar: '' })),
      field('input', 'c', 'C', {}, mask({ maskType: 0, suffixType: 2, suffixLimit: 0 })),
      field('input', 'd', 'D', {}, mask({ maskType: 0, useUnrealMask: true, unrealMaskLength: 500 })),
      // not masked: its config is not used
      field('input', 'e', 'E', {}, { useMask: false, maskConfig: { maskType: 0, prefixType: 3 } }),
    ];
    const found = await keys(draft(fields, { webType: 1 }));
    expect(Object.keys(found)).toEqual([
      'formData.fields.0.maskConfig.prefixChar',
      'formData.fields.1.maskConfig.suffixLimit',
      'formData.fields.2.maskConfig.unrealMaskLength',
    ]);
    expect(found).toEqual({
      'formData.fields.0.maskConfig.prefixChar': m.maskConfigInvalid,
      'formData.fields.1.maskConfig.suffixLimit': m.maskConfigInvalid,
      'formData.fields.2.maskConfig.unrealMaskLength': m.maskConfigInvalid,
    });
  });

  it('refuse a select-data dialog without a source, over a form not released, or filling a column it lacks', async () => {
    const table = (addType: number, addTableConf: Record<string, unknown>) =>
      field('table', 'lines', '明细', { children: [field('input', 'lineName', '名称')] }, { addType, addTableConf });
    const check = (t: FieldConfig) =>
      checkDesign(draft([t], { webType: 1, columnData: '' }), {
        ...ctx,
        formReleased: async (id: string) => id === 'released',
      }).then((found) => Object.fromEntries(Object.entries(found).map(([path, issue]) => [path, issue.key])));
    const at = 'formData.fields.0.addTableConf';
    const mapping = [
      { field: 'lineName', type: 1, value: 'full_name' },
      { field: 'ghost', type: 2, value: '固定' },
    ];
    expect(await check(table(1, { dataSource: 'dynamic', interfaceId: 'i1', relationOptions: mapping }))).toEqual({
      [`${at}.relationOptions.1.field`]: m.chooserColumnMissing,
    });
    expect(await check(table(1, { dataSource: 'dynamic', interfaceId: '' }))).toEqual({
      [`${at}.interfaceId`]: m.interfaceRequired,
    });
    expect(await check(table(1, { dataSource: 'model', modelId: '' }))).toEqual({
      [`${at}.modelId`]: m.relationFormRequired,
    });
    expect(await check(table(1, { dataSource: 'model', modelId: 'draft-only' }))).toEqual({
      [`${at}.modelId`]: m.relationFormNotReleased,
    });
    expect(
      await check(table(1, { dataSource: 'model', modelId: 'released', relationOptions: mapping.slice(0, 1) })),
    ).toEqual({});
    // rows added by hand: what the stored dialog says is not used
    expect(await check(table(0, { dataSource: 'dynamic', interfaceId: '', relationOptions: mapping }))).toEqual({});
  });

  it('refuse a list that names fields the form does not have, bad search types and button values', async () => {
    const columns = sampleColumns();
    columns.columnList.push({ prop: 'ghost', label: '幽灵', jnpfKey: 'input' });
    columns.searchList.push({ prop: 'title', label: '标题', jnpfKey: 'input', searchType: 4 as never });
    columns.searchList.push({ prop: 'nowhere', label: '无', jnpfKey: 'input', searchType: 1 });
    columns.btnsList.push({ value: 'bad value', label: '坏' });
    expect(await keys(draft(undefined, { columnData: JSON.stringify(columns) }))).toEqual({
      'columnData.columnList.11.prop': m.columnUnknown,
      'columnData.searchList.8.searchType': m.searchTypeInvalid,
      'columnData.searchList.9.prop': m.searchUnknown,
      'columnData.btnsList.3.value': m.buttonInvalid,
    });
    expect(await keys(draft(undefined, { columnData: 'x' }))).toEqual({ columnData: m.columnDataInvalid });
    expect(await keys(draft(undefined, { columnData: '{"columnList":{}}' }))).toEqual({
      'columnData.columnList': m.columnDataInvalid,
    });
  });
});
