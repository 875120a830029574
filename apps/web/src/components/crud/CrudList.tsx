// The frame of a record list screen: an optional tree on the left, keyword search with optional filters, a
// table whose rows can be edited, enabled/disabled and deleted (each behind its button and a confirmation),
// and the caller's add/edit dialog. CrudList reads a paged GET list; CrudFrame takes any list source.
// The table is as wide as its columns and scrolls sideways rather than squeezing them under the fixed
// actions column; with `more` that column holds only 编辑, 删除 and a 更多 menu, as the reference's lists do.
// The toolbar ends with 刷新 (reload this page of the list, keeping its filters and sort) and 列设置 (show, hide and
// reorder the data columns, remembered per user: columnSettings.tsx).
import { DownOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { ApiResult, ButtonCode } from '@jnpf/core';
import {
  Button,
  Dropdown,
  Space,
  Table,
  Tooltip,
  type TableColumnsType,
  type TableColumnType,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import {
  AdminPage,
  EnabledTag,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  usePagedTable,
  type ConfirmedAction,
  type PagedTable,
} from '../admin';
import { Auth, useAuth } from '../../platform/auth/Auth';
import { useCurrentModule } from '../../platform/auth/moduleContext';
import { hasPermission } from '../../platform/permission';
import type { QueryParams } from '../../platform/request';
import { useSession } from '../../platform/session';
import { fieldTexts } from '../form/texts';
import { ColumnSettingsDrawer, useColumnSettings } from './columnSettings';

export interface BaseRow {
  id: string;
  /** 1 enabled; rows without a state have no toggle */
  enabledMark?: number;
  creatorTime?: number | null;
  sortCode?: number;
}

export interface FormSlot {
  open: boolean;
  id?: string;
  /** a new record goes under this one (lists of trees) */
  parentId?: string;
  /** the kind of record added or edited, when the list has kinds */
  kind?: string;
  onClose: () => void;
  onSaved: () => void;
}

export interface AddKind {
  key: string;
  label: string;
}

/** an action of a row's 更多 (more) menu */
export interface RowAction {
  key: string;
  label: ReactNode;
  /** the button that grants it (shown to everyone without) */
  code?: ButtonCode;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** what a row's more actions may use of the frame */
export interface RowTools<T> {
  table: T;
  refresh: () => void;
  /** a warning confirmation before the call, then the server's message and a reload */
  confirm: (content: ReactNode, action: ConfirmedAction) => void;
}

/** the width a column without one is counted as when the table's scroll width is summed */
const UNSIZED_COLUMN = 120;

/** the scroll width that keeps every column at its width: their sum, or more when asked */
export function scrollWidth<Row>(columns: TableColumnsType<Row>, atLeast = 0): number {
  const sum = columns.reduce(
    (total, column) => total + (typeof column.width === 'number' ? column.width : UNSIZED_COLUMN),
    0,
  );
  return Math.max(sum, atLeast);
}

/** changes to a standard column (merged over it), or false to leave it out */
export type ColumnChange<Row> = Partial<TableColumnType<Row>> | false;

/** what the frame needs of a list: the typed keyword, search, reset, reload and the table's props */
export interface CrudSource<Row> {
  tableProps: Pick<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'locale' | 'expandable'>;
  keyword: string;
  setKeyword: (keyword: string) => void;
  search: () => void;
  reset: () => void;
  refresh: () => Promise<unknown>;
}

export interface CrudFrameProps<Row extends BaseRow, T extends CrudSource<Row>> {
  /** the toolbar's left: the list's name, or e.g. tabs */
  title: ReactNode;
  table: T;
  /** the data columns; creation time, sort, state and actions are appended */
  columns: TableColumnsType<Row>;
  /** changes to the appended creation time, sort and state columns */
  tail?: { creatorTime?: ColumnChange<Row>; sortCode?: ColumnChange<Row>; state?: ColumnChange<Row> };
  /** the state switch of a row (none without it) */
  toggle?: (row: Row) => Promise<ApiResult<unknown>>;
  remove: (row: Row) => Promise<ApiResult<unknown>>;
  /** whether a row may be deleted at all (its delete is not offered otherwise) */
  removable?: (row: Row) => boolean;
  /** why a row cannot be edited (its edit button is shown disabled with this tip), or undefined */
  editRefused?: (row: Row) => string | undefined;
  /** why a row cannot be deleted (its delete button is shown disabled with this tip), or undefined */
  removeRefused?: (row: Row) => string | undefined;
  renderForm: (slot: FormSlot) => ReactNode;
  side?: (table: T) => ReactNode;
  filters?: (table: T) => ReactNode;
  /** the whole search panel instead of the keyword and filters (a list with a search bar of its own) */
  search?: (table: T) => ReactNode;
  /** more row actions before delete */
  rowActions?: (row: Row, table: T) => ReactNode;
  /** more row actions after delete */
  rowActionsEnd?: (row: Row, table: T) => ReactNode;
  /**
   * the row's other actions behind a 更多 (more) menu after edit and delete, as the reference lists them; with it
   * the state toggle and add-under-a-row move into that menu too, so the actions column stays narrow (true: only
   * those)
   */
  more?: true | ((row: Row, tools: RowTools<T>) => readonly (RowAction | false | null | undefined)[]);
  /** whether a row counts as enabled for its toggle (enabledMark 1 by default) */
  enabledOf?: (row: Row) => boolean;
  /** a 序号 (row number) column first */
  showIndex?: boolean;
  /** the width of the fixed actions column: as narrow as its buttons, so it hides no data column */
  actionsWidth?: number;
  /** more toolbar buttons after add */
  toolbar?: ReactNode;
  /** the toolbar's add is disabled (e.g. until a category is chosen) */
  addDisabled?: boolean;
  /** the parent given to the form by the toolbar's add */
  rootParentId?: string;
  /** rows offer to add a record under them (behind btn_add) */
  addChild?: boolean | ((row: Row) => boolean);
  /** the label of that row action (add by default) */
  addChildLabel?: string;
  /** records of several kinds (e.g. companies and departments): one add per kind in the toolbar */
  kinds?: readonly AddKind[];
  /** the kind a row is edited as */
  kindOf?: (row: Row) => string;
  /** with addChild, the kinds that may go under a row (the row's add becomes a menu of them) */
  childKinds?: (row: Row) => readonly AddKind[];
  searchPlaceholder?: string;
  /** shown instead of the table when given (e.g. nothing chosen yet) */
  placeholder?: ReactNode;
  /** the list sits inside another page: no page frame of its own */
  embedded?: boolean;
  /** a member with no row button sees no empty actions column */
  hideEmptyActions?: boolean;
  children?: (table: T) => ReactNode;
  /** the least scroll width; the table is never narrower than the sum of its columns */
  scrollX?: number;
}

export interface CrudListProps<Row extends BaseRow, F extends QueryParams> extends Omit<
  CrudFrameProps<Row, PagedTable<Row, F>>,
  'table'
> {
  queryKey: readonly unknown[];
  /** the GET endpoint of the paged list */
  url: string;
  initialFilters?: F;
}

export function CrudList<Row extends BaseRow, F extends QueryParams = QueryParams>({
  queryKey,
  url,
  initialFilters,
  ...frame
}: CrudListProps<Row, F>) {
  const table = usePagedTable<Row, F>({ queryKey, url, initialFilters });
  return <CrudFrame<Row, PagedTable<Row, F>> {...frame} table={table} />;
}

export function CrudFrame<Row extends BaseRow, T extends CrudSource<Row>>(props: CrudFrameProps<Row, T>) {
  const t = fieldTexts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const canAdd = useAuth('btn_add');
  const canRemove = useAuth('btn_remove');
  const granted = useGranted();
  const { confirmDelete, confirmToggle, confirm, holder } = useConfirmAction();
  const table = props.table;
  const [form, setForm] = useState<{ open: boolean; id?: string; parentId?: string; kind?: string }>({
    open: false,
  });
  const [settingColumns, setSettingColumns] = useState(false);
  const showActions =
    !props.hideEmptyActions ||
    canEdit ||
    canRemove ||
    (!!props.addChild && canAdd) ||
    Boolean(props.rowActions || props.rowActionsEnd || props.more);
  const refresh = () => void table.refresh();
  const toggle = props.toggle;
  const addsUnder = (row: Row) =>
    typeof props.addChild === 'function' ? props.addChild(row) : props.addChild === true;
  const enabledOf = props.enabledOf ?? ((row: Row) => row.enabledMark === 1);
  const tools: RowTools<T> = { table, refresh, confirm };
  /** the more menu of a row: add under it, the state toggle, then the page's own actions, as granted */
  const moreOf = (row: Row): RowAction[] => {
    if (!props.more) return [];
    const addKinds = props.childKinds?.(row);
    const adds: RowAction[] = !(canAdd && addsUnder(row))
      ? []
      : addKinds
        ? addKinds.map(({ key, label }) => ({
            key: `add:${key}`,
            label,
            onClick: () => setForm({ open: true, parentId: row.id, kind: key }),
          }))
        : [
            {
              key: 'add',
              label: props.addChildLabel ?? k('add'),
              onClick: () => setForm({ open: true, parentId: row.id }),
            },
          ];
    const state: RowAction[] =
      toggle && canEdit
        ? [
            {
              key: 'toggle',
              label: enabledOf(row) ? t('disable') : t('enable'),
              onClick: () => confirmToggle(enabledOf(row), { action: () => toggle(row), onDone: refresh }),
            },
          ]
        : [];
    const own = (props.more === true ? [] : props.more(row, tools)).filter(
      (action): action is RowAction => !!action && (!action.code || granted(action.code)),
    );
    return [...adds, ...state, ...own];
  };

  const tail = props.tail ?? {};
  const standard = (change: ColumnChange<Row> | undefined, column: TableColumnType<Row>) =>
    change === false ? [] : [{ ...column, ...change }];
  const pagination = table.tableProps.pagination;
  const firstOfPage = pagination ? ((pagination.current ?? 1) - 1) * (pagination.pageSize ?? 0) : 0;
  // the data columns: the page's own, then creation time, sort and state, as the user arranged them
  const dataColumns: TableColumnsType<Row> = [
    ...props.columns,
    ...standard(tail.creatorTime, {
      title: t('creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    }),
    ...standard(tail.sortCode, { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' }),
    ...standard(tail.state, {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    }),
  ];
  const columnSettings = useColumnSettings<Row>(dataColumns);
  const columns: TableColumnsType<Row> = [
    ...(props.showIndex
      ? [
          {
            title: k('index'),
            key: 'index',
            width: 60,
            align: 'center' as const,
            render: (_value: unknown, _row: Row, index: number) => firstOfPage + index + 1,
          },
        ]
      : []),
    ...columnSettings.arranged,
  ];
  if (showActions)
    columns.push({
      title: k('actions'),
      key: 'actions',
      width: props.actionsWidth ?? defaultActionsWidth(props),
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {addsUnder(row) && !props.more && (
            <Auth code="btn_add">
              {props.childKinds ? (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: props.childKinds(row).map(({ key, label }) => ({ key, label })),
                    onClick: ({ key }) => setForm({ open: true, parentId: row.id, kind: key }),
                  }}
                >
                  <Button type="link" size="small">
                    {props.addChildLabel ?? k('add')}
                  </Button>
                </Dropdown>
              ) : (
                <Button type="link" size="small" onClick={() => setForm({ open: true, parentId: row.id })}>
                  {props.addChildLabel ?? k('add')}
                </Button>
              )}
            </Auth>
          )}
          <Auth code="btn_edit">
            <RefusableButton
              label={k('edit')}
              refused={props.editRefused?.(row)}
              onClick={() => setForm({ open: true, id: row.id, kind: props.kindOf?.(row) })}
            />
          </Auth>
          {canEdit && toggle && !props.more && (
            <Button
              type="link"
              size="small"
              onClick={() => confirmToggle(enabledOf(row), { action: () => toggle(row), onDone: refresh })}
            >
              {enabledOf(row) ? t('disable') : t('enable')}
            </Button>
          )}
          {props.rowActions?.(row, table)}
          {(props.removable?.(row) ?? true) && (
            <Auth code="btn_remove">
              <RefusableButton
                label={k('remove')}
                danger
                refused={props.removeRefused?.(row)}
                onClick={() => confirmDelete({ action: () => props.remove(row), onDone: refresh })}
              />
            </Auth>
          )}
          {props.rowActionsEnd?.(row, table)}
          <MoreMenu actions={moreOf(row)} />
        </Space>
      ),
    });
  const rows = table.tableProps.dataSource;
  // antd gives an empty table no sideways scrollbar: with no rows no column is fixed, so none covers another
  const shown = rows && rows.length > 0 ? columns : columns.map((column) => ({ ...column, fixed: undefined }));

  const body = (
    <>
      {holder}
      <Panel>
        {props.search?.(table) ?? (
          <SearchBar
            keyword={table.keyword}
            placeholder={props.searchPlaceholder}
            onKeywordChange={table.setKeyword}
            onSearch={table.search}
            onReset={table.reset}
          >
            {props.filters?.(table)}
          </SearchBar>
        )}
      </Panel>
      <Panel grow>
        <Toolbar
          left={props.title}
          right={
            <Space size={8} wrap>
              <Auth code="btn_add">
                {props.kinds ? (
                  <Space size={8}>
                    {props.kinds.map(({ key, label }, index) => (
                      <Button
                        key={key}
                        type={index === 0 ? 'primary' : 'default'}
                        icon={<PlusOutlined />}
                        disabled={props.addDisabled}
                        onClick={() => setForm({ open: true, parentId: props.rootParentId, kind: key })}
                      >
                        {label}
                      </Button>
                    ))}
                  </Space>
                ) : (
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    disabled={props.addDisabled}
                    onClick={() => setForm({ open: true, parentId: props.rootParentId })}
                  >
                    {k('add')}
                  </Button>
                )}
              </Auth>
              {props.toolbar}
              <Space size={0}>
                <Tooltip title={k('refresh')}>
                  <Button type="text" icon={<ReloadOutlined />} aria-label={k('refresh')} onClick={refresh} />
                </Tooltip>
                <Tooltip title={k('columnSettings')}>
                  <Button
                    type="text"
                    icon={<SettingOutlined />}
                    aria-label={k('columnSettings')}
                    onClick={() => setSettingColumns(true)}
                  />
                </Tooltip>
              </Space>
            </Space>
          }
        />
        {props.placeholder ?? (
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={shown}
            {...table.tableProps}
            scroll={{ x: scrollWidth(columns, props.scrollX) }}
          />
        )}
      </Panel>
      {props.renderForm({
        open: form.open,
        id: form.id,
        parentId: form.parentId,
        kind: form.kind,
        // the closing dialog keeps what it shows
        onClose: () => setForm((current) => ({ ...current, open: false })),
        onSaved: () => {
          setForm((current) => ({ ...current, open: false }));
          refresh();
        },
      })}
      <ColumnSettingsDrawer open={settingColumns} onClose={() => setSettingColumns(false)} settings={columnSettings} />
      {props.children?.(table)}
    </>
  );
  return props.embedded ? body : <AdminPage side={props.side?.(table)}>{body}</AdminPage>;
}

/** 编辑 删除 更多 (150 as the reference), else wide enough for the buttons shown in the row */
function defaultActionsWidth({
  more,
  rowActions,
  toggle,
  addChild,
}: {
  more?: unknown;
  rowActions?: unknown;
  toggle?: unknown;
  addChild?: unknown;
}) {
  if (more) return 150;
  if (rowActions) return 300;
  return toggle || addChild ? 200 : 120;
}

/** whether the current page's menu grants a button (for lists of actions, where the hook cannot be called per item) */
function useGranted(): (code: ButtonCode) => boolean {
  const { menuId } = useCurrentModule();
  const permissionList = useSession((state) => state.permissionList);
  return (code) => hasPermission(permissionList, menuId, 'button', code);
}

/** a row's 更多 (more) link and its menu; nothing when the row has no such action */
function MoreMenu({ actions }: { actions: readonly RowAction[] }) {
  const k = kitTexts.useText();
  if (actions.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map(({ key, label, danger, disabled }) => ({ key, label, danger, disabled })),
        onClick: ({ key }) => actions.find((action) => action.key === key)?.onClick(),
      }}
    >
      <Button type="link" size="small">
        {k('more')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** a row's link button, shown disabled with a tip when the row refuses it */
function RefusableButton({
  label,
  refused,
  danger,
  onClick,
}: {
  label: string;
  refused?: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return refused ? (
    <Tooltip title={refused}>
      <Button type="link" size="small" danger={danger} disabled>
        {label}
      </Button>
    </Tooltip>
  ) : (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {label}
    </Button>
  );
}
