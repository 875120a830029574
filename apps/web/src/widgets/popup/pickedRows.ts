// The rows a popup select of a form holds now, by its record key, so a popup attribute field (popupAttr,
// relationField naming the popup) can show a field of them. Kept per form instance (no provider needed in the
// renderer), and per row in a sub-table (an attribute column shows its own row's pick); the popup publishes the
// rows it picked or read back for its stored ids.
import { Form } from 'antd';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { SubTableRowScope, useSubTableRowValues } from '../rowContext';
import type { InterfaceRow } from './popupData';

type Store = { rows: Map<string, InterfaceRow[]>; listeners: Set<() => void> };
const stores = new WeakMap<object, Store>();
/** outside any form (a widget rendered alone) */
const LOOSE = {};

function storeOf(form: object): Store {
  let store = stores.get(form);
  if (!store) stores.set(form, (store = { rows: new Map(), listeners: new Set() }));
  return store;
}

const NONE: InterfaceRow[] = [];

/** the form a widget sits in, or its sub-table row (a stable object), or one shared by widgets outside forms */
export function useFormKey(): object {
  const form = Form.useFormInstance() as object | undefined;
  return useContext(SubTableRowScope) ?? form ?? LOOSE;
}

/** the value of field `name` of the form a widget sits in, or of the cell `name` of its sub-table row */
export function useSiblingValue(name: string): unknown {
  const row = useSubTableRowValues();
  const inRow = !!row;
  // a stable selector: a new one makes the watch read (copy) all the form's values again after every render
  const select = useCallback(
    (values: Record<string, unknown> | undefined) => (inRow || !name ? undefined : values?.[name]),
    [inRow, name],
  );
  const watched: unknown = Form.useWatch(select, Form.useFormInstance());
  return row ? (name ? row[name] : undefined) : watched;
}

export function publishPickedRows(form: object, vModel: string, rows: InterfaceRow[]) {
  if (!vModel) return;
  const store = storeOf(form);
  const before = store.rows.get(vModel) ?? NONE;
  if (before.length === rows.length && before.every((r, i) => r === rows[i])) return;
  store.rows.set(vModel, rows);
  store.listeners.forEach((listener) => listener());
}

/** the rows the popup `vModel` of this form holds */
export function usePickedRows(form: object, vModel: string): InterfaceRow[] {
  const store = storeOf(form);
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => store.rows.get(vModel) ?? NONE);
}
