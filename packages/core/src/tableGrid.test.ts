import { describe, expect, it } from 'vitest';
import { containerProblems, newContainerPart, type FieldConfig } from './onlineDev';
import {
  firstOpenCell,
  isTidyTableGrid,
  removeTableGridCell,
  removeTableGridRow,
  spanTableGridCell,
  tidyTableGrid,
} from './tableGrid';

const input = (vModel: string): FieldConfig => ({
  __config__: { jnpfKey: 'input', label: vModel, formId: 1 },
  __vModel__: vModel,
});
type CellSpec = { colspan?: number; rowspan?: number; merged?: boolean; items?: FieldConfig[] };
/** a grid of rows of cells; ids 10·row + column */
const grid = (rows: CellSpec[][]): FieldConfig => ({
  __config__: {
    jnpfKey: 'tableGrid',
    label: 'grid',
    formId: 1,
    children: rows.map((cells, r) =>
      newContainerPart(
        'tableGridTr',
        100 + r,
        {},
        {},
        cells.map(({ items = [], ...spans }, c) =>
          newContainerPart('tableGridTd', 10 * r + c, {}, { colspan: 1, rowspan: 1, merged: false, ...spans }, items),
        ),
      ),
    ),
  },
  __vModel__: '',
});
const blank = (rows: number, columns: number) =>
  grid(Array.from({ length: rows }, () => Array.from({ length: columns }, () => ({}))));
/** each cell as "colspan×rowspan", or "-" when merged */
const shape = (field: FieldConfig) =>
  (field.__config__.children ?? []).map((row) =>
    (row.__config__.children ?? [])
      .map((cell) =>
        cell.__config__.merged ? '-' : `${String(cell.__config__.colspan)}x${String(cell.__config__.rowspan)}`,
      )
      .join(' '),
  );
const spanned = (field: FieldConfig, r: number, c: number, span: { colspan?: number; rowspan?: number }) => {
  const result = spanTableGridCell(field, r, c, span);
  if ('refused' in result) throw new Error(result.refused);
  return result.grid;
};

describe('table grid spans', () => {
  it('merges the cells a raised span covers and draws them again when it is lowered', () => {
    const wide = spanned(blank(3, 3), 0, 0, { colspan: 2, rowspan: 2 });
    expect(shape(wide)).toEqual(['2x2 - 1x1', '- - 1x1', '1x1 1x1 1x1']);
    expect(isTidyTableGrid(wide)).toBe(true);
    expect(containerProblems(wide)).toEqual([]);
    const narrow = spanned(wide, 0, 0, { colspan: 1 });
    expect(shape(narrow)).toEqual(['1x2 1x1 1x1', '- 1x1 1x1', '1x1 1x1 1x1']);
    expect(shape(spanned(narrow, 0, 0, { rowspan: 1 }))).toEqual(['1x1 1x1 1x1', '1x1 1x1 1x1', '1x1 1x1 1x1']);
  });

  it('swallows whole spans it covers, and refuses to cut into one', () => {
    const inner = spanned(blank(3, 3), 1, 1, { colspan: 2 });
    expect(shape(spanned(inner, 0, 0, { colspan: 3, rowspan: 2 }))).toEqual(['3x2 - -', '- - -', '1x1 1x1 1x1']);
    expect(spanTableGridCell(inner, 0, 1, { rowspan: 2 })).toEqual({ refused: 'gridSpanOverlap' });
    expect(spanTableGridCell(inner, 1, 2, { colspan: 1 })).toEqual({ refused: 'gridSpanOverlap' });
  });

  it('refuses a span leaving the grid or covering a cell that holds items', () => {
    expect(spanTableGridCell(blank(2, 2), 0, 1, { colspan: 2 })).toEqual({ refused: 'gridSpanOutside' });
    expect(spanTableGridCell(blank(2, 2), 1, 0, { rowspan: 2 })).toEqual({ refused: 'gridSpanOutside' });
    const short = grid([[{}, {}], [{}]]);
    expect(spanTableGridCell(short, 0, 1, { rowspan: 2 })).toEqual({ refused: 'gridSpanOutside' });
    const filled = grid([[{}, { items: [input('a')] }]]);
    expect(spanTableGridCell(filled, 0, 0, { colspan: 2 })).toEqual({ refused: 'gridSpanFilled' });
    // the cell itself may hold items
    expect(shape(spanned(grid([[{ items: [input('a')] }, {}]]), 0, 0, { colspan: 2 }))).toEqual(['2x1 -']);
  });

  it('tidies a grid a row or cell was taken from: no orphaned merged cell, no span past the grid', () => {
    const orphan = grid([
      [{ colspan: 1 }, { merged: true }],
      [{ merged: true }, {}],
    ]);
    expect(isTidyTableGrid(orphan)).toBe(false);
    expect(shape(tidyTableGrid(orphan))).toEqual(['1x1 1x1', '1x1 1x1']);
    const tooLong = grid([
      [{ colspan: 3, rowspan: 3 }, { merged: true }],
      [{ merged: true }, { merged: true }],
    ]);
    expect(shape(tidyTableGrid(tooLong))).toEqual(['2x2 -', '- -']);
    // overlapping spans: the earlier one wins; a merged cell holding items is drawn again
    const overlap = grid([
      [{}, { rowspan: 2 }],
      [{ colspan: 2 }, { merged: true }],
      [{ merged: true, items: [input('b')] }],
    ]);
    expect(shape(tidyTableGrid(overlap))).toEqual(['1x1 1x2', '1x1 -', '1x1']);
  });

  it('takes a row or a cell out without leaving a span past the grid or an orphaned merged cell', () => {
    const tall = spanned(blank(3, 2), 0, 0, { rowspan: 3 });
    expect(shape(removeTableGridRow(tall, 1))).toEqual(['1x2 1x1', '- 1x1']);
    expect(shape(removeTableGridRow(tall, 0))).toEqual(['1x1 1x1', '1x1 1x1']);
    const box = spanned(blank(2, 3), 0, 0, { colspan: 2, rowspan: 2 });
    // a covered cell of the span's own row: the span loses a column; of a row below: it stops above that row
    expect(shape(removeTableGridCell(box, 0, 1))).toEqual(['1x2 1x1', '- 1x1 1x1']);
    expect(shape(removeTableGridCell(box, 1, 1))).toEqual(['2x1 - 1x1', '1x1 1x1']);
    // the span's own cell: what it covered is drawn again
    expect(shape(removeTableGridCell(box, 0, 0))).toEqual(['1x1 1x1', '1x1 1x1 1x1']);
    for (const field of [removeTableGridRow(tall, 1), removeTableGridCell(box, 1, 1)])
      expect(isTidyTableGrid(field)).toBe(true);
  });

  it('reads a grid as tidy whatever spans its merged cells keep, and any other item as tidy', () => {
    expect(isTidyTableGrid(grid([[{ colspan: 2 }, { merged: true, colspan: 3, rowspan: 2 }]]))).toBe(true);
    expect(isTidyTableGrid(grid([[{ colspan: 2 }, {}]]))).toBe(false);
    expect(isTidyTableGrid(grid([[{ colspan: 2 }, { merged: true, items: [input('a')] }]]))).toBe(false);
    expect(isTidyTableGrid(input('a'))).toBe(true);
  });

  it('names the first cell drawn', () => {
    const merged = grid([[{ merged: true }, {}]]);
    expect(firstOpenCell(merged)?.__config__.formId).toBe(1);
    expect(firstOpenCell(blank(2, 2))?.__config__.formId).toBe(0);
  });
});
