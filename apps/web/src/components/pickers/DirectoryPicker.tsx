// What the directory pickers share: which entries each directory picks (isPickableIn, used by TreePicker and
// ListedPicker), the permission screens' selector lists of the given directories (only those are fetched; the
// data-scheme conditions name their picked ids by them) and how a user is named there.
import type { DirectoryPickerKey } from '@jnpf/core';
import { useAllPositionTree, useAllUsers, useDepartmentTree, useGroupTree, useRoleTree } from '../directory/trees';

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

/** the selector lists of the given sources (only those are fetched) */
export function usePickerLists(sources: ReadonlySet<string>) {
  const orgs = useDepartmentTree('0', sources.has('organizeSelect') || sources.has('depSelect'));
  const positions = useAllPositionTree(sources.has('posSelect'));
  const roles = useRoleTree(sources.has('roleSelect'));
  const groups = useGroupTree(sources.has('groupSelect'));
  const users = useAllUsers(sources.has('userSelect'));
  return { orgs, positions, roles, groups, users };
}

export const pickerUserLabel = (u: { realName: string; account: string }) => `${u.realName}/${u.account}`;
