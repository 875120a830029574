// The rows a popup's value holds: those picked in this form, else read back through InfoByIds (a stored value the
// form was opened with), published for the form's popup attribute fields.
import type { FieldConfig } from '@jnpf/core';
import { useEffect, useMemo, useState } from 'react';
import { publishPickedRows, useFormKey } from './pickedRows';
import { idsOf, rowId, rowLabel, usePopupRowsOf, type InterfaceRow, type PopupConfig } from './popupData';

export function useHeldRows(field: FieldConfig, config: PopupConfig, value: unknown, params: Record<string, unknown>) {
  const ids = useMemo(() => idsOf(value), [value]);
  const [picked, setPicked] = useState<InterfaceRow[]>([]);
  const pickedById = useMemo(() => new Map(picked.map((r) => [rowId(r, config), r])), [picked, config]);
  const missing = useMemo(() => ids.filter((id) => !pickedById.has(id)), [ids, pickedById]);
  const fetched = usePopupRowsOf(config, params, missing);
  const rows = useMemo(() => {
    const known = new Map(pickedById);
    for (const r of fetched) if (!known.has(rowId(r, config))) known.set(rowId(r, config), r);
    return ids.flatMap((id) => (known.has(id) ? [known.get(id)!] : []));
  }, [ids, pickedById, fetched, config]);
  const form = useFormKey();
  useEffect(() => publishPickedRows(form, field.__vModel__, rows), [form, field.__vModel__, rows]);
  /** each held id with its label (the id itself while its row is unknown) */
  const labelled = useMemo(() => {
    const byId = new Map(rows.map((r) => [rowId(r, config), r]));
    return ids.map((id) => ({ value: id, label: byId.has(id) ? rowLabel(byId.get(id)!, config) || id : id }));
  }, [ids, rows, config]);
  /** remember rows just picked (their labels show at once) */
  const remember = (more: InterfaceRow[]) =>
    setPicked((before) => {
      const next = new Map(before.map((r) => [rowId(r, config), r]));
      for (const r of more) next.set(rowId(r, config), r);
      return [...next.values()];
    });
  return { ids, labelled, remember };
}
