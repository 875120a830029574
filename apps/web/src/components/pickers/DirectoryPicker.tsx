// What the directory pickers share: which entries each directory picks (isPickableIn, used by TreePicker and
// ListedPicker) and the permission screens' selector lists of the given directories (only those are fetched; the
// data-scheme conditions name their picked ids by them). Users are never listed whole: the user picker opens the
// "select user" dialog, and held users are named by Users/getSelectedList.
import type { DirectoryPickerKey } from '@jnpf/core';
import { useAllPositionTree, useDepartmentTree, useGroupTree, useRoleTree } from '../directory/trees';

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
