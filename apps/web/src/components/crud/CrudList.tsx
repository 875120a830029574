// The frame of a record list screen: an optional tree on the left, keyword search with optional filters, a
// paged table whose rows can be edited, enabled/disabled and deleted (each behind its button and a
// confirmation), and the caller's add/edit dialog.
import { PlusOutlined } from '@ant-design/icons';
import type { ApiResult } from '@jnpf/core';
import { Button, Space, Table, type TableColumnsType, type TableColumnType } from 'antd';
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
  onClose: () => void;
  onSaved: () => void;
}

/** changes to a standard column (merged over it), or false to leave it out */
export type ColumnChange<Row> = Partial<TableColumnType<Row>> | false;

export interface CrudListProps<Row extends BaseRow, F extends QueryParams> {
  title: string;
  queryKey: readonly unknown[];
  url: string;
  initialFilters?: F;
  /** the data columns; creation time, sort, state and actions are appended */
  columns: TableColumnsType<Row>;
  /** changes to the appended creation time, sort and state columns */
  tail?: { creatorTime?: ColumnChange<Row>; sortCode?: ColumnChange<Row>; state?: ColumnChange<Row> };
  /** the state switch of a row (none without it) */
  toggle?: (row: Row) => Promise<ApiResult<unknown>>;
  remove: (row: Row) => Promise<ApiResult<unknown>>;
  renderForm: (slot: FormSlot) => ReactNode;
  side?: (table: PagedTable<Row, F>) => ReactNode;
  filters?: (table: PagedTable<Row, F>) => ReactNode;
  /** more row actions before delete */
  rowActions?: (row: Row, table: PagedTable<Row, F>) => ReactNode;
  /** more row actions after delete */
  rowActionsEnd?: (row: Row, table: PagedTable<Row, F>) => ReactNode;
  /** the width of the fixed actions column: as narrow as its buttons, so it hides no data column */
  actionsWidth?: number;
  /** more toolbar buttons after add */
  toolbar?: ReactNode;
  children?: (table: PagedTable<Row, F>) => ReactNode;
  scrollX?: number;
}

export function CrudList<Row extends BaseRow, F extends QueryParams = QueryParams>(props: CrudListProps<Row, F>) {
  const t = fieldTexts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const table = usePagedTable<Row, F>({
    queryKey: props.queryKey,
    url: props.url,
    initialFilters: props.initialFilters,
  });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
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
    {
      title: k('actions'),
      key: 'actions',
      width: props.actionsWidth ?? (props.rowActions ? 300 : 200),
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, id: row.id })}>
              {k('edit')}
            </Button>
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
    },
  ];

  return (
    <AdminPage side={props.side?.(table)}>
      {holder}
      <Panel>
        <SearchBar
          keyword={table.keyword}
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
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                  {k('add')}
                </Button>
              </Auth>
              {props.toolbar}
            </Space>
          }
        />
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          {...table.tableProps}
          scroll={{ x: props.scrollX ?? 1000 }}
        />
      </Panel>
      {props.renderForm({
        open: form.open,
        id: form.id,
        onClose: () => setForm({ open: false }),
        onSaved: () => {
          setForm({ open: false });
          refresh();
        },
      })}
      {props.children?.(table)}
    </AdminPage>
  );
}
