// The user screen: the organisation tree on the left filters a paged user list (keyword, 20/50/100/500); add, edit,
// delete, enable/disable, reset password, unlock, export, the three-step import and the work handover, each behind its
// button permission.
import { DownOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, Tag, type MenuProps, type TableColumnsType } from 'antd';
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
import { OrgTree } from '../../../components/directory/OrgTree';
import { userApi, userKeys, type UserRow } from './api';
import { ImportWizard } from './ImportWizard';
import { ExportDialog, HandoverDialog, ResetPasswordDialog } from './UserDialogs';
import { UserForm } from './UserForm';
import { texts } from './texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

export function StateTag({ mark }: { mark: number }) {
  const t = texts.useText();
  if (mark === 2) return <Tag color="warning">{t('locked')}</Tag>;
  return mark === 1 ? <Tag color="success">{t('enabled')}</Tag> : <Tag color="error">{t('disabled')}</Tag>;
}

export default function UserPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const canReset = useAuth('btn_resetPassword');
  const canUnlock = useAuth('btn_unlock');
  const canHandover = useAuth('btn_handover');
  const { confirmDelete, confirmToggle, confirm, holder } = useConfirmAction();
  const table = usePagedTable<UserRow, { organizeId: string }>({
    queryKey: userKeys.list,
    url: userApi.listUrl,
    initialFilters: { organizeId: '' },
  });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [resetting, setResetting] = useState<UserRow>();
  const [handingOver, setHandingOver] = useState<UserRow>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const refresh = () => void table.refresh();

  const moreItems = (row: UserRow): MenuProps['items'] => [
    ...(canReset ? [{ key: 'reset', label: t('resetPassword') }] : []),
    ...(canUnlock && row.enabledMark === 2 ? [{ key: 'unlock', label: t('unlock') }] : []),
    ...(canHandover ? [{ key: 'handover', label: t('handover') }] : []),
  ];
  const onMore = (row: UserRow, key: string) => {
    if (key === 'reset') setResetting(row);
    else if (key === 'handover') setHandingOver(row);
    else if (key === 'unlock') confirm(t('unlockTip'), { action: () => userApi.unlock(row.id), onDone: refresh });
  };

  const columns: TableColumnsType<UserRow> = [
    { title: t('account'), dataIndex: 'account', width: 140, ellipsis: true },
    { title: t('realName'), dataIndex: 'realName', width: 120, ellipsis: true },
    { title: t('gender'), dataIndex: 'gender', width: 70, align: 'center' },
    { title: t('mobilePhone'), dataIndex: 'mobilePhone', width: 130 },
    { title: t('organize'), dataIndex: 'organize', ellipsis: true, width: 220 },
    {
      title: t('creatorTime'),
      dataIndex: 'creatorTime',
      width: 150,
      render: (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : ''),
    },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (mark: number) => <StateTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, row) => {
        const more = moreItems(row);
        return (
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
                onClick={() =>
                  confirmToggle(row.enabledMark !== 0, { action: () => userApi.toggle(row.id), onDone: refresh })
                }
              >
                {row.enabledMark !== 0 ? t('disable') : t('enable')}
              </Button>
            )}
            <Auth code="btn_remove">
              <Button
                type="link"
                size="small"
                danger
                onClick={() => confirmDelete({ action: () => userApi.remove(row.id), onDone: refresh })}
              >
                {k('remove')}
              </Button>
            </Auth>
            {more && more.length > 0 && (
              <Dropdown menu={{ items: more, onClick: ({ key }) => onMore(row, key) }} trigger={['click']}>
                <Button type="link" size="small">
                  {k('more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  const columnLabel = (key: string) =>
    ({
      account: t('account'),
      realName: t('realName'),
      gender: t('gender'),
      email: t('email'),
      organizeId: t('organize'),
      managerId: t('manager'),
      positionId: t('position'),
      roleId: t('role'),
      sortCode: t('sortCode'),
      description: t('description'),
      mobilePhone: t('mobilePhone'),
    })[key] ?? key;

  return (
    <AdminPage
      side={<OrgTree selectedId={table.filters.organizeId} onSelect={(id) => table.setFilter('organizeId', id)} />}
    >
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
            <Space size={8} wrap>
              <Auth code="btn_add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                  {k('add')}
                </Button>
              </Auth>
              <Auth code="btn_import">
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {k('import')}
                </Button>
              </Auth>
              <Auth code="btn_export">
                <Button icon={<DownloadOutlined />} onClick={() => setExporting(true)}>
                  {k('export')}
                </Button>
              </Auth>
            </Space>
          }
        />
        <Table<UserRow> rowKey="id" size="middle" columns={columns} {...table.tableProps} scroll={{ x: 1200 }} />
      </Panel>
      <UserForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
      <HandoverDialog
        user={handingOver}
        onClose={() => setHandingOver(undefined)}
        onDone={() => {
          setHandingOver(undefined);
          refresh();
        }}
      />
      <ImportWizard open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        columnLabel={columnLabel}
        query={{
          keyword: table.keyword,
          organizeId: table.filters.organizeId,
          currentPage: (table.tableProps.pagination && table.tableProps.pagination.current) || 1,
          pageSize: (table.tableProps.pagination && table.tableProps.pagination.pageSize) || 20,
        }}
      />
    </AdminPage>
  );
}
