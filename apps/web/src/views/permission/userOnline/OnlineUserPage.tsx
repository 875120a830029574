// The online-user screen: live sessions (keyword, paged); force one or several offline after confirmation.
import { Button, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  AdminPage,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  usePagedTable,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { onlineUserApi, onlineUserKeys, type OnlineRow } from './api';
import { texts } from './texts';

const time = (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');

export default function OnlineUserPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canOffline = useAuth('btn_offline');
  const { confirm, holder } = useConfirmAction();
  const table = usePagedTable<OnlineRow>({ queryKey: onlineUserKeys.list, url: onlineUserApi.listUrl });
  const [selected, setSelected] = useState<string[]>([]);
  const done = () => {
    setSelected([]);
    void table.refresh();
  };

  const columns: TableColumnsType<OnlineRow> = [
    { title: t('userName'), dataIndex: 'userName', width: 180, ellipsis: true },
    { title: t('organize'), dataIndex: 'organize', width: 200, ellipsis: true },
    { title: t('loginTime'), dataIndex: 'loginTime', width: 170, render: time },
    { title: t('lastTime'), dataIndex: 'lastTime', width: 170, render: time },
    { title: t('ip'), dataIndex: 'loginIPAddress', width: 130 },
    { title: t('address'), dataIndex: 'loginAddress', width: 120, ellipsis: true },
    { title: t('system'), dataIndex: 'loginSystem', width: 110 },
    { title: t('browser'), dataIndex: 'loginBrowser', width: 110 },
    { title: t('device'), dataIndex: 'device', width: 70 },
    {
      title: k('actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_v, row) => (
        <Auth code="btn_offline">
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirm(t('offlineTip'), { action: () => onlineUserApi.forceOffline(row.sessionId), onDone: done })
            }
          >
            {t('offline')}
          </Button>
        </Auth>
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
          onSearch={table.search}
          onReset={table.reset}
        />
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Space>
              <Auth code="btn_offline">
                <Button
                  danger
                  disabled={selected.length === 0}
                  onClick={() =>
                    confirm(t('batchOfflineTip', { n: selected.length }), {
                      action: () => onlineUserApi.forceOfflineMany(selected),
                      onDone: done,
                    })
                  }
                >
                  {t('batchOffline')}
                </Button>
              </Auth>
            </Space>
          }
        />
        <Table<OnlineRow>
          rowKey="sessionId"
          size="middle"
          columns={columns}
          rowSelection={
            canOffline ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
          }
          {...table.tableProps}
          scroll={{ x: 1400 }}
        />
      </Panel>
    </AdminPage>
  );
}
