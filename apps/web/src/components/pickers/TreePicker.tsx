// An organisation, department, position, role or group field in "all" mode: a dialog titled as its directory's
// picker (select organisation, select department, select position, select role, group selection) whose one pane is
// the directory's selector tree (the cached lists the other screens read: companies and departments, positions and
// roles under their organisations, groups under their types), a level shown at a time and, with a keyword (Enter or
// the search button), only the matching nodes. Only the picker's own entries can be picked (the organisation picker
// any company or department, the department picker departments …); the others only group them. The value is the
// picked id, or with `multiple` the list of them; a held id shows by name (the selected-list call).
import { DIRECTORY_PICK_TYPES, mixedPickValue, type ListedPickerKey } from '@jnpf/core';
import { useCallback } from 'react';
import {
  useAllPositionTree,
  useDepartmentTree,
  useGroupTree,
  useRoleTree,
  type SelectorNode,
} from '../directory/trees';
import type { PickerItem } from './api';
import { isPickableIn } from './DirectoryPicker';
import { DIRECTORY_PICKER_TITLES, type DirectoryFieldProps } from './ListedPicker';
import { SelectorTree } from './PickerDialog';
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

export interface TreePickerProps extends DirectoryFieldProps {
  /** every held entry's tag shown (the designer's list of permitted entries) */
  allTags?: boolean;
}

export function TreePicker({ source, multiple, value, onChange, clearable = true, ...props }: TreePickerProps) {
  const t = pickerTexts.useText();
  const type = DIRECTORY_PICK_TYPES[source];
  const namedAs = useCallback((id: string) => mixedPickValue(id, type), [type]);
  const state = usePickerField({ value, multiple, onChange, valueOf: idOf, namedAs });
  const search = usePickerSearch('all');
  const open = state.open;
  // only the tree this picker shows is read, once it opens
  const orgs = useDepartmentTree('0', open && (source === 'organizeSelect' || source === 'depSelect'));
  const positions = useAllPositionTree(open && source === 'posSelect');
  const roles = useRoleTree(open && source === 'roleSelect');
  const groups = useGroupTree(open && source === 'groupSelect');
  const tree = { organizeSelect: orgs, depSelect: orgs, posSelect: positions, roleSelect: roles, groupSelect: groups }[
    source
  ];
  const title = t(DIRECTORY_PICKER_TITLES[source]);
  return (
    <PickerShell
      {...props}
      state={state}
      search={search}
      multiple={multiple}
      clearable={clearable}
      title={title}
      tabs={[{ key: 'all', label: t('allData') }]}
    >
      <SelectorTree
        nodes={tree.data}
        loading={tree.isLoading}
        pickable={PICKABLE[source]}
        keyword={search.keyword}
        label={t('allData')}
        onPick={state.pick}
      />
    </PickerShell>
  );
}
