// The call log of a data interface (or of an interface-auth application) in a drawer: a keyword search and a
// paged table of calls (when, who, from where, which device, GET or POST, how long), newest first as the
// server answers them. `withInterface` adds the interface's name (an application's log spans interfaces).
import { Drawer, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { DRAWER_WIDTH, Panel, SearchBar, usePagedTable } from '../admin';
import { callLogTexts } from './texts';

export interface CallLogRow {
  id: string;
  invokTime: number | null;
  userId: string | null;
  invokIp: string | null;
  invokDevice: string | null;
  invokType: string | null;
  invokWasteTime: number | null;
  /** the interface's name (an application's log) */
  fullName?: string;
}

export interface CallLogDrawerProps {
  open: boolean;
  /** the paged GET list of the log, e.g. /api/system/DataInterfaceLog/{id}; read while the drawer is open */
  url: string;
  title?: string;
  withInterface?: boolean;
  onClose: () => void;
}

export function CallLogDrawer({ open, url, title, withInterface = false, onClose }: CallLogDrawerProps) {
  const t = callLogTexts.useText();
  return (
    <Drawer open={open} title={title ?? t('title')} size={DRAWER_WIDTH} onClose={onClose} destroyOnHidden>
      {open && <CallLogTable url={url} withInterface={withInterface} />}
    </Drawer>
  );
}

function CallLogTable({ url, withInterface }: { url: string; withInterface: boolean }) {
  const t = callLogTexts.useText();
  const table = usePagedTable<CallLogRow>({ queryKey: ['callLog', url], url });
  const columns: TableColumnsType<CallLogRow> = [
    {
      title: t('invokTime'),
      dataIndex: 'invokTime',
      width: 160,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    ...(withInterface ? [{ title: t('interfaceName'), dataIndex: 'fullName', width: 140, ellipsis: true }] : []),
    { title: t('userId'), dataIndex: 'userId', width: 140, ellipsis: true },
    { title: t('invokIp'), dataIndex: 'invokIp', width: 120, ellipsis: true },
    { title: t('invokDevice'), dataIndex: 'invokDevice', width: 160, ellipsis: true },
    { title: t('invokType'), dataIndex: 'invokType', width: 90, align: 'center' },
    { title: t('invokWasteTime'), dataIndex: 'invokWasteTime', width: 100, align: 'right' },
  ];
  return (
    <>
      <Panel>
        <SearchBar
          keyword={table.keyword}
          onKeywordChange={table.setKeyword}
          onSearch={table.search}
          onReset={table.reset}
        />
      </Panel>
      <Table<CallLogRow>
        rowKey="id"
        size="small"
        columns={columns}
        {...table.tableProps}
        scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width ?? 120), 0) }}
      />
    </>
  );
}
