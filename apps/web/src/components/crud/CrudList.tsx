// The frame of a record list screen: an optional tree on the left, keyword search with optional filters, a
// table whose rows can be edited, enabled/disabled and deleted (each behind its button and a confirmation),
// and the caller's add/edit dialog. CrudList reads a paged GET list; CrudFrame takes any list source.
import { PlusOutlined } from '@ant-design/icons';
import type { ApiResult } from '@jnpf/core';
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
  type PagedTable,
} from '../admin';
import { Auth, useAuth } from '../../platform/auth/Auth';
import type { QueryParams } from '../../platform/request';
import { fieldTexts } from '../form/texts';

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
  title: string;
  table: T;
  /** the data columns; creation time, sort, state and actions are appended */
  columns: TableColumnsType<Row>;
  /** changes to the appended creation time, sort and state columns */
  tail?: { creatorTime?: ColumnChange<Row>; sortCode?: ColumnChange<Row>; state?: ColumnChange<Row> };
  /** the state switch of a row (none without it) */
  toggle?: (row: Row) => Promise<ApiResult<unknown>>;
  remove: (row: Row) => Promise<ApiResult<unknown>>;
  /** why a row cannot be edited (its edit button is shown disabled with this tip), or undefined */
  editRefused?: (row: Row) => string | undefined;
  renderForm: (slot: FormSlot) => ReactNode;
  side?: (table: T) => ReactNode;
  filters?: (table: T) => ReactNode;
  /** more row actions before delete */
  rowActions?: (row: Row, table: T) => ReactNode;
  /** more row actions after delete */
  rowActionsEnd?: (row: Row, table: T) => ReactNode;
  /** the width of the fixed actions column: as narrow as its buttons, so it hides no data column */
  actionsWidth?: number;
  /** more toolbar buttons after add */
  toolbar?: ReactNode;
  /** the toolbar's add is disabled (e.g. until a category is chosen) */
  addDisabled?: boolean;
  /** the parent given to the form by the toolbar's add */
  rootParentId?: string;
  /** rows offer to add a record under them (behind btn_add) */
  addChild?: boolean;
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
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const table = props.table;
  const [form, setForm] = useState<{ open: boolean; id?: string; parentId?: string; kind?: string }>({
    open: false,
  });
  const showActions =
    !props.hideEmptyActions ||
    canEdit ||
    canRemove ||
    (props.addChild && canAdd) ||
    Boolean(props.rowActions || props.rowActionsEnd);
  const refresh = () => void table.refresh();
  const toggle = props.toggle;

  const tail = props.tail ?? {};
  const standard = (change: ColumnChange<Row> | undefined, column: TableColumnType<Row>) =>
    change === false ? [] : [{ ...column, ...change }];
  const columns: TableColumnsType<Row> = [
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
  if (showActions)
    columns.push({
      title: k('actions'),
      key: 'actions',
      width: props.actionsWidth ?? (props.rowActions ? 300 : 200),
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {props.addChild && (
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
            <EditButton
              refused={props.editRefused?.(row)}
              onClick={() => setForm({ open: true, id: row.id, kind: props.kindOf?.(row) })}
            />
          </Auth>
          {canEdit && toggle && (
            <Button
              type="link"
              size="small"
              onClick={() => confirmToggle(row.enabledMark === 1, { action: () => toggle(row), onDone: refresh })}
            >
              {row.enabledMark === 1 ? t('disable') : t('enable')}
            </Button>
          )}
          {props.rowActions?.(row, table)}
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => props.remove(row), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
          {props.rowActionsEnd?.(row, table)}
        </Space>
      ),
    });

  const body = (
    <>
      {holder}
      <Panel>
        <SearchBar
          keyword={table.keyword}
          placeholder={props.searchPlaceholder}
          onKeywordChange={table.setKeyword}
          onSearch={table.search}
          onReset={table.reset}
        >
          {props.filters?.(table)}
        </SearchBar>
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
            </Space>
          }
        />
        {props.placeholder ?? (
          <Table<Row>
            rowKey="id"
            size="middle"
            columns={columns}
            {...table.tableProps}
            scroll={{ x: props.scrollX ?? 1000 }}
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
      {props.children?.(table)}
    </>
  );
  return props.embedded ? body : <AdminPage side={props.side?.(table)}>{body}</AdminPage>;
}

function EditButton({ refused, onClick }: { refused?: string; onClick: () => void }) {
  const k = kitTexts.useText();
  return refused ? (
    <Tooltip title={refused}>
      <Button type="link" size="small" disabled>
        {k('edit')}
      </Button>
    </Tooltip>
  ) : (
    <Button type="link" size="small" onClick={onClick}>
      {k('edit')}
    </Button>
  );
}
