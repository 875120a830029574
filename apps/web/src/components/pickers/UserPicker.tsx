// The user picker (userSelect), titled "select user". In "all" mode its tabs are all data (the organisation → user
// tree, a level read as it opens), current organisation, my subordinates and, with hasSys, system variables (the
// current user). A keyword turns the all-data tree into a flat list of matching users read 20 at a time as it is
// scrolled; clearing it brings the tree back. In custom mode (selectType "custom") the one pane "all data" lists only
// the users its ableIds permit (those users and the members of those departments, roles, positions and groups),
// paged the same way. The value is the user's id, or with `multiple` the list of them. `exclude` is a user that
// cannot be picked.
import { pickerAbleIds, SYSTEM_USER_ID } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickerApi, type PickerItem } from './api';
import { ItemList, PagedList, UsersPane } from './PickerDialog';
import { usePickerField } from './PickerField';
import { PickerShell, usePickerSearch } from './PickerShell';
import { pickerTexts } from './texts';

export const CURRENT_USER = SYSTEM_USER_ID;

export interface UserPickerProps {
  id?: string;
  value?: unknown;
  onChange?: (value: string | string[]) => void;
  multiple: boolean;
  /** selectType, ableIds, ableRelationIds, hasSys of the field */
  field: object;
  placeholder?: string;
  disabled?: boolean;
  clearable?: boolean;
  /** a user that cannot be picked (the user being edited, as its own manager) */
  exclude?: string;
  /** the field's accessible name, where no form label names it */
  ariaLabel?: string;
}

type Tab = 'all' | 'current' | 'subordinates' | 'system';
const userValue = (item: PickerItem) => item.id;

export function UserPicker({
  id,
  value,
  onChange,
  multiple,
  field,
  placeholder,
  disabled,
  clearable = true,
  exclude,
  ariaLabel,
}: UserPickerProps) {
  const t = pickerTexts.useText();
  const able = useMemo(() => pickerAbleIds(field), [field]);
  const hasSys = (field as { hasSys?: unknown }).hasSys === true;
  const state = usePickerField({ value, multiple, onChange, valueOf: userValue });
  const search = usePickerSearch<Tab>('all');
  const { tab, keyword } = search;
  const open = state.open;
  const tabs: { key: Tab; label: string }[] = able
    ? [{ key: 'all', label: t('allData') }]
    : [
        { key: 'all', label: t('allData') },
        { key: 'current', label: t('currentOrg') },
        { key: 'subordinates', label: t('subordinates') },
        ...(hasSys ? [{ key: 'system' as const, label: t('systemVariables') }] : []),
      ];
  const current = useQuery({
    queryKey: ['pickers', 'currentOrganisation', keyword],
    queryFn: () => pickerApi.currentOrganisation(keyword),
    enabled: open && !able && tab === 'current',
  });
  const subordinates = useQuery({
    queryKey: ['pickers', 'subordinates', keyword],
    queryFn: () => pickerApi.subordinates(keyword),
    enabled: open && !able && tab === 'subordinates',
  });
  const pickUser = (item: PickerItem) => {
    if ((item.type === undefined || item.type === 'user') && item.id !== exclude) state.pick(item);
  };
  const ableKey = able?.join(',') ?? '';

  let pane;
  if (able)
    pane = (
      <PagedList
        label={t('allData')}
        loadKey={`custom:${ableKey}:${keyword}`}
        load={(page) => pickerApi.permittedUsers(able, keyword, page)}
        onPick={pickUser}
      />
    );
  else if (tab === 'all') pane = <UsersPane keyword={keyword} label={t('allData')} onPick={pickUser} />;
  else if (tab === 'current')
    pane = (
      <ItemList label={t('currentOrg')} items={current.data ?? []} loading={current.isLoading} onPick={pickUser} />
    );
  else if (tab === 'subordinates')
    pane = (
      <ItemList
        label={t('subordinates')}
        items={subordinates.data ?? []}
        loading={subordinates.isLoading}
        onPick={pickUser}
      />
    );
  else
    pane = (
      <ItemList
        label={t('systemVariables')}
        items={[{ id: CURRENT_USER, fullName: t('currentUser'), type: 'user' }]}
        onPick={pickUser}
      />
    );

  return (
    <PickerShell
      id={id}
      state={state}
      search={search}
      multiple={multiple}
      placeholder={placeholder}
      disabled={disabled}
      clearable={clearable}
      ariaLabel={ariaLabel}
      title={t('selectUser')}
      tabs={tabs}
      tab={able ? 'all' : undefined}
    >
      {pane}
    </PickerShell>
  );
}
