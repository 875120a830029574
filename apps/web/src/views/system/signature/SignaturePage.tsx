// The electronic seal screen: a paged list with keyword search, add, edit and delete.
import { PlusOutlined } from '@ant-design/icons';
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
import { Auth } from '../../../platform/auth/Auth';
import { signatureApi, signatureKeys, type SignatureRow } from './api';
import { SignatureForm } from './SignatureForm';
import { texts } from './texts';

export default function SignaturePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const { confirmDelete, holder } = useConfirmAction();
  const table = usePagedTable<SignatureRow>({ queryKey: signatureKeys.list, url: signatureApi.listUrl });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const refresh = () => void table.refresh();

  const columns: TableColumnsType<SignatureRow> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
    { title: t('userIds'), dataIndex: 'userIds', ellipsis: true },
    {
      title: t('creatorTime'),
      dataIndex: 'creatorTime',
      width: 180,
      render: (value: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, id: row.id })}>
              {k('edit')}
            </Button>
          </Auth>
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => signatureApi.remove(row.id), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
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
          onSearch={table.search}
          onReset={table.reset}
        />
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
        <Table<SignatureRow> rowKey="id" size="middle" columns={columns} {...table.tableProps} scroll={{ x: 800 }} />
      </Panel>
      <SignatureForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
    </AdminPage>
  );
}
