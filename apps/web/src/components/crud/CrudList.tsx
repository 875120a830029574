// The frame of a record list screen: an optional tree on the left, keyword search with optional filters, a
// paged table whose rows can be edited, enabled/disabled and deleted (each behind its button and a
// confirmation), and the caller's add/edit dialog.
import { PlusOutlined } from '@ant-design/icons';
import type { ApiResult } from '@jnpf/core';
import { Button, Space, Table, type TableColumnsType } from 'antd';
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
  enabledMark: number;
  creatorTime?: number | null;
  sortCode?: number;
}

export interface FormSlot {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

export interface CrudListProps<Row extends BaseRow, F extends QueryParams> {
  title: string;
  queryKey: readonly unknown[];
  url: string;
  initialFilters?: F;
  /** the data columns; sort, creation time, state and actions are appended */
  columns: TableColumnsType<Row>;
  toggle: (row: Row) => Promise<ApiResult<unknown>>;
  remove: (row: Row) => Promise<ApiResult<unknown>>;
  renderForm: (slot: FormSlot) => ReactNode;
  side?: (table: PagedTable<Row, F>) => ReactNode;
  filters?: (table: PagedTable<Row, F>) => ReactNode;
  /** more row actions before delete */
  rowActions?: (row: Row, table: PagedTable<Row, F>) => ReactNode;
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

  const columns: TableColumnsType<Row> = [
    ...props.columns,
    {
      title: t('creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : ''),
    },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: props.rowActions ? 300 : 200,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, id: row.id })}>
              {k('edit')}
            </Button>
          </Auth>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => confirmToggle(row.enabledMark === 1, { action: () => props.toggle(row), onDone: refresh })}
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
