import { describe, expect, it } from 'vitest';
import { containerProblems, dataFields, itemListsOf, newContainerPart, partsOf, type FieldConfig } from './onlineDev';

const input = (vModel: string): FieldConfig => ({
  __config__: { jnpfKey: 'input', label: vModel, formId: 1 },
  __vModel__: vModel,
});
const container = (jnpfKey: 'tab' | 'collapse' | 'tableGrid' | 'row', children: FieldConfig[]): FieldConfig => ({
  __config__: { jnpfKey, label: jnpfKey, formId: 2, children },
  __vModel__: '',
});
const pane = (name: string, items: FieldConfig[]) => newContainerPart('tabItem', 3, { title: name, name }, {}, items);

describe('containers of parts', () => {
  it('walks the items of panes, and of the cells of a grid row, nested containers included', () => {
    const grid = container('tableGrid', [
      newContainerPart('tableGridTr', 4, {}, {}, [
        newContainerPart('tableGridTd', 5, {}, { colspan: 2 }, [input('c'), container('row', [input('d')])]),
      ]),
    ]);
    const tab = container('tab', [pane('1', [input('a')]), pane('2', [input('b'), grid])]);
    expect(dataFields([tab]).map((f) => f.__vModel__)).toEqual(['a', 'b', 'c', 'd']);
    expect(itemListsOf(grid).map((list) => list.at)).toEqual([
      '__config__.children.0.__config__.children.0.__config__.children',
    ]);
    expect(partsOf(tab)).toHaveLength(2);
    expect(partsOf(container('row', [input('a')]))).toEqual([]);
  });

  it('names malformed parts at their paths', () => {
    expect(containerProblems(container('tab', []))).toEqual([{ at: '__config__.children', code: 'containerEmpty' }]);
    expect(containerProblems(container('collapse', [pane('1', [])]))).toEqual([
      { at: '__config__.children.0', code: 'containerPartInvalid' },
    ]);
    expect(containerProblems(container('tab', [pane('1', []), pane('1', [])]))).toEqual([
      { at: '__config__.children.1.name', code: 'paneNameDuplicate' },
    ]);
    const grid = container('tableGrid', [
      newContainerPart('tableGridTr', 4, {}, {}, [newContainerPart('tableGridTd', 5, {}, { rowspan: 1.5 })]),
    ]);
    expect(containerProblems(grid)).toEqual([
      { at: '__config__.children.0.__config__.children.0.__config__', code: 'cellSpanInvalid' },
    ]);
    expect(containerProblems(container('row', []))).toEqual([]);
  });
});
