// The fields of a relation form's record that the form's relation-form attributes show, by the relation form they
// follow: the chooser asks for them too (not shown as columns), so that an attribute shows its field of a record
// just picked. Kept per form instance, as the picked rows are.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';

type Store = { followed: Map<string, Map<string, string>>; listeners: Set<() => void> };
const stores = new WeakMap<object, Store>();

function storeOf(form: object): Store {
  let store = stores.get(form);
  if (!store) stores.set(form, (store = { followed: new Map(), listeners: new Set() }));
  return store;
}

/** while mounted, attribute `attr` of this form shows `showField` of the record relation form `relation` holds */
export function useFollow(form: object, relation: string, attr: string, showField: string) {
  useEffect(() => {
    if (!relation || !showField) return;
    const store = storeOf(form);
    const fields = store.followed.get(relation) ?? new Map<string, string>();
    store.followed.set(relation, fields);
    fields.set(attr, showField);
    store.listeners.forEach((listener) => listener());
    return () => {
      fields.delete(attr);
      store.listeners.forEach((listener) => listener());
    };
  }, [form, relation, attr, showField]);
}

/** the fields the attributes following relation form `relation` show, sorted */
export function useFollowedFields(form: object, relation: string): string[] {
  const store = storeOf(form);
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    [store],
  );
  // a text snapshot: stable while the set is the same
  const joined = useSyncExternalStore(subscribe, () =>
    [...new Set(store.followed.get(relation)?.values() ?? [])].sort().join(','),
  );
  return useMemo(() => (joined ? joined.split(',') : []), [joined]);
}
