// The mixed picker (用户组件, jnpfKey usersSelect): a dialog titled "select user". In "all" mode its tabs are
// department (the organisation → user tree, a level read as it opens: a company, a department or a user is picked;
// a keyword lists matching users, 20 at a time as it is scrolled) and, only with `multiple`, role, position and group
// (their selector trees, filtered by the keyword). In custom mode (selectType "custom") the one pane "all data"
// lists only the entries of its ableIds that are not disabled. An entry's value is its id, "--", and its kind
// ("id--user"); a company counts as a department. The list and detail show the server's names.
import { mixedPickKey, pickerAbleIds } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickerApi, type PickerItem } from '../components/pickers/api';
import { ItemList, SelectorTree, UsersPane } from '../components/pickers/PickerDialog';
import { usePickerField } from '../components/pickers/PickerField';
import { PickerShell, usePickerSearch } from '../components/pickers/PickerShell';
import { pickerTexts } from '../components/pickers/texts';
import { useAllPositionTree, useGroupTree, useRoleTree, type SelectorNode } from '../components/directory/trees';
import type { InputWidgetProps } from './types';

type Tab = 'department' | 'role' | 'position' | 'group';
const PICKABLE_IN_TREE: ReadonlySet<string> = new Set(['company', 'department', 'user']);

/** a role, position or group tab picks only nodes of its kind; the organisations above only group them */
const KIND_PICKABLE = {
  role: (n: SelectorNode) => n.type === 'role',
  position: (n: SelectorNode) => n.type === 'position',
  group: (n: SelectorNode) => n.type === 'group',
};

const mixedValue = (item: PickerItem) => `${item.id}--${item.type ?? 'user'}`;
const mixedKey = (value: string) => mixedPickKey(value) ?? value;

export function MixedPickerWidget(props: InputWidgetProps) {
  return <MixedPicker {...props} />;
}

/** the mixed picker; with `allTags` its field shows every held entry (the designer's list of permitted entries) */
export function MixedPicker({
  field,
  id,
  value,
  onChange,
  disabled,
  allTags,
}: InputWidgetProps & { allTags?: boolean }) {
  const t = pickerTexts.useText();
  const multiple = field.multiple === true;
  const able = useMemo(() => pickerAbleIds(field), [field]);
  const state = usePickerField({ value, multiple, onChange, valueOf: mixedValue, keyOf: mixedKey });
  const search = usePickerSearch<Tab>('department');
  const { tab, keyword } = search;
  const open = state.open;
  const roles = useRoleTree(open && multiple && !able && tab === 'role');
  const positions = useAllPositionTree(open && multiple && !able && tab === 'position');
  const groups = useGroupTree(open && multiple && !able && tab === 'group');
  const permitted = useQuery({
    queryKey: ['pickers', 'named', able],
    queryFn: () => pickerApi.named(able ?? []),
    enabled: open && !!able,
  });
  const tabs: { key: Tab; label: string }[] = able
    ? [{ key: 'department', label: t('allData') }]
    : [
        { key: 'department', label: t('department') },
        ...(multiple ? (['role', 'position', 'group'] as const).map((key) => ({ key, label: t(key) })) : []),
      ];
  const pickNode = (item: PickerItem) => {
    if (PICKABLE_IN_TREE.has(item.type ?? 'user')) state.pick(item);
  };

  let pane;
  if (able) {
    const lower = keyword.toLowerCase();
    // a disabled entry stays permitted but would be refused on save: it is not offered
    const items = (permitted.data ?? []).filter(
      (i) => !i.disabled && (!lower || i.fullName.toLowerCase().includes(lower)),
    );
    pane = <ItemList label={t('allData')} items={items} loading={permitted.isLoading} onPick={state.pick} />;
  } else if (tab === 'department') pane = <UsersPane keyword={keyword} label={t('department')} onPick={pickNode} />;
  else {
    const query = { role: roles, position: positions, group: groups }[tab];
    pane = (
      <SelectorTree
        nodes={query.data}
        loading={query.isLoading}
        pickable={KIND_PICKABLE[tab]}
        keyword={keyword}
        label={t(tab)}
        onPick={state.pick}
      />
    );
  }

  return (
    <PickerShell
      id={id}
      state={state}
      search={search}
      multiple={multiple}
      placeholder={field.placeholder}
      disabled={disabled || field.disabled === true}
      clearable={field.clearable !== false}
      allTags={allTags}
      title={t('selectUser')}
      tabs={tabs}
      tab={able ? 'department' : undefined}
    >
      {pane}
    </PickerShell>
  );
}
