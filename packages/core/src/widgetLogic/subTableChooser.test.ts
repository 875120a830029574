import { describe, expect, it } from 'vitest';
import { activeSubTableChooser, chooserCopiedFields, subTableChooserOf } from './subTableChooser.js';

describe('a sub-table select-data chooser', () => {
  it('reads an interface chooser, its columns and its mapping', () => {
    const chooser = subTableChooserOf({
      addTableConf: {
        dataSource: 'dynamic',
        interfaceId: ' i1 ',
        modelId: 'stale',
        columnOptions: [{ value: 'name' }, { value: 'name' }, { value: '' }, 3],
        relationOptions: [
          { field: 'a', type: 1, value: 'name' },
          { field: 'b', type: '2', value: 7 },
          { field: '', type: 1, value: 'x' },
          { field: 'c', type: 1, value: '' },
        ],
      },
    })!;
    expect(chooser).toMatchObject({ dataSource: 'dynamic', interfaceId: 'i1', modelId: '', columns: ['name'] });
    expect(chooser.propsValue).toBe('id');
    expect(chooser.relationOptions).toEqual([
      { field: 'a', type: 1, value: 'name' },
      { field: 'b', type: 2, value: '7' },
      { field: 'c', type: 1, value: '' },
    ]);
    expect(chooserCopiedFields(chooser)).toEqual(['name']);
  });

  it('reads a design chooser, and a 3.4 tableConf naming a design without a source', () => {
    expect(subTableChooserOf({ addTableConf: { dataSource: 'model', modelId: 'm1', interfaceId: 'i' } })).toMatchObject(
      { dataSource: 'model', modelId: 'm1', interfaceId: '' },
    );
    expect(subTableChooserOf({ tableConf: { modelId: 'm2' } })).toMatchObject({ dataSource: 'model', modelId: 'm2' });
    // a design chosen as the source but not yet named
    expect(subTableChooserOf({ addTableConf: { dataSource: 'model' } })).toMatchObject({
      dataSource: 'model',
      modelId: '',
    });
    expect(subTableChooserOf({})).toBeNull();
    expect(subTableChooserOf({ addTableConf: [] })).toBeNull();
  });

  it('is active only when rows are added through it and it names a source', () => {
    const conf = { dataSource: 'dynamic', interfaceId: 'i1' };
    expect(activeSubTableChooser({ addType: 1, addTableConf: conf })?.interfaceId).toBe('i1');
    expect(activeSubTableChooser({ addType: 0, addTableConf: conf })).toBeNull();
    expect(activeSubTableChooser({ addType: 1, addTableConf: { dataSource: 'dynamic' } })).toBeNull();
  });
});
