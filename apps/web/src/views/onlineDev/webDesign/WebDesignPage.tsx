// The function-design screen (在线开发 › 功能设计): a paged list of the designs with keyword (and category,
// when the WebDesign dictionary exists) search; new (btn_add) opens the designer on a new design; per row
// design, release and public links (btn_edit), copy (btn_add) and delete (btn_remove) after confirmation, and
// preview.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
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
import { navigateTo } from '../../../platform/navigation';
import { webDesignApi, webDesignKeys, type DesignRow } from './api';
import type { DesignerTarget } from './designer/Designer';
import { NewDesignDialog } from './NewDesignDialog';
import { ReleaseDialog } from './ReleaseDialog';
import { ShortLinkDialog } from './ShortLinkDialog';
import { shortLinkTexts } from './shortLinkTexts';
import { texts } from './texts';
import { useCategories } from './useCategories';

// the designer is the heavy part of the screen: loaded when first opened
const Designer = lazy(() => import('./designer/Designer').then((m) => ({ default: m.Designer })));

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const STATE_COLORS = ['default', 'success', 'warning'] as const;

const time = (value: number | null) => (value ? dayjs(value).format(DATE_TIME) : '');

export default function WebDesignPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const linkText = shortLinkTexts.useText();
  const { confirmDelete, confirm, holder } = useConfirmAction();
  const categories = useCategories();
  const table = usePagedTable<DesignRow, { type: number; category: string }>({
    queryKey: webDesignKeys.list,
    url: webDesignApi.listUrl,
    initialFilters: { type: 1, category: '' },
  });
  const [creating, setCreating] = useState(false);
  /** the open designer; `session` remounts it for every opening */
  const [designer, setDesigner] = useState<{ target: DesignerTarget; session: number } | null>(null);
  const [releasing, setReleasing] = useState<DesignRow | null>(null);
  const [linking, setLinking] = useState<DesignRow | null>(null);
  const refresh = () => void table.refresh();
  const openDesigner = (target: DesignerTarget) => setDesigner({ target, session: Date.now() });

  const columns: TableColumnsType<DesignRow> = [
    { title: t('fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, ellipsis: true, width: 180 },
    { title: t('enCode'), dataIndex: 'enCode', key: 'enCode', sorter: true, ellipsis: true, width: 150 },
    {
      title: t('category'),
      dataIndex: 'category',
      width: 110,
      ellipsis: true,
      render: (category: string) => categories.labelOf(category),
    },
    {
      title: t('webType'),
      dataIndex: 'webType',
      width: 80,
      align: 'center',
      render: (webType: number) => (Number(webType) === 2 ? t('webTypeList') : t('webTypeForm')),
    },
    {
      title: t('state'),
      dataIndex: 'state',
      key: 'state',
      width: 90,
      align: 'center',
      render: (state: number) => {
        const known = state === 1 || state === 2 ? state : 0;
        return <Tag color={STATE_COLORS[known]}>{t(`state${known}`)}</Tag>;
      },
    },
    { title: t('creatorUser'), dataIndex: 'creatorUser', width: 120, ellipsis: true },
    { title: t('creatorTime'), dataIndex: 'creatorTime', key: 'creatorTime', sorter: true, width: 165, render: time },
    {
      title: t('lastModifyTime'),
      dataIndex: 'lastModifyTime',
      key: 'lastModifyTime',
      sorter: true,
      width: 165,
      render: time,
    },
    { title: t('sortCode'), dataIndex: 'sortCode', key: 'sortCode', sorter: true, width: 70, align: 'center' },
    {
      title: k('actions'),
      key: 'actions',
      width: 370,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => openDesigner({ id: row.id })}>
              {t('design')}
            </Button>
          </Auth>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setReleasing(row)}>
              {t('release')}
            </Button>
          </Auth>
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setLinking(row)}>
              {linkText('action')}
            </Button>
          </Auth>
          <Button type="link" size="small" onClick={() => navigateTo(`/previewModel?id=${encodeURIComponent(row.id)}`)}>
            {t('preview')}
          </Button>
          <Auth code="btn_add">
            <Button
              type="link"
              size="small"
              onClick={() => confirm(t('copyTip'), { action: () => webDesignApi.copy(row.id), onDone: refresh })}
            >
              {t('copy')}
            </Button>
          </Auth>
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => webDesignApi.remove(row.id), onDone: refresh })}
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
        >
          {categories.fromDictionary && (
            <Select
              style={{ width: 180 }}
              aria-label={t('category')}
              value={table.filters.category}
              onChange={(value: string) => table.setFilter('category', value)}
              options={[{ value: '', label: t('allCategories') }, ...categories.options]}
              showSearch={{ optionFilterProp: 'label' }}
            />
          )}
        </SearchBar>
      </Panel>
      <Panel grow>
        <Toolbar
          left={t('title')}
          right={
            <Auth code="btn_add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {k('add')}
              </Button>
            </Auth>
          }
        />
        <Table<DesignRow> rowKey="id" size="middle" columns={columns} {...table.tableProps} scroll={{ x: 1500 }} />
      </Panel>
      <NewDesignDialog
        open={creating}
        onClose={() => setCreating(false)}
        onNext={(base) => {
          setCreating(false);
          openDesigner({ base });
        }}
      />
      {designer && (
        <Suspense fallback={null}>
          <Designer
            key={designer.session}
            target={designer.target}
            onClose={() => {
              setDesigner(null);
              refresh();
            }}
            onSaved={refresh}
          />
        </Suspense>
      )}
      <ShortLinkDialog row={linking} onClose={() => setLinking(null)} />
      <ReleaseDialog
        row={releasing}
        onClose={() => setReleasing(null)}
        onReleased={() => {
          setReleasing(null);
          refresh();
        }}
      />
    </AdminPage>
  );
}
