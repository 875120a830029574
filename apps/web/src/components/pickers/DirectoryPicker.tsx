// The organisation, department, position, role, group and user pickers as drop-downs: a searchable tree (or, for
// users, a searchable list) of the permission screens' selector lists, one id or several, for the data-scheme
// conditions; only the list a picker needs is fetched. The online forms' picker fields open the picker dialogs
// (TreePicker, ListedPicker, UserPicker) instead; which entries each directory picks (isPickableIn) is shared.
// Users are the exception: their list can be very long, so the user picker opens the "select user" dialog (the
// organisation → user tree, a keyword's users 20 a page) rather than reading every user.
import type { DirectoryPickerKey } from '@jnpf/core';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { fieldTexts } from '../form/texts';
import { toTreeData, useAllPositionTree, useDepartmentTree, useGroupTree, useRoleTree } from '../directory/trees';
import { UserSelect } from '../directory/UserSelect';

type Id = string | number;

/** which nodes of a source's tree can be picked */
const SELECTABLE: Record<Exclude<DirectoryPickerKey, 'userSelect'>, (n: { type?: string }) => boolean> = {
  organizeSelect: () => true,
  depSelect: (n) => n.type === 'department',
  posSelect: (n) => n.type === 'position',
  roleSelect: (n) => n.type === 'role',
  groupSelect: (n) => n.type === 'group',
};

/** whether an entry of this type (company, department, position…) may be picked by this picker */
export const isPickableIn = (source: Exclude<DirectoryPickerKey, 'userSelect'>, type: string | undefined) =>
  SELECTABLE[source]({ type });

/** the selector lists of the given sources (only those are fetched; users have none: see UserSelect) */
export function usePickerLists(sources: ReadonlySet<string>) {
  const orgs = useDepartmentTree('0', sources.has('organizeSelect') || sources.has('depSelect'));
  const positions = useAllPositionTree(sources.has('posSelect'));
  const roles = useRoleTree(sources.has('roleSelect'));
  const groups = useGroupTree(sources.has('groupSelect'));
  return { orgs, positions, roles, groups };
}

export interface DirectoryPickerProps {
  source: DirectoryPickerKey;
  multiple: boolean;
  value?: Id | Id[];
  onChange?: (value: Id | Id[] | undefined) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  status?: '' | 'error' | 'warning';
}

export function DirectoryPicker({ source, multiple, ...props }: DirectoryPickerProps) {
  const s = fieldTexts.useText();
  const sources = useMemo(() => new Set([source]), [source]);
  const { orgs, positions, roles, groups } = usePickerLists(sources);
  const placeholder = props.placeholder || s('selectPlaceholder');
  const style = { width: '100%' };
  if (source === 'userSelect') {
    const { value, onChange, id, disabled } = props;
    const held = Array.isArray(value)
      ? value.map(String)
      : value === undefined || value === ''
        ? undefined
        : String(value);
    return (
      <UserSelect
        id={id}
        multiple={multiple}
        value={held}
        onChange={(next) => onChange?.(next)}
        placeholder={placeholder}
        disabled={disabled}
      />
    );
  }
  const tree = { organizeSelect: orgs, depSelect: orgs, posSelect: positions, roleSelect: roles, groupSelect: groups }[
    source
  ];
  return (
    <TreeSelect
      {...props}
      placeholder={placeholder}
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isLoading}
      treeData={toTreeData(tree.data ?? [], SELECTABLE[source])}
      maxTagCount="responsive"
      popupMatchSelectWidth={false}
      style={style}
    />
  );
}
