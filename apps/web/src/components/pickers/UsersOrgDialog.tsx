// The users/organisation selector (tree tabs): a picker dialog (800 px, not closed by the backdrop) whose tabs are
// department, role, position, group and user, each searched by the keyword (Enter or the search button). Department:
// the tree of companies and departments; a keyword lists the matching ones, 20 at a time as the list is scrolled.
// Role and position: read only once their tab is opened, the organisation tree a level at a time, an organisation
// opening to its roles (positions) and the organisations below it (roles also under 全局, the global ones); group:
// the group types with their groups. A keyword gives a flat list searched on the server (those whose name or code
// holds it), 20 at a time as the list is scrolled or "load more" is used, each with where it belongs. User: the organisation → user tree, a level
// read as it opens; a keyword lists the matching users, 20 at a time as the list is scrolled (never every user).
// One "selected" pane holds the entries of every tab, grouped by kind (departments, roles, positions, groups, users,
// each group with its icon and count; a user with its avatar or first letter), removed one by one or all at once
// ("clear list"); it starts with the entries held (`value`, named as given, nothing read to name them). Cancel leaves them as they were; confirm hands
// over the selection. On the wire an entry is "<id>--<kind>", a company counted as a department. A caller may offer
// only some of the kinds (`kinds`, a stable list: the batch grant takes roles, positions and users only).
import {
  ApartmentOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDepartmentTree, useGroupTree, type SelectorNode } from '../directory/trees';
import { pickerApi, type PickerItem } from './api';
import { KIND_TREE_LEAF, KIND_TREE_LEVELS } from './kindTrees';
import { LazyTree, PagedList, PickerDialog, SelectorTree, UsersPane, type SelectedGroup } from './PickerDialog';
import { usePickerSearch } from './PickerShell';
import { pickerTexts } from './texts';

export const MEMBER_KINDS = ['department', 'role', 'position', 'group', 'user'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/** an entry of the selector: its id, its type as the server names it (company, department, role…) and its name */
export interface MemberEntry {
  id: string;
  type: string;
  fullName: string;
  organize?: string;
  /** a user's avatar (a URL) */
  headIcon?: string;
}

const ORGANISATION_TYPES: ReadonlySet<string> = new Set(['company', 'department', 'organize']);

/** the kind of an entry of this type (a company is a department); undefined for a type the selector does not hold */
export function memberKindOf(type: string | undefined): MemberKind | undefined {
  const lower = (type ?? '').toLowerCase();
  if (ORGANISATION_TYPES.has(lower)) return 'department';
  return (MEMBER_KINDS as readonly string[]).includes(lower) ? (lower as MemberKind) : undefined;
}

/** "<id>--<kind>": how an entry is saved, and what tells two entries apart */
export const memberWire = (entry: Pick<MemberEntry, 'id' | 'type'>) =>
  `${entry.id}--${memberKindOf(entry.type) ?? entry.type}`;

const KIND_LABEL = {
  department: 'kindDepartment',
  role: 'kindRole',
  position: 'kindPosition',
  group: 'kindGroup',
  user: 'kindUser',
} as const satisfies Record<MemberKind, string>;

const KIND_ICON = {
  department: <ApartmentOutlined />,
  role: <SafetyCertificateOutlined />,
  position: <IdcardOutlined />,
  group: <TeamOutlined />,
  user: <UserOutlined />,
} as const satisfies Record<MemberKind, ReactNode>;

const GROUP_PICKABLE = (n: SelectorNode) => n.type === 'group';

/** the department tree picks companies and departments (stable, so no tree is rebuilt) */
const DEPARTMENT_PICKABLE = (n: SelectorNode) => memberKindOf(n.type) === 'department';

export interface UsersOrgDialogProps {
  open: boolean;
  title: string;
  /** the entries held when it opens (shown as named here) */
  value: readonly MemberEntry[];
  /** the held entries are still loading: the selected pane waits, and so does confirm */
  loading?: boolean;
  /** the held entries could not be loaded: shown in the selected pane; confirm waits */
  loadError?: ReactNode;
  /** confirm is busy (the caller saving) */
  saving?: boolean;
  onCancel: () => void;
  onConfirm: (entries: MemberEntry[]) => void;
  /** the tabs offered, in this order (default: every kind); keep the list stable */
  kinds?: readonly MemberKind[];
  /** the confirm button's text (default: confirm) */
  okText?: string;
  /** shown above the panes */
  notice?: ReactNode;
  /** the selection was changed by a pick, a removal or "clear list" */
  onSelectionChange?: (entries: MemberEntry[]) => void;
}

export function UsersOrgDialog({
  open,
  title,
  value,
  loading,
  loadError,
  saving,
  onCancel,
  onConfirm,
  kinds = MEMBER_KINDS,
  okText,
  notice,
  onSelectionChange,
}: UsersOrgDialogProps) {
  const t = pickerTexts.useText();
  const search = usePickerSearch<MemberKind>(kinds[0] ?? 'department');
  const { tab, keyword, reset } = search;
  const [selected, setSelected] = useState<MemberEntry[]>([]);
  const change = (next: MemberEntry[]) => {
    setSelected(next);
    onSelectionChange?.(next);
  };
  // every opening (and the held entries once loaded) starts from what is held
  useEffect(() => {
    if (open) setSelected([...value]);
  }, [open, value]);
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  // the organisation tree is read once its tab shows (the cached tree every picker reads); the other tabs read
  // their lists page by page once opened
  const orgs = useDepartmentTree('0', open && tab === 'department' && !keyword);
  const groupTree = useGroupTree(open && tab === 'group' && !keyword);

  const pick = (item: PickerItem) => {
    const kind = memberKindOf(item.type ?? 'user');
    // a tab picks only its own kind (the user tree's organisations only group its users)
    if (kind !== tab) return;
    const entry: MemberEntry = { id: item.id, type: item.type ?? 'user', fullName: item.fullName };
    if (item.organize) entry.organize = item.organize;
    if (item.headIcon) entry.headIcon = item.headIcon;
    if (!selected.some((e) => memberWire(e) === memberWire(entry))) change([...selected, entry]);
  };

  const shown = useMemo(
    () =>
      selected.map((e) => {
        const kind = memberKindOf(e.type);
        return {
          value: memberWire(e),
          label: e.fullName,
          organize: e.organize,
          kind: kind ? t(KIND_LABEL[kind]) : e.type,
          group: kind ?? e.type,
          headIcon: e.headIcon,
        };
      }),
    [selected, t],
  );
  // every kind has its group, whichever tabs are offered: held entries may be of other kinds
  const groups = useMemo<SelectedGroup[]>(
    () =>
      MEMBER_KINDS.map((kind) => ({
        key: kind,
        label: t(KIND_LABEL[kind]),
        icon: KIND_ICON[kind],
        avatars: kind === 'user',
      })),
    [t],
  );

  let pane: ReactNode;
  if (tab === 'department')
    pane = keyword ? (
      <PagedList
        label={t('department')}
        loadKey={`organisations:${keyword}`}
        load={(page) => pickerApi.searchOrganizations(keyword, page)}
        onPick={pick}
      />
    ) : (
      <SelectorTree
        nodes={orgs.data}
        loading={orgs.isLoading}
        pickable={DEPARTMENT_PICKABLE}
        keyword=""
        label={t('department')}
        onPick={pick}
      />
    );
  else if (tab === 'user') pane = <UsersPane keyword={keyword} label={t('user')} onPick={pick} />;
  else if (!keyword && tab === 'group')
    pane = (
      <SelectorTree
        nodes={groupTree.data}
        loading={groupTree.isLoading}
        pickable={GROUP_PICKABLE}
        keyword=""
        label={t('group')}
        onPick={pick}
      />
    );
  else if (!keyword && (tab === 'role' || tab === 'position'))
    pane = (
      <LazyTree
        key={tab}
        load={KIND_TREE_LEVELS[tab]}
        isLeaf={KIND_TREE_LEAF[tab]}
        pickable={KIND_TREE_LEAF[tab]}
        label={t(tab)}
        onPick={pick}
      />
    );
  else {
    const kind = tab;
    pane = (
      <PagedList
        key={kind}
        label={t(kind)}
        loadKey={`${kind}:${keyword}`}
        load={(page) => pickerApi.searchKind(kind, keyword, page)}
        onPick={pick}
      />
    );
  }

  const waiting = !!loading || !!loadError;
  return (
    <PickerDialog
      open={open}
      title={title}
      tabs={kinds.map((key) => ({ key, label: t(key) }))}
      tab={tab}
      onTab={(key) => search.setTab(key as MemberKind)}
      onSearch={search.setKeyword}
      selected={shown}
      selectedGroups={groups}
      onRemove={(wire) => change(selected.filter((e) => memberWire(e) !== wire))}
      onClear={() => change([])}
      selectedStatus={
        loadError ||
        (loading ? (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : undefined)
      }
      okText={okText}
      notice={notice}
      confirmLoading={saving}
      confirmDisabled={waiting}
      onCancel={onCancel}
      onConfirm={() => {
        if (!waiting && !saving) onConfirm(selected);
      }}
    >
      {pane}
    </PickerDialog>
  );
}
