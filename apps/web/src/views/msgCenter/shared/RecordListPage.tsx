// The list screen of message templates and of send configurations: a paged list filtered by keyword and the
// screen's filters; the screen's own columns, then the shared ones and the row actions (edit, enable or
// disable, delete, copy, detail), each behind its confirmation; new and edit in the screen's dialog, the
// detail in its read-only view. System records are shown but not changed or deleted.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState, type ComponentType } from 'react';
import { AdminPage, kitTexts, Panel, Toolbar, usePagedTable } from '../../../components/admin';
import { Auth } from '../../../platform/auth/Auth';
import type { TextFn } from '../../../platform/viewText';
import { RecordRowActions, type RecordRow } from './RecordRowActions';
import { showingAll, RecordSearchBar, type RecordFilterKey, type RecordFilters } from './RecordSearchBar';
import { useRecordActions, type RecordApi } from './useRecordActions';
import { useRecordColumns } from './useRecordColumns';

/** the props of a screen's new / edit dialog */
export interface RecordFormProps {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** the props of a screen's read-only view: shown while there is an id */
export interface RecordDetailProps {
  id?: string;
  onClose: () => void;
}

/** the screen's own words the list uses */
export interface RecordListTexts {
  title: string;
  /** the question before a copy */
  copyTip: string;
  /** why a system record's edit and delete cannot be used */
  systemReadOnly: string;
}

export interface RecordListPageProps<Row extends RecordRow, Info, Input> {
  texts: TextFn<RecordListTexts>;
  queryKey: readonly unknown[];
  api: Pick<RecordApi<Info, Input>, 'listUrl' | 'info' | 'update' | 'remove' | 'copy'>;
  /** the update body of a record as read (enabling or disabling sends it back with the state flipped) */
  inputOf: (info: Info) => Input;
  /** the filters after the keyword, in this order */
  filters: readonly RecordFilterKey[];
  /** the screen's own columns; the shared ones and the actions follow */
  columns: TableColumnsType<Row>;
  /** the table's scroll width */
  scrollX: number;
  Form: ComponentType<RecordFormProps>;
  Detail: ComponentType<RecordDetailProps>;
}

export function RecordListPage<
  Row extends RecordRow,
  Info extends { enabledMark: number },
  Input extends { enabledMark: number },
>({
  texts: t,
  queryKey,
  api,
  inputOf,
  filters,
  columns,
  scrollX,
  Form,
  Detail,
}: RecordListPageProps<Row, Info, Input>) {
  const k = kitTexts.useText();
  const table = usePagedTable<Row, RecordFilters>({ queryKey, url: api.listUrl, initialFilters: showingAll(filters) });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [detailId, setDetailId] = useState<string>();
  const refresh = () => void table.refresh();
  const actions = useRecordActions({ api, inputOf, copyTip: t('copyTip'), onDone: refresh });
  const { audit } = useRecordColumns<Row>();

  const allColumns: TableColumnsType<Row> = [
    ...columns,
    ...audit,
    {
      title: k('actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, row) => (
        <RecordRowActions
          row={row}
          readOnlyTip={t('systemReadOnly')}
          onEdit={() => setForm({ open: true, id: row.id })}
          onToggle={() => actions.toggle(row)}
          onRemove={() => actions.remove(row)}
          onCopy={() => actions.copy(row)}
          onDetail={() => setDetailId(row.id)}
        />
      ),
    },
  ];

  return (
    <AdminPage>
      {actions.holder}
      <Panel>
        <RecordSearchBar table={table} filters={filters} />
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Auth code="btn_add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                {k('add')}
              </Button>
            </Auth>
          }
        />
        <Table<Row> rowKey="id" size="middle" columns={allColumns} {...table.tableProps} scroll={{ x: scrollX }} />
      </Panel>
      <Form
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <Detail id={detailId} onClose={() => setDetailId(undefined)} />
    </AdminPage>
  );
}
