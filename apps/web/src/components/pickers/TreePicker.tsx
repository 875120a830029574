// An organisation, department, position, role or group field in "all" mode: a dialog titled as its directory's
// picker (select organisation, select department, select position, select role, group selection) whose one pane is
// the directory's selector tree (the cached lists the other screens read: companies and departments, positions and
// roles under their organisations, groups under their types), a level shown at a time and, with a keyword (Enter or
// the search button), only the matching nodes. Only the picker's own entries can be picked (the organisation picker
// any company or department, the department picker departments …); the others only group them. The value is the
// picked id, or with `multiple` the list of them; a held id shows by name (the selected-list call).
// An organisation picker with `auth` shows only the caller's permitted organisations (the server narrows them),
// with `onlyOrg` only companies. The role picker has two tabs, organisation and global: the first the organisation
// tree read a level at a time (an organisation opening to its roles and those below it), the second the global
// roles; with a keyword each tab shows the matching roles of the whole role tree.
import { DIRECTORY_PICK_TYPES, mixedPickValue, type ListedPickerKey } from '@jnpf/core';
import { useCallback, useMemo } from 'react';
import {
  useAllPositionTree,
  useAuthOrganizeTree,
  useCompanyTree,
  useDepartmentTree,
  useGroupTree,
  useRoleTree,
  type SelectorNode,
} from '../directory/trees';
import type { PickerItem } from './api';
import { globalRoles, KIND_TREE_LEAF, organizeRoleLevel } from './kindTrees';
import { isPickableIn } from './DirectoryPicker';
import { DIRECTORY_PICKER_TITLES, type DirectoryFieldProps } from './ListedPicker';
import { LazyTree, SelectorTree } from './PickerDialog';
import { usePickerField } from './PickerField';
import { PickerShell, usePickerSearch } from './PickerShell';
import { pickerTexts } from './texts';

const idOf = (item: PickerItem) => item.id;

/** which nodes each picker picks, as SelectorTree asks it (stable, so the tree is not rebuilt each render) */
const PICKABLE = {
  organizeSelect: (n: SelectorNode) => isPickableIn('organizeSelect', n.type),
  depSelect: (n: SelectorNode) => isPickableIn('depSelect', n.type),
  posSelect: (n: SelectorNode) => isPickableIn('posSelect', n.type),
  roleSelect: (n: SelectorNode) => isPickableIn('roleSelect', n.type),
  groupSelect: (n: SelectorNode) => isPickableIn('groupSelect', n.type),
} satisfies Record<ListedPickerKey, (n: SelectorNode) => boolean>;

/** an organisation picker with isOnlyOrg picks companies only */
const companyOnly = (n: SelectorNode) => n.type === 'company';
const isRole = KIND_TREE_LEAF.role;
const globalNode = (n: SelectorNode) => n.type === 'global';

export interface TreePickerProps extends DirectoryFieldProps {
  /** every held entry's tag shown (the designer's list of permitted entries) */
  allTags?: boolean;
  /** organisation picker: only the caller's permitted organisations */
  auth?: boolean;
  /** organisation picker: only companies */
  onlyOrg?: boolean;
}

type Tab = 'all' | 'organize' | 'global';

export function TreePicker({
  source,
  multiple,
  value,
  onChange,
  clearable = true,
  auth = false,
  onlyOrg = false,
  ...props
}: TreePickerProps) {
  const t = pickerTexts.useText();
  const type = DIRECTORY_PICK_TYPES[source];
  const namedAs = useCallback((id: string) => mixedPickValue(id, type), [type]);
  const state = usePickerField({ value, multiple, onChange, valueOf: idOf, namedAs });
  const roleTabs = source === 'roleSelect';
  const search = usePickerSearch<Tab>(roleTabs ? 'organize' : 'all');
  const open = state.open;
  const organizer = source === 'organizeSelect';
  // only the tree this picker shows is read, once it opens (the role tree only for a keyword)
  const orgs = useDepartmentTree('0', open && ((organizer && !auth && !onlyOrg) || source === 'depSelect'));
  const companies = useCompanyTree('0', open && organizer && !auth && onlyOrg);
  const permitted = useAuthOrganizeTree(onlyOrg, open && organizer && auth);
  const positions = useAllPositionTree(open && source === 'posSelect');
  const roles = useRoleTree(open && roleTabs && !!search.keyword);
  const groups = useGroupTree(open && source === 'groupSelect');
  const organizeTree = auth ? permitted : onlyOrg ? companies : orgs;
  const tree = {
    organizeSelect: organizeTree,
    depSelect: orgs,
    posSelect: positions,
    roleSelect: roles,
    groupSelect: groups,
  }[source];
  // the role tree split between the tabs: the organisations' roles, and the global node's
  const roleNodes = useMemo(() => {
    const all = roles.data ?? [];
    return search.tab === 'global'
      ? all.filter(globalNode).flatMap((n) => n.children ?? [])
      : all.filter((n) => !globalNode(n));
  }, [roles.data, search.tab]);
  const title = t(DIRECTORY_PICKER_TITLES[source]);
  const tabs: { key: Tab; label: string }[] = roleTabs
    ? [
        { key: 'organize', label: t('roleOrganize') },
        { key: 'global', label: t('roleGlobal') },
      ]
    : [{ key: 'all', label: t('allData') }];
  const label = tabs.find((tab) => tab.key === search.tab)?.label ?? t('allData');
  const pane =
    roleTabs && !search.keyword ? (
      <LazyTree
        key={search.tab}
        load={search.tab === 'global' ? globalRoles : organizeRoleLevel}
        isLeaf={isRole}
        pickable={isRole}
        label={label}
        onPick={state.pick}
      />
    ) : (
      <SelectorTree
        nodes={roleTabs ? roleNodes : tree.data}
        loading={tree.isLoading}
        pickable={organizer && onlyOrg ? companyOnly : PICKABLE[source]}
        keyword={search.keyword}
        label={label}
        onPick={state.pick}
      />
    );
  return (
    <PickerShell
      {...props}
      state={state}
      search={search}
      multiple={multiple}
      clearable={clearable}
      title={title}
      tabs={tabs}
    >
      {pane}
    </PickerShell>
  );
}
