// The sub-table row a cell's widget is in: a computed cell (calculate) reads "table.column" as that row's cell
// rather than the column's sum.
import { createContext, useContext } from 'react';

export const SubTableRowIndex = createContext<number | undefined>(undefined);

/** the index of the sub-table row this widget is a cell of; undefined in the main form */
export const useSubTableRow = (): number | undefined => useContext(SubTableRowIndex);
