// What a date or time picker's bounds are resolved against in the form: the browser's clock, the values of the
// fields its rules follow (watched, so that the picker follows them as they change) and, in a sub-table, its row.
import { boundRelations, type BoundContext, type FieldConfig } from '@jnpf/core';
import { Form } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSubTableName, useSubTableRowValues } from './rowContext';

/** the main-form fields a picker's bounds follow (a sub-table column's "table-column" is a cell of its row) */
export const mainBoundRelations = (field: FieldConfig): string[] =>
  boundRelations(field).filter((key) => !key.includes('-'));

export function usePickerBoundContext(field: FieldConfig): BoundContext {
  const form = Form.useFormInstance();
  const table = useSubTableName();
  const row = useSubTableRowValues();
  const relations = useMemo(() => mainBoundRelations(field), [field]);
  // only the followed fields: the picker re-renders when one of them changes, not on every keystroke elsewhere.
  // A stable selector: a new one makes the watch read (copy) all the form's values again after every render.
  const select = useCallback(
    (all: Record<string, unknown> | undefined) => {
      const out: Record<string, unknown> = {};
      for (const key of relations) out[key] = all?.[key];
      return out;
    },
    [relations],
  );
  const values = Form.useWatch(select, form);
  return { now: Date.now(), values: values ?? {}, table, row };
}
