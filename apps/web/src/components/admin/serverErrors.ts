// The server refuses invalid input with code 401 and data.errors = {field: message}; these go on the fields.
// A refusal of a list field's cell (a sub-table's row and column) also names the cell in data.cells =
// {field: [{rowIndex, column, message}]}: the form keeps these beside the field's message, and the field's
// widget marks those cells for as long as the field shows that message.
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { RequestError } from '../../platform/request';

/** the per-field messages of a validation refusal, or null */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof RequestError) || error.code !== 401) return null;
  const errors = (error.body?.data as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  return errors as Record<string, string>;
}

/** a refused cell of a list field: its row (from 0), its column's key when the refusal is about one, and why */
export interface RefusedCell {
  rowIndex: number;
  column?: string;
  message: string;
}

const asCell = (item: unknown): RefusedCell | null => {
  if (!item || typeof item !== 'object') return null;
  const { rowIndex, column, message } = item as Record<string, unknown>;
  if (typeof rowIndex !== 'number' || !Number.isInteger(rowIndex) || rowIndex < 0) return null;
  return {
    rowIndex,
    ...(typeof column === 'string' && column ? { column } : {}),
    message: typeof message === 'string' ? message : '',
  };
};

/** the refused cells a validation refusal names, by field (none: an empty object) */
export function serverCellErrors(error: unknown): Record<string, RefusedCell[]> {
  if (!(error instanceof RequestError) || error.code !== 401) return {};
  const cells = (error.body?.data as { cells?: unknown } | undefined)?.cells;
  if (!cells || typeof cells !== 'object') return {};
  const out: Record<string, RefusedCell[]> = {};
  for (const [name, list] of Object.entries(cells)) {
    const found = (Array.isArray(list) ? list : []).map(asCell).filter((cell): cell is RefusedCell => !!cell);
    if (found.length) out[name] = found;
  }
  return out;
}

/** by form: the refused cells of its fields and the message the server gave each field with them */
const refusals = new WeakMap<object, ReadonlyMap<string, { message: string; cells: RefusedCell[] }>>();

/**
 * the cells the server refused in this field of the form, while the field still shows the server's message
 * (`shown`: its errors now); once the field is checked again, its own rules decide
 */
export function refusedCellsOf(form: object, name: string, shown: readonly ReactNode[]): RefusedCell[] {
  const refusal = refusals.get(form)?.get(name);
  return refusal && shown.includes(refusal.message) ? refusal.cells : [];
}

/** puts each message of a validation refusal on its field (and keeps the cells it names); answers the fields */
export function applyServerErrors<V>(form: FormInstance<V>, error: unknown): string[] {
  const errors = serverFieldErrors(error);
  if (!errors) return [];
  const cells = serverCellErrors(error);
  refusals.set(
    form,
    new Map(
      Object.entries(cells)
        .filter(([name]) => name in errors)
        .map(([name, list]) => [name, { message: String(errors[name]), cells: list }]),
    ),
  );
  const fields = Object.entries(errors).map(([name, message]) => ({
    name: name.split('.') as never,
    errors: [String(message)],
  }));
  form.setFields(fields);
  return fields.map((f) => (f.name as string[]).join('.'));
}
