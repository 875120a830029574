// The cells of a table grid (tableGrid → rows tableGridTr → cells tableGridTd) as the reference lays them out:
// every row keeps one cell per column, and a cell another one spans over stays in its row, marked merged (not
// drawn, holding no items). A cell's colspan and rowspan reach right and down from it. These pure functions keep
// the merged marks and the spans consistent: no two spans overlap, no merged cell lies outside every span, no
// span leaves the grid, and no cell holding items is ever hidden.
import { partOfContainer, partsOf, type FieldConfig } from './onlineDev.js';

/** why a cell cannot take the spans asked for */
export type GridSpanRefusal = 'gridSpanOutside' | 'gridSpanOverlap' | 'gridSpanFilled';

interface Place {
  colspan: number;
  rowspan: number;
  merged: boolean;
  /** the cell whose span covers this one (itself when it is not merged) */
  owner: [number, number];
}

const spanOf = (value: unknown): number => (Number.isInteger(value) && (value as number) >= 1 ? (value as number) : 1);
const holdsItems = (cell: FieldConfig): boolean => (cell.__config__.children?.length ?? 0) > 0;
/** the grid's well-formed cells, row by row */
const cellsOf = (grid: FieldConfig): FieldConfig[][] => partsOf(grid).map((row) => partsOf(row));

/**
 * Lays the cells out row by row: a cell no earlier span covers keeps its spans, cut down where they would leave
 * the grid (a shorter row or the last row), cover a cell holding items or reach into another span; the cells a
 * span covers are merged, with spans of 1.
 */
function layOut(cells: readonly (readonly FieldConfig[])[]): Place[][] {
  const places: (Place | undefined)[][] = cells.map((row) => row.map(() => undefined));
  const free = (r: number, c: number) => c < (cells[r]?.length ?? 0) && !places[r]![c] && !holdsItems(cells[r]![c]!);
  cells.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (places[r]![c]) return;
      const wantCols = spanOf(cell.__config__.colspan);
      const wantRows = spanOf(cell.__config__.rowspan);
      let colspan = 1;
      while (colspan < wantCols && free(r, c + colspan)) colspan += 1;
      let rowspan = 1;
      const rowFree = (rr: number) => Array.from({ length: colspan }, (_, j) => free(rr, c + j)).every(Boolean);
      while (rowspan < wantRows && r + rowspan < cells.length && rowFree(r + rowspan)) rowspan += 1;
      for (let i = 0; i < rowspan; i += 1)
        for (let j = 0; j < colspan; j += 1)
          places[r + i]![c + j] = { colspan: 1, rowspan: 1, merged: i + j > 0, owner: [r, c] };
      places[r]![c] = { colspan, rowspan, merged: false, owner: [r, c] };
    }),
  );
  return places as Place[][];
}

/** the grid with its cells' spans and merged marks as `places` says, untouched cells kept as they are */
function withPlaces(grid: FieldConfig, places: Place[][]): FieldConfig {
  let r = -1;
  const wellFormedRows = partsOf(grid);
  const rows = (grid.__config__.children ?? []).map((row) => {
    if (!wellFormedRows.includes(row)) return row;
    r += 1;
    const rowPlaces = places[r]!;
    const wellFormed = partsOf(row);
    let c = -1;
    const children = (row.__config__.children ?? []).map((cell) => {
      if (!wellFormed.includes(cell)) return cell;
      c += 1;
      const { colspan, rowspan, merged } = rowPlaces[c]!;
      const config = cell.__config__;
      if (config.colspan === colspan && config.rowspan === rowspan && config.merged === merged) return cell;
      return { ...cell, __config__: { ...config, colspan, rowspan, merged } };
    });
    return { ...row, __config__: { ...row.__config__, children } };
  });
  return { ...grid, __config__: { ...grid.__config__, children: rows } };
}

/**
 * The grid with consistent spans and merged marks (see layOut): what the designer keeps after any change of
 * its rows or cells.
 */
export function tidyTableGrid(grid: FieldConfig): FieldConfig {
  return withPlaces(grid, layOut(cellsOf(grid)));
}

/**
 * whether the grid's spans and merged marks are consistent (what the designer leaves and the server's design
 * check wants): each drawn cell's spans stay inside the grid, overlap no other span and cover no cell holding
 * items, and exactly the cells they cover are merged. (A merged cell's own spans are not read: the reference
 * may leave them as they were.)
 */
export function isTidyTableGrid(grid: FieldConfig): boolean {
  // (any other item is tidy: it has no cells)
  if (partOfContainer(grid.__config__.jnpfKey) !== 'tableGridTr') return true;
  const cells = cellsOf(grid);
  const places = layOut(cells);
  return cells.every((row, r) =>
    row.every((cell, c) => {
      const place = places[r]![c]!;
      const config = cell.__config__;
      if ((config.merged === true) !== place.merged) return false;
      return place.merged || (spanOf(config.colspan) === place.colspan && spanOf(config.rowspan) === place.rowspan);
    }),
  );
}

/**
 * The grid with the cell at (row, column) — indexes among the grid's rows and that row's cells, merged ones
 * counted — given new spans: the cells it comes to cover are merged, those it no longer covers are drawn again
 * (as single cells). Refused when the span would leave the grid (gridSpanOutside), cover a cell holding items
 * (gridSpanFilled), or cover part of another cell's span (gridSpanOverlap); a merged cell takes no spans.
 */
export function spanTableGridCell(
  grid: FieldConfig,
  row: number,
  column: number,
  span: { colspan?: number; rowspan?: number },
): { grid: FieldConfig } | { refused: GridSpanRefusal } {
  const cells = cellsOf(grid);
  const places = layOut(cells);
  const here = places[row]?.[column];
  if (!here || here.merged) return { refused: 'gridSpanOverlap' };
  const colspan = spanOf(span.colspan ?? here.colspan);
  const rowspan = spanOf(span.rowspan ?? here.rowspan);
  const inside = (r: number, c: number) => r >= row && r < row + rowspan && c >= column && c < column + colspan;
  for (let i = 0; i < rowspan; i += 1)
    for (let j = 0; j < colspan; j += 1) {
      const r = row + i;
      const c = column + j;
      if (c >= (cells[r]?.length ?? 0)) return { refused: 'gridSpanOutside' };
      if (i + j === 0) continue;
      if (holdsItems(cells[r]![c]!)) return { refused: 'gridSpanFilled' };
      const [ownerRow, ownerColumn] = places[r]![c]!.owner;
      if (ownerRow === row && ownerColumn === column) continue;
      const owner = places[ownerRow]![ownerColumn]!;
      const covered =
        inside(ownerRow, ownerColumn) && inside(ownerRow + owner.rowspan - 1, ownerColumn + owner.colspan - 1);
      if (!covered) return { refused: 'gridSpanOverlap' };
    }
  // the spans asked for, on a grid laid out as it is: the layout then merges what the cell now covers
  const asked = cells.map((cells, r) =>
    cells.map((cell, c) => {
      const place = places[r]![c]!;
      const config =
        r === row && c === column
          ? { ...cell.__config__, colspan, rowspan, merged: false }
          : { ...cell.__config__, colspan: place.colspan, rowspan: place.rowspan, merged: place.merged };
      return { ...cell, __config__: config };
    }),
  );
  return { grid: withPlaces(grid, layOut(asked)) };
}

/** the first cell of the grid that is drawn (not merged), row by row, or undefined */
export function firstOpenCell(grid: FieldConfig): FieldConfig | undefined {
  return cellsOf(grid)
    .flat()
    .find((cell) => cell.__config__.merged !== true);
}

/** the grid with its list of rows changed (malformed parts among them included) */
const withRows = (grid: FieldConfig, change: (rows: FieldConfig[]) => FieldConfig[]): FieldConfig => ({
  ...grid,
  __config__: { ...grid.__config__, children: change(grid.__config__.children ?? []) },
});

/** the cells' spans as laid out, with `change` applied to the spans of the cells drawn (row, column, place) */
function withSpans(grid: FieldConfig, change: (r: number, c: number, place: Place) => Partial<Place>): FieldConfig {
  const places = layOut(cellsOf(grid));
  const spans = places.map((row, r) =>
    row.map((place, c) => (place.merged ? place : { ...place, ...change(r, c, place) })),
  );
  return withPlaces(grid, spans);
}

/**
 * The grid without its row `row` (an index among its rows): the spans reaching into it from above lose that
 * row, and what the spans starting in it covered below is drawn again.
 */
export function removeTableGridRow(grid: FieldConfig, row: number): FieldConfig {
  const shortened = withSpans(grid, (r, _c, place) =>
    r < row && r + place.rowspan > row ? { rowspan: place.rowspan - 1 } : {},
  );
  const gone = partsOf(shortened)[row];
  return tidyTableGrid(withRows(shortened, (rows) => rows.filter((tr) => tr !== gone)));
}

/**
 * The grid without the cell (row, column): a span of its row reaching over it loses that column, one from
 * above stops before its row; the cells after it in its row move one place left.
 */
export function removeTableGridCell(grid: FieldConfig, row: number, column: number): FieldConfig {
  const owner = layOut(cellsOf(grid))[row]?.[column]?.owner;
  const shortened = withSpans(grid, (r, c, place) => {
    if (!owner || r !== owner[0] || c !== owner[1] || (r === row && c === column)) return {};
    return r === row ? { colspan: place.colspan - 1 } : { rowspan: row - r };
  });
  const tr = partsOf(shortened)[row];
  return tidyTableGrid(
    withRows(shortened, (rows) =>
      rows.map((each) => {
        if (each !== tr || !tr) return each;
        const cells = partsOf(tr);
        const children = (tr.__config__.children ?? []).filter((cell) => cell !== cells[column]);
        return { ...tr, __config__: { ...tr.__config__, children } };
      }),
    ),
  );
}
