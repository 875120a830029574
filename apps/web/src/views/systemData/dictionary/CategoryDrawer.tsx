// The category drawer, 700 px: a tree table of categories with add, refresh and
// .bdd import on top, and edit, delete and export on every row but the two roots.
import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Drawer, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  DRAWER_WIDTH,
  exportAndDownload,
  ImportDialog,
  kitTexts,
  LoadError,
  parentIds,
  useConfirmAction,
  withoutEmptyChildren,
} from '../../../components/admin';
import { Auth } from '../../../platform/auth/Auth';
import { dictionaryApi, isRootCategory, type CategoryNode } from './api';
import { CategoryForm } from './CategoryForm';
import { texts } from './texts';

interface Props {
  open: boolean;
  onClose: () => void;
  categories: CategoryNode[];
  loading: boolean;
  error: boolean;
  onRefresh: () => void;
  /** after any change: refresh the categories and clear the dictionary cache */
  onChanged: () => void;
}

export function CategoryDrawer({ open, onClose, categories, loading, error, onRefresh, onChanged }: Props) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const { confirmDelete, holder } = useConfirmAction();
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [importing, setImporting] = useState(false);
  const rows = useMemo(() => withoutEmptyChildren(categories), [categories]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => setExpanded(parentIds(categories)), [categories]);

  const columns: TableColumnsType<CategoryNode> = [
    { title: t('name'), dataIndex: 'fullName', ellipsis: true },
    { title: t('code'), dataIndex: 'enCode', width: 150, ellipsis: true },
    { title: t('sort'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: t('isTree'),
      dataIndex: 'isTree',
      width: 70,
      align: 'center',
      render: (value: number | undefined, row) =>
        isRootCategory(row.id) ? null : value === 1 ? <Tag color="processing">{k('yes')}</Tag> : <Tag>{k('no')}</Tag>,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 150,
      render: (_value, row) =>
        isRootCategory(row.id) ? null : (
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
                onClick={() => confirmDelete({ action: () => dictionaryApi.deleteCategory(row.id), onDone: onChanged })}
              >
                {k('remove')}
              </Button>
            </Auth>
            <Auth code="btn_export">
              <Button type="link" size="small" onClick={() => void exportAndDownload(dictionaryApi.exportUrl(row.id))}>
                {k('export')}
              </Button>
            </Auth>
          </Space>
        ),
    },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('drawerTitle')}
      size={DRAWER_WIDTH}
      styles={{ body: { padding: 12 } }}
      extra={
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
          <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={k('refresh')}>
            {k('refresh')}
          </Button>
        </Space>
      }
    >
      {holder}
      <Table<CategoryNode>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        locale={error ? { emptyText: <LoadError onRetry={onRefresh} /> } : undefined}
        scroll={{ x: 560 }}
      />
      <CategoryForm
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          onChanged();
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('importTitle')}
        url={dictionaryApi.importUrl}
        accept=".bdd"
        onImported={onChanged}
      />
    </Drawer>
  );
}
