// What the picker fields share: the field shows its held entries by name (read once from the server, or as just
// picked) in a select that opens the picker's dialog on click (or Enter, space or the down arrow) unless disabled;
// clearing or removing a tag changes the value at once (the clear icon only when clearable). The dialog starts with
// nothing selected and no keyword; a pick replaces the selection in single mode and is appended (duplicates
// ignored) in multiple mode; confirm adds it to the value the same way, cancel leaves the value as it was.
import { SYSTEM_USER_ID } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { pickerApi, type PickerItem } from './api';
import type { Picked } from './PickerDialog';
import { pickerTexts } from './texts';

/** a click on the clear icon or a tag's remove icon */
const isRemoval = (target: EventTarget) =>
  target instanceof Element && !!target.closest('.ant-select-clear, .ant-select-selection-item-remove');

const OPENING_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown']);

export const entriesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '')
    : typeof value === 'string' && value
      ? [value]
      : [];

/**
 * The state of a picker field: its held entries with their names, and the dialog's selection.
 * `valueOf` gives an item's stored value, `sameEntry` compares a held value with a named item (null = equal values).
 */
export function usePickerField({
  value,
  multiple,
  onChange,
  valueOf,
  keyOf = (v) => v,
  namedAs = (v) => v,
}: {
  value: unknown;
  multiple: boolean;
  onChange?: (value: string | string[]) => void;
  valueOf: (item: PickerItem) => string;
  /** how two values are compared (a company and a department alike, say) */
  keyOf?: (value: string) => string;
  /** how the selected-list call names a held value ("id--type"; a bare id is a user) */
  namedAs?: (value: string) => string;
}) {
  const t = pickerTexts.useText();
  const entries = useMemo(() => entriesOf(value), [value]);
  const remembered = useRef(new Map<string, string>());
  const named = useQuery({
    queryKey: ['pickers', 'named', entries.map(namedAs)],
    queryFn: () => pickerApi.named(entries.map(namedAs)),
    enabled: entries.some((e) => !remembered.current.has(keyOf(e))),
    staleTime: 60_000,
  });
  const labelOf = useCallback(
    (entry: string) => {
      const key = keyOf(entry);
      if (entry === SYSTEM_USER_ID || key === keyOf(`${SYSTEM_USER_ID}--user`)) return t('currentUser');
      const known = remembered.current.get(key);
      if (known) return known;
      const item = named.data?.find((i) => keyOf(valueOf(i)) === key);
      return item?.fullName ?? entry;
    },
    [keyOf, named.data, t, valueOf],
  );
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<Picked[]>([]);
  useEffect(() => {
    if (open) setSelected([]);
  }, [open]);

  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));
  const pick = (item: PickerItem) => {
    const picked: Picked = { value: valueOf(item), label: item.fullName, organize: item.organize };
    setSelected((before) =>
      !multiple ? [picked] : before.some((p) => keyOf(p.value) === keyOf(picked.value)) ? before : [...before, picked],
    );
  };
  const confirm = () => {
    for (const p of selected) remembered.current.set(keyOf(p.value), p.label);
    const picked = selected.map((p) => p.value);
    if (!multiple) emit(picked.length ? picked : entries.slice(0, 1));
    else {
      const held = new Set(entries.map(keyOf));
      emit([...entries, ...picked.filter((v) => !held.has(keyOf(v)))]);
    }
    setOpen(false);
  };
  return {
    entries,
    labelOf,
    loading: named.isLoading && named.fetchStatus !== 'idle',
    open,
    setOpen,
    selected,
    pick,
    remove: (v: string) => setSelected((before) => before.filter((p) => p.value !== v)),
    clear: () => setSelected([]),
    confirm,
    emit,
  };
}

/** the field itself: the held entries by name, opening the dialog on click */
export function PickerTrigger({
  id,
  state,
  multiple,
  placeholder,
  disabled,
  clearable,
  dialog,
  allTags,
  ariaLabel,
}: {
  id?: string;
  state: ReturnType<typeof usePickerField>;
  multiple: boolean;
  placeholder?: string;
  disabled?: boolean;
  clearable: boolean;
  dialog: ReactNode;
  /** every held entry's tag shown, wrapping (a list to read whole), rather than those that fit on one line */
  allTags?: boolean;
  /** the field's accessible name, where no form label names it */
  ariaLabel?: string;
}) {
  const t = pickerTexts.useText();
  const { entries, labelOf, emit } = state;
  return (
    <>
      <div
        // as wide as the other fields, also where the field sits in a flex row (the gallery, a search bar)
        style={{ width: '100%' }}
        onClick={(event) => {
          if (isRemoval(event.target)) return;
          if (!disabled) state.setOpen(true);
        }}
        // from the keyboard as a drop-down opens: Enter, space or the down arrow on the focused field
        onKeyDown={(event) => {
          if (disabled || state.open || !OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          event.stopPropagation();
          state.setOpen(true);
        }}
      >
        <Select
          id={id}
          aria-label={ariaLabel}
          open={false}
          mode={multiple ? 'multiple' : undefined}
          value={multiple ? entries : entries[0]}
          options={entries.map((e) => ({ value: e, label: labelOf(e) }))}
          placeholder={placeholder || t('selectPlaceholder')}
          allowClear={clearable}
          disabled={disabled || undefined}
          loading={state.loading}
          showSearch={false}
          maxTagCount={allTags ? undefined : 'responsive'}
          onClear={() => emit([])}
          onDeselect={(removed: string) => emit(entries.filter((v) => v !== removed))}
          style={{ width: '100%' }}
        />
      </div>
      {dialog}
    </>
  );
}
