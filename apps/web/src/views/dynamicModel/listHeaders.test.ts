import type { ColumnItem } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { headerColumns, pageRecords } from './listHeaders';

const column = (prop: string, fixed: ColumnItem['fixed'] = 'none'): ColumnItem => ({
  prop,
  label: prop.toUpperCase(),
  jnpfKey: 'input',
  fixed,
});
const leaf = (c: ColumnItem) => ({ key: c.prop, title: c.label });
type Columns = ReturnType<typeof headerColumns>['columns'];
const titles = (columns: Columns): unknown[] =>
  columns.map((c: Columns[number]) =>
    'children' in c && c.children ? { [String(c.title)]: titles(c.children) } : c.title,
  );

describe('the header of a list', () => {
  const headers = [
    { id: 'h1', fullName: '规格', align: 'left', childColumns: ['c', 'b', 'a'] },
    { id: 'h2', fullName: '空', childColumns: ['x'] },
  ];

  it('puts grouped columns under their parent header, frozen columns outside', () => {
    const shown = [column('a', 'left'), column('b'), column('d'), column('c')];
    const layout = headerColumns(shown, headers, leaf);
    expect(titles(layout.columns)).toEqual(['A', { 规格: ['B', 'C'] }, 'D']);
    expect(layout.order).toEqual(['a', 'b', 'c', 'd']);
    expect(layout.columns[1]).toMatchObject({ key: 'header:h1', align: 'left' });
  });

  it('leaves out columns the user may not see and a group they empty', () => {
    expect(titles(headerColumns([column('a'), column('d')], headers, leaf).columns)).toEqual([{ 规格: ['A'] }, 'D']);
    expect(titles(headerColumns([column('d')], headers, leaf).columns)).toEqual(['D']);
    expect(titles(headerColumns([column('b')], 'not a list', leaf).columns)).toEqual(['B']);
  });
});

describe('the records a summary sums', () => {
  it('takes group members, tree levels read so far, and skips placeholders', () => {
    const rows: { id: string; top?: boolean; wait?: boolean; children?: unknown[] }[] = [
      { id: 'g', top: true, children: [{ id: 'r1' }, { id: 'r2' }] },
      { id: 't', children: [{ id: 't1', children: [{ id: 'p', wait: true }] }] },
    ];
    expect(pageRecords(rows, (r) => r.wait === true).map((r) => r.id)).toEqual(['r1', 'r2', 't', 't1']);
  });
});
