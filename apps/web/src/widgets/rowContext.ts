// The sub-table row a cell's widget is in: a computed cell (calculate) reads "table.column" as that row's cell
// rather than the column's sum, and an interface parameter bound to a column of the row reads that row's cell.
import { createContext, useContext } from 'react';

export const SubTableRowIndex = createContext<number | undefined>(undefined);

/** the index of the sub-table row this widget is a cell of; undefined in the main form */
export const useSubTableRow = (): number | undefined => useContext(SubTableRowIndex);

/** the cells of the sub-table row this widget is a cell of, by column; undefined in the main form */
export const SubTableRowValues = createContext<Readonly<Record<string, unknown>> | undefined>(undefined);

export const useSubTableRowValues = (): Readonly<Record<string, unknown>> | undefined => useContext(SubTableRowValues);

/**
 * the sub-table row a cell is in, as a stable object per row: what a popup or relation-form cell picked is kept per
 * row (pickedRows, followedFields), so that an attribute column shows its own row's pick; null in the main form
 */
export const SubTableRowScope = createContext<object | null>(null);

/** the record key of the sub-table a cell is in (a form link's popup names its column by it); undefined outside */
export const SubTableName = createContext<string | undefined>(undefined);

export const useSubTableName = (): string | undefined => useContext(SubTableName);
