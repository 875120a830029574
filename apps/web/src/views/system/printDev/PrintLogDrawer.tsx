// The print log of a template in a drawer: who printed, when, with what title and how many, newest first.
import { Drawer, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { DRAWER_WIDTH, Panel, SearchBar, usePagedTable } from '../../../components/admin';
import { printDevApi, type PrintLogRow, type TemplateRow } from './api';
import { texts } from './texts';

export function PrintLogDrawer({ row, onClose }: { row: TemplateRow | undefined; onClose: () => void }) {
  const t = texts.useText();
  return (
    <Drawer
      open={!!row}
      title={row ? t('logTitle', { name: row.fullName }) : t('log')}
      size={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
    >
      {row && <LogTable url={printDevApi.logUrl(row.id)} />}
    </Drawer>
  );
}

function LogTable({ url }: { url: string }) {
  const t = texts.useText();
  const table = usePagedTable<PrintLogRow>({ queryKey: ['printLog', url], url });
  const columns: TableColumnsType<PrintLogRow> = [
    {
      title: t('printTime'),
      dataIndex: 'creatorTime',
      width: 170,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    { title: t('printUser'), dataIndex: 'creatorUser', width: 150, ellipsis: true },
    { title: t('printTitle'), dataIndex: 'printTitle', ellipsis: true },
    { title: t('printNum'), dataIndex: 'printNum', width: 90, align: 'right' },
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
      <Table<PrintLogRow> rowKey="id" size="small" columns={columns} {...table.tableProps} />
    </>
  );
}
