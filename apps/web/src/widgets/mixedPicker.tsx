// The mixed picker (用户组件, jnpfKey usersSelect): a dialog titled "select user". In "all" mode its tabs are
// department (the organisation → user tree, a level read as it opens: a user is picked, and with `multiple` also a
// company or a department;
// a keyword lists matching users, 20 at a time as it is scrolled) and, only with `multiple`, role and position (the
// organisation tree a level at a time, an organisation opening to its roles or positions) and group (the group types
// with their groups); there a keyword lists the matching ones from the server, 20 at a time. In custom mode (selectType "custom") the one pane "all data"
// lists only the entries of its ableIds that are not disabled. An entry's value is its id, "--", and its kind
// ("id--user"); a company counts as a department. The list and detail show the server's names.
import { mixedPickKey, pickerAbleIds } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickerApi, type PickerItem } from '../components/pickers/api';
import { KIND_TREE_LEAF, KIND_TREE_LEVELS } from '../components/pickers/kindTrees';
import { ItemList, LazyTree, PagedList, SelectorTree, UsersPane } from '../components/pickers/PickerDialog';
import { usePickerField } from '../components/pickers/PickerField';
import { PickerShell, usePickerSearch } from '../components/pickers/PickerShell';
import { pickerTexts } from '../components/pickers/texts';
import { useGroupTree, type SelectorNode } from '../components/directory/trees';
import type { InputWidgetProps } from './types';

type Tab = 'department' | 'role' | 'position' | 'group';
/** what a click on a node of the organisation tree picks: with `multiple` also places, else users only */
const PICKABLE_IN_TREE: ReadonlySet<string> = new Set(['company', 'department', 'user']);
const PICKABLE_IN_TREE_SINGLE: ReadonlySet<string> = new Set(['user']);

/** the group tab picks groups; their types only group them */
const GROUP_PICKABLE = (n: SelectorNode) => n.type === 'group';

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
  const groups = useGroupTree(open && multiple && !able && tab === 'group' && !keyword);
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
    if ((multiple ? PICKABLE_IN_TREE : PICKABLE_IN_TREE_SINGLE).has(item.type ?? 'user')) state.pick(item);
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
  else if (keyword)
    pane = (
      <PagedList
        key={tab}
        label={t(tab)}
        loadKey={`${tab}:${keyword}`}
        load={(page) => pickerApi.searchKind(tab, keyword, page)}
        onPick={state.pick}
      />
    );
  else if (tab === 'group')
    pane = (
      <SelectorTree
        nodes={groups.data}
        loading={groups.isLoading}
        pickable={GROUP_PICKABLE}
        keyword=""
        label={t('group')}
        onPick={state.pick}
      />
    );
  else
    pane = (
      <LazyTree
        key={tab}
        load={KIND_TREE_LEVELS[tab]}
        isLeaf={KIND_TREE_LEAF[tab]}
        pickable={KIND_TREE_LEAF[tab]}
        label={t(tab)}
        onPick={state.pick}
      />
    );

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
