// The column settings of a list (列设置, administration §2.11): which data columns show and in what order, chosen
// in a drawer (check to show, drag to reorder, 重置 back to the page's own columns) and remembered per user and
// menu on the server (GET/PUT /api/permission/Authority/…ColumnsByModuleId, the reference's column store). The
// 序号 and 操作 columns are not data columns: they keep their places and are never hidden.
import { HolderOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Tree, type TableColumnsType, type TreeDataNode, type TreeProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { kitTexts } from '../admin';
import { useCurrentModule } from '../../platform/auth/moduleContext';
import { http } from '../../platform/request';
import { useSession } from '../../platform/session';

/** one remembered column, in display order: the reference's fieldList entry */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

/** a column of a list (a column group counts as one) */
type Column<Row> = TableColumnsType<Row>[number];

const AUTHORITY = '/api/permission/Authority';

export const columnSettingsApi = {
  get: async (menuId: string) =>
    (await http.get<ColumnSetting[]>(`${AUTHORITY}/GetColumnsByModuleId/${menuId}`)).data ?? [],
  save: (menuId: string, fieldList: readonly ColumnSetting[]) =>
    http.put(`${AUTHORITY}/SetColumnsByModuleId`, { moduleId: menuId, fieldList: JSON.stringify(fieldList) }),
};

/** the name a column is remembered by: its key, else its data field, else its title */
export function columnId<Row>(column: Column<Row>, index: number): string {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  const field = 'dataIndex' in column ? column.dataIndex : undefined;
  if (Array.isArray(field)) return field.join('.');
  if (field !== undefined && field !== null && field !== '') return String(field as string | number);
  return typeof column.title === 'string' ? column.title : `#${index}`;
}

/** a column's title as text, for the remembered label */
function labelOf<Row>(column: Column<Row>, id: string): string {
  return typeof column.title === 'string' ? column.title : id;
}

function isSetting(value: unknown): value is ColumnSetting {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Partial<ColumnSetting>;
  return typeof entry.prop === 'string' && typeof entry.visible === 'boolean';
}

/**
 * The columns in the remembered order with the hidden ones left out. Columns the settings do not name (new ones)
 * keep their place after the column they follow in the page's own order.
 */
export function arrangeColumns<Row>(
  columns: readonly Column<Row>[],
  settings: readonly ColumnSetting[],
): Column<Row>[] {
  const ids = columns.map((column, index) => columnId(column, index));
  const known = new Map(settings.filter((entry) => ids.includes(entry.prop)).map((entry) => [entry.prop, entry]));
  if (known.size === 0) return [...columns];
  const ordered = [...known.keys()];
  ids.forEach((id, index) => {
    if (known.has(id)) return;
    const before = ids
      .slice(0, index)
      .reverse()
      .find((previous) => ordered.includes(previous));
    ordered.splice(before === undefined ? 0 : ordered.indexOf(before) + 1, 0, id);
  });
  return ordered.filter((id) => known.get(id)?.visible !== false).map((id) => columns[ids.indexOf(id)]!);
}

/** the settings of these columns as shown now: the remembered order and visibility, new columns where they fall */
function currentSettings<Row>(columns: readonly Column<Row>[], settings: readonly ColumnSetting[]): ColumnSetting[] {
  const shown = new Set(arrangeColumns(columns, settings));
  const all = arrangeColumns(
    columns,
    settings.map((entry) => ({ ...entry, visible: true })),
  );
  return all.map((column) => {
    const id = columnId(column, columns.indexOf(column));
    return { prop: id, label: labelOf(column, id), visible: shown.has(column) };
  });
}

export interface ColumnSettings<Row> {
  /** the data columns to show, in the chosen order */
  arranged: Column<Row>[];
  /** every data column with its place and visibility, for the drawer */
  entries: (ColumnSetting & { title: ReactNode })[];
  /** remembers a new order and visibility of these columns */
  change: (next: readonly ColumnSetting[]) => void;
  /** back to the page's own columns */
  reset: () => void;
}

/**
 * The remembered settings of the current menu's list for the signed-in user. Settings of other lists of the same
 * menu (their columns are not among these) are kept as they are when these change.
 */
export function useColumnSettings<Row>(columns: readonly Column<Row>[]): ColumnSettings<Row> {
  const { menuId } = useCurrentModule();
  const userId = useSession((state) => state.userInfo?.userId ?? '');
  const client = useQueryClient();
  const queryKey = ['columnSettings', userId, menuId];
  const query = useQuery({
    queryKey,
    queryFn: async () => (await columnSettingsApi.get(menuId)).filter(isSetting),
    enabled: menuId !== '',
    staleTime: Infinity,
    retry: false,
  });
  const saved = query.data ?? [];
  const ids = new Set(columns.map((column, index) => columnId(column, index)));
  const others = saved.filter((entry) => !ids.has(entry.prop));
  const store = (mine: readonly ColumnSetting[]) => {
    const next = [...mine, ...others];
    client.setQueryData(queryKey, next);
    if (menuId) void columnSettingsApi.save(menuId, next).catch(() => undefined);
  };
  const titles = new Map(columns.map((column, index) => [columnId(column, index), column.title as ReactNode]));
  return {
    arranged: arrangeColumns(columns, saved),
    entries: currentSettings(columns, saved).map((entry) => ({ ...entry, title: titles.get(entry.prop) })),
    change: store,
    reset: () => store([]),
  };
}

/** moves the column `from` before or after the column `to` */
export function moveColumn(
  entries: readonly ColumnSetting[],
  from: string,
  to: string,
  after: boolean,
): ColumnSetting[] {
  const moving = entries.find((entry) => entry.prop === from);
  if (!moving || from === to) return [...entries];
  const rest = entries.filter((entry) => entry.prop !== from);
  const at = rest.findIndex((entry) => entry.prop === to);
  if (at < 0) return [...entries];
  rest.splice(after ? at + 1 : at, 0, moving);
  return rest;
}

/** the drawer: a checkbox per data column to show or hide it, a handle to drag it to its place, and 重置 */
export function ColumnSettingsDrawer<Row>({
  open,
  onClose,
  settings,
}: {
  open: boolean;
  onClose: () => void;
  settings: ColumnSettings<Row>;
}) {
  const k = kitTexts.useText();
  const { entries, change, reset } = settings;
  const visible = entries.filter((entry) => entry.visible);
  const treeData: TreeDataNode[] = entries.map((entry) => ({
    key: entry.prop,
    title: entry.title ?? entry.label,
    isLeaf: true,
    // one column always shows
    disableCheckbox: entry.visible && visible.length === 1,
  }));
  const plain = entries.map(({ prop, label, visible: shown }) => ({ prop, label, visible: shown }));
  const onCheck: TreeProps['onCheck'] = (checked) => {
    const keys = new Set<Key>(Array.isArray(checked) ? checked : checked.checked);
    change(plain.map((entry) => ({ ...entry, visible: keys.has(entry.prop) })));
  };
  const onDrop: TreeProps['onDrop'] = ({ dragNode, node, dropPosition }) => {
    // antd's dropPosition counts from the target's index: -1 before it, otherwise after it
    const targetIndex = entries.findIndex((entry) => entry.prop === String(node.key));
    const after = dropPosition - targetIndex >= 0;
    change(moveColumn(plain, String(dragNode.key), String(node.key), after));
  };
  return (
    <Drawer
      title={k('columnSettings')}
      open={open}
      onClose={onClose}
      size={320}
      extra={
        <Button size="small" onClick={reset}>
          {k('reset')}
        </Button>
      }
    >
      <Tree
        aria-label={k('columnSettings')}
        checkable
        blockNode
        selectable={false}
        draggable={{ icon: <HolderOutlined aria-label={k('dragColumn')} />, nodeDraggable: () => true }}
        allowDrop={({ dropPosition }) => dropPosition !== 0}
        treeData={treeData}
        checkedKeys={visible.map((entry) => entry.prop)}
        onCheck={onCheck}
        onDrop={onDrop}
      />
    </Drawer>
  );
}
