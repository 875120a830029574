// The mixed picker (用户组件, jnpfKey usersSelect): a dialog titled "select user". In "all" mode its tabs are
// department (the organisation → user tree, a level read as it opens: a company, a department or a user is picked;
// a keyword lists matching users, 20 at a time as it is scrolled) and, only with `multiple`, role, position and group
// (their selector trees, filtered by the keyword). In custom mode (selectType "custom") the one pane "all data"
// lists only the entries of its ableIds. An entry's value is its id, "--", and its kind ("id--user"); a company
// counts as a department. The list and detail show the server's names.
import { mixedPickKey, pickerAbleIds } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';
import { pickerApi, type PickerItem } from '../components/pickers/api';
import { ItemList, LazyUserTree, PagedList } from '../components/pickers/PickerDialog';
import { usePickerField } from '../components/pickers/PickerField';
import { PickerShell, usePickerSearch } from '../components/pickers/PickerShell';
import { pickerTexts } from '../components/pickers/texts';
import { useAllPositionTree, useGroupTree, useRoleTree, type SelectorNode } from '../components/directory/trees';
import type { InputWidgetProps } from './types';

type Tab = 'department' | 'role' | 'position' | 'group';
const PICKABLE_IN_TREE: ReadonlySet<string> = new Set(['company', 'department', 'user']);

const mixedValue = (item: PickerItem) => `${item.id}--${item.type ?? 'user'}`;
const mixedKey = (value: string) => mixedPickKey(value) ?? value;

/** the nodes of a selector tree whose name holds the keyword, with the nodes above them */
function filtered(nodes: readonly SelectorNode[], keyword: string): SelectorNode[] {
  if (!keyword) return [...nodes];
  const lower = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filtered(node.children ?? [], keyword);
    return node.fullName.toLowerCase().includes(lower) || children.length ? [{ ...node, children }] : [];
  });
}

/** a role, position or group tree: only nodes of `type` are picked; the organisations above only group them */
function KindTree({
  nodes,
  loading,
  type,
  keyword,
  label,
  onPick,
}: {
  nodes: readonly SelectorNode[] | undefined;
  loading: boolean;
  type: string;
  keyword: string;
  label: string;
  onPick: (item: PickerItem) => void;
}) {
  const shown = useMemo(() => filtered(nodes ?? [], keyword), [nodes, keyword]);
  const byKey = new Map<string, SelectorNode>();
  const toData = (list: readonly SelectorNode[], parent: string): TreeDataNode[] =>
    list.map((node) => {
      const key = `${parent}/${node.id}`;
      byKey.set(key, node);
      return {
        key,
        title: node.fullName,
        selectable: node.type === type,
        children: node.children?.length ? toData(node.children, key) : undefined,
      };
    });
  const data = toData(shown, '');
  return (
    <div
      aria-label={label}
      style={{
        height: 400,
        overflow: 'auto',
        padding: 8,
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
      }}
    >
      <Spin spinning={loading}>
        {data.length ? (
          <Tree
            key={keyword}
            blockNode
            defaultExpandAll
            treeData={data}
            selectedKeys={[]}
            onSelect={(_keys, info) => {
              const node = byKey.get(String(info.node.key));
              if (node?.type === type) onPick({ id: node.id, fullName: node.fullName, type, organize: node.organize });
            }}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </div>
  );
}

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
    const items = (permitted.data ?? []).filter((i) => !lower || i.fullName.toLowerCase().includes(lower));
    pane = <ItemList label={t('allData')} items={items} loading={permitted.isLoading} onPick={state.pick} />;
  } else if (tab === 'department')
    pane = keyword ? (
      <PagedList
        label={t('department')}
        loadKey={`users:${keyword}`}
        load={(page) => pickerApi.searchUsers(keyword, page)}
        onPick={pickNode}
      />
    ) : (
      <LazyUserTree label={t('department')} onPick={pickNode} />
    );
  else {
    const query = { role: roles, position: positions, group: groups }[tab];
    pane = (
      <KindTree
        nodes={query.data}
        loading={query.isLoading}
        type={tab}
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
