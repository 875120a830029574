// The number-rule screen (administration.md §2.5, §7.4): a paged list with keyword and category filters
// (categories from the businessType dictionary), add, edit, delete, the state toggle, import and export.
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  exportAndDownload,
  ImportDialog,
  kitTexts,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
  useDictionary,
  usePagedTable,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { billRuleApi, billRuleKeys, type RuleRow } from './api';
import { RuleForm } from './RuleForm';
import { texts } from './texts';

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

export default function BillRulePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const categories = useDictionary('businessType');
  const table = usePagedTable<RuleRow, { categoryId: string }>({
    queryKey: billRuleKeys.list,
    url: billRuleApi.listUrl,
    initialFilters: { categoryId: '' },
  });
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [importing, setImporting] = useState(false);
  const refresh = () => void table.refresh();

  const columns: TableColumnsType<RuleRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, ellipsis: true, width: 150 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', sorter: true, ellipsis: true, width: 130 },
    { title: t('category'), dataIndex: 'category', width: 100, ellipsis: true },
    {
      title: t('example'),
      dataIndex: 'example',
      ellipsis: true,
      width: 200,
    },
    {
      title: t('outputNumber'),
      dataIndex: 'outputNumber',
      key: 'outputNumber',
      sorter: true,
      ellipsis: true,
      width: 170,
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 120, ellipsis: true },
    {
      title: t('creatorTime'),
      dataIndex: 'creatorTime',
      key: 'creatorTime',
      sorter: true,
      width: 165,
      render: (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : ''),
    },
    { title: t('sortCode'), dataIndex: 'sortCode', key: 'sortCode', sorter: true, width: 80, align: 'center' },
    {
      title: t('enabledMark'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      fixed: 'right',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 210,
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
              onClick={() =>
                confirmToggle(row.enabledMark === 1, { action: () => billRuleApi.toggle(row.id), onDone: refresh })
              }
            >
              {row.enabledMark === 1 ? k('disable') : k('enable')}
            </Button>
          )}
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => billRuleApi.remove(row.id), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
          <Auth code="btn_export">
            <Button type="link" size="small" onClick={() => void exportAndDownload(billRuleApi.exportUrl(row.id))}>
              {k('export')}
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
        >
          <Select
            style={{ width: 180 }}
            aria-label={t('category')}
            value={table.filters.categoryId}
            onChange={(value: string) => table.setFilter('categoryId', value)}
            loading={categories.isLoading}
            options={[{ value: '', label: t('allCategories') }, ...categories.options]}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </SearchBar>
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Space size={8}>
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
            </Space>
          }
        />
        <Table<RuleRow> rowKey="id" size="middle" columns={columns} {...table.tableProps} scroll={{ x: 1350 }} />
      </Panel>
      <RuleForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('importTitle')}
        url={billRuleApi.importUrl}
        accept=".bb"
        onImported={refresh}
      />
    </AdminPage>
  );
}
