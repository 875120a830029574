// An organisation, department, position, role or group field in custom mode (selectType "custom"): a dialog titled
// as its directory's picker (select organisation, select department, select position, select role, group
// selection) whose one pane, "all data", lists only the entries of its ableIds (listedAbleIds), named by the
// selected-list call and filtered by the keyword; a department picker lists only departments, and a disabled entry
// is left out (the server would refuse it on save). The value is the
// picked id, or with `multiple` the list of them, as in "all" mode.
import { DIRECTORY_PICK_TYPES, mixedPickValue, type ListedPickerKey } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pickerApi, type PickerItem } from './api';
import { isPickableIn } from './DirectoryPicker';
import { ItemList } from './PickerDialog';
import { usePickerField } from './PickerField';
import { PickerShell, usePickerSearch } from './PickerShell';
import { pickerTexts } from './texts';

/** the dialog's title of each directory picker (both modes) */
export const DIRECTORY_PICKER_TITLES = {
  organizeSelect: 'selectOrganize',
  depSelect: 'selectDepartment',
  posSelect: 'selectPosition',
  roleSelect: 'selectRole',
  groupSelect: 'selectGroup',
} as const satisfies Record<ListedPickerKey, string>;

const idOf = (item: PickerItem) => item.id;

/** what a field of one directory (organisation, department, position, role or group) takes, in either picker */
export interface DirectoryFieldProps {
  source: ListedPickerKey;
  multiple: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: string | string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
}

export interface ListedPickerProps extends DirectoryFieldProps {
  /** the ids it may pick */
  able: readonly string[];
}

export function ListedPicker({
  source,
  able,
  multiple,
  value,
  onChange,
  clearable = true,
  ...props
}: ListedPickerProps) {
  const t = pickerTexts.useText();
  const type = DIRECTORY_PICK_TYPES[source];
  const namedAs = useCallback((id: string) => mixedPickValue(id, type), [type]);
  const state = usePickerField({ value, multiple, onChange, valueOf: idOf, namedAs });
  const search = usePickerSearch('all');
  const permitted = useQuery({
    queryKey: ['pickers', 'named', able.map(namedAs)],
    queryFn: () => pickerApi.named(able.map(namedAs)),
    enabled: state.open,
  });
  const lower = search.keyword.toLowerCase();
  // a disabled entry stays permitted but cannot be saved (the server refuses it): it is not offered
  const items = (permitted.data ?? []).filter(
    (item) =>
      !item.disabled && isPickableIn(source, item.type) && (!lower || item.fullName.toLowerCase().includes(lower)),
  );
  return (
    <PickerShell
      {...props}
      state={state}
      search={search}
      multiple={multiple}
      clearable={clearable}
      title={t(DIRECTORY_PICKER_TITLES[source])}
      tabs={[{ key: 'all', label: t('allData') }]}
    >
      <ItemList label={t('allData')} items={items} loading={permitted.isLoading} onPick={state.pick} />
    </PickerShell>
  );
}
