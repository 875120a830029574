// The message centre (/messageRecord): the signed-in user's in-site messages as a page: keyword, type and read-state
// filters, a paged table sortable by title, type, state and time, 'All read' (same filters) and deleting selected
// messages after a confirmation, and opening a message as the drawer does. A messagePush reloads the table.
import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Empty, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import {
  AdminPage,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  usePagedTable,
} from '../../components/admin';
import { messageApi, messageKeys, syncNoticeBadge, type MessageRow } from '../../messaging/notice/api';
import { noticeTexts } from '../../messaging/notice/texts';
import { useMessageTypes } from '../../messaging/notice/useMessageTypes';
import { useOpenMessage } from '../../messaging/notice/useOpenMessage';
import { onFrame } from '../../platform/realtime';
import { texts } from './texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

type PageFilters = { type: string; isRead: '' | '0' | '1' };

export default function MessageRecordPage() {
  const t = texts.useText();
  const n = noticeTexts.useText();
  const k = kitTexts.useText();
  const types = useMessageTypes();
  const { confirm, holder } = useConfirmAction();
  const { openMessage, openingId, dialogs } = useOpenMessage();
  const table = usePagedTable<MessageRow, PageFilters>({
    queryKey: messageKeys.page,
    url: messageApi.listUrl,
    initialFilters: { type: '', isRead: '' },
  });
  // the keyword the list shows (the box may hold an unsearched one); 'All read' applies the shown filters
  const [appliedKeyword, setAppliedKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const { refresh } = table;

  useEffect(() => onFrame('messagePush', () => void refresh()), [refresh]);

  const changed = () => {
    setSelected([]);
    void refresh();
    void syncNoticeBadge();
  };

  const markAllRead = () =>
    confirm(n('allReadConfirm'), {
      action: () => messageApi.readAll({ keyword: appliedKeyword, ...table.filters }),
      onDone: changed,
    });

  const remove = (ids: string[]) =>
    confirm(ids.length === 1 ? t('deleteOneTip') : t('deleteTip', { n: ids.length }), {
      action: () => messageApi.remove(ids),
      onDone: changed,
    });

  const columns: TableColumnsType<MessageRow> = [
    {
      title: t('messageTitle'),
      dataIndex: 'title',
      key: 'title',
      sorter: true,
      ellipsis: true,
      render: (title: string, row) => (
        <Button
          type="link"
          size="small"
          loading={openingId === row.id}
          onClick={() => void openMessage(row)}
          style={{ padding: 0, maxWidth: '100%', fontWeight: row.isRead === 1 ? undefined : 600 }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
        </Button>
      ),
    },
    {
      title: t('type'),
      dataIndex: 'type',
      key: 'type',
      sorter: true,
      width: 120,
      render: (type: number) => types.label(type),
    },
    {
      title: t('releaseUser'),
      dataIndex: 'releaseUser',
      width: 160,
      ellipsis: true,
      render: (user: string) => user || n('system'),
    },
    {
      title: t('releaseTime'),
      dataIndex: 'releaseTime',
      key: 'releaseTime',
      sorter: true,
      width: 170,
      render: (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : ''),
    },
    {
      title: t('readState'),
      dataIndex: 'isRead',
      key: 'isRead',
      sorter: true,
      width: 90,
      align: 'center',
      render: (isRead: number) => (isRead === 1 ? <Tag>{n('read')}</Tag> : <Tag color="error">{n('unread')}</Tag>),
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void openMessage(row)}>
            {t('view')}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove([row.id])}>
            {k('remove')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar
          keyword={table.keyword}
          onKeywordChange={table.setKeyword}
          onSearch={() => {
            setAppliedKeyword(table.keyword.trim());
            table.search();
          }}
          onReset={() => {
            setAppliedKeyword('');
            table.reset();
          }}
        >
          <Select
            style={{ width: 160 }}
            aria-label={n('type')}
            value={table.filters.type}
            options={[{ value: '', label: t('allTypes') }, ...types.typeOptions]}
            loading={types.isLoading}
            onChange={(type: string) => table.setFilter('type', type)}
          />
          <Select
            style={{ width: 140 }}
            aria-label={t('readFilter')}
            value={table.filters.isRead}
            options={[
              { value: '', label: t('allStates') },
              { value: '0', label: n('unread') },
              { value: '1', label: n('read') },
            ]}
            onChange={(isRead: PageFilters['isRead']) => table.setFilter('isRead', isRead)}
          />
        </SearchBar>
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Space size={8} wrap>
              {selected.length > 0 && <span>{t('selected', { n: selected.length })}</span>}
              <Button icon={<CheckOutlined />} onClick={markAllRead}>
                {n('allRead')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                onClick={() => remove(selected)}
              >
                {t('deleteSelected')}
              </Button>
            </Space>
          }
        />
        <Table<MessageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          {...table.tableProps}
          locale={table.tableProps.locale ?? { emptyText: <Empty description={n('empty')} /> }}
          scroll={{ x: 900 }}
        />
      </Panel>
      {dialogs}
    </AdminPage>
  );
}
