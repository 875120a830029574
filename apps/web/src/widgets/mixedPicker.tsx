// The mixed picker (用户组件, jnpfKey usersSelect): departments, and with `multiple` roles, positions and groups too,
// and users, in one searchable tree grouped by kind. An entry's value is its id, "--", and its kind
// ("id--user"); a company counts as a department. The list and detail show the server's names.
import { MIXED_PICK_KINDS, mixedPickValue, type MixedPickType } from '@jnpf/core';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { pickerUserLabel, usePickerLists } from '../components/pickers/DirectoryPicker';
import type { SelectorNode, TreeData } from '../components/directory/trees';
import { signLocationTexts } from './signLocationTexts';
import type { InputWidgetProps } from './types';

const ORGANISATION_TYPES: ReadonlySet<string> = new Set(['company', 'department']);

/**
 * a directory tree as picker nodes: nodes of the wanted types take their "id--type" value; the others (the
 * organisations above positions or roles) only group them, under values of their own
 */
function nodesOf(nodes: readonly SelectorNode[], group: string, pickable: (type: string) => boolean): TreeData {
  return nodes.map((node) => {
    const type = node.type ?? '';
    const can = pickable(type);
    const value = can ? mixedPickValue(node.id, type as MixedPickType) : `${group}:${node.id}`;
    return {
      value,
      key: value,
      title: node.fullName,
      selectable: can,
      disableCheckbox: !can,
      children: node.children?.length ? nodesOf(node.children, group, pickable) : undefined,
    };
  });
}

const groupNode = (value: string, title: string, children: TreeData) => ({
  value,
  key: value,
  title,
  selectable: false,
  disableCheckbox: true,
  children,
});

/** the directory lists the kinds of entries come from */
const SOURCES: ReadonlySet<string> = new Set(Object.values(MIXED_PICK_KINDS));

export function MixedPickerWidget({ field, id, value, onChange, disabled }: InputWidgetProps) {
  const t = signLocationTexts.useText();
  const multiple = field.multiple === true;
  const { orgs, positions, roles, groups, users } = usePickerLists(SOURCES);
  const treeData = useMemo(() => {
    const data: TreeData = [
      groupNode(
        'group:department',
        t('mixedDepartment'),
        nodesOf(orgs.data ?? [], 'd', (type) => ORGANISATION_TYPES.has(type)),
      ),
    ];
    if (multiple)
      data.push(
        groupNode(
          'group:role',
          t('mixedRole'),
          nodesOf(roles.data ?? [], 'r', (type) => type === 'role'),
        ),
        groupNode(
          'group:position',
          t('mixedPosition'),
          nodesOf(positions.data ?? [], 'p', (type) => type === 'position'),
        ),
        groupNode(
          'group:group',
          t('mixedGroup'),
          nodesOf(groups.data ?? [], 'g', (type) => type === 'group'),
        ),
      );
    data.push(
      groupNode(
        'group:user',
        t('mixedUser'),
        (users.data ?? []).map((u) => ({
          value: mixedPickValue(u.id, 'user'),
          key: mixedPickValue(u.id, 'user'),
          title: pickerUserLabel(u),
        })),
      ),
    );
    return data;
  }, [orgs.data, roles.data, positions.data, groups.data, users.data, multiple, t]);
  const entries = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value
      ? [value]
      : [];
  // the tree opens fully expanded once its lists are there (it expands what it has when it first opens)
  const loading = [orgs, roles, positions, groups, users].some((q) => q.isLoading);
  return (
    <TreeSelect
      key={loading ? 'loading' : 'ready'}
      id={id}
      style={{ width: '100%' }}
      placeholder={field.placeholder}
      multiple={multiple}
      allowClear={field.clearable !== false}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={loading}
      treeData={treeData}
      value={multiple ? entries : entries[0]}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? (multiple ? [] : ''))}
      maxTagCount="responsive"
      popupMatchSelectWidth={false}
      disabled={disabled || field.disabled === true}
    />
  );
}
