// The table's header and summary of a generated list, pure: the data columns placed under their complex headers
// (columnData.complexHeaderList: the shared headerColumns; columns hidden by column permission are out of their
// group), and the records of a page the summary row sums.

export { headerColumns, type HeaderLayout } from '../../components/table/headerColumns';

interface PageRow {
  top?: unknown;
  children?: unknown;
  [key: string]: unknown;
}

/**
 * The records of a page the summary sums: the rows of the page (the reference sums the page shown, not every
 * record the search finds), the rows under each group of a grouped list, and in a tree table every level read so
 * far (children not opened yet are not counted). `skip`: rows that stand for no record (a level still loading).
 */
export function pageRecords<R extends PageRow>(rows: readonly R[], skip: (row: R) => boolean = () => false): R[] {
  const out: R[] = [];
  const visit = (list: readonly R[]) => {
    for (const row of list) {
      if (skip(row)) continue;
      if (row.top !== true) out.push(row);
      if (Array.isArray(row.children)) visit(row.children as R[]);
    }
  };
  visit(rows);
  return out;
}
