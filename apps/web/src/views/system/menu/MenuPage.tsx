// The menu screen (system/menu): the applications on the left; on the right the chosen application's Web or
// App menus as a tree (keyword), with add (also under a menu), edit, enable/disable, delete and export, and
// per menu its permission items: buttons, list columns, form fields, and data-permission schemes with the
// fields they filter on.
import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  exportAndDownload,
  ImportDialog,
  kitTexts,
  LoadError,
  Panel,
  SearchBar,
  Toolbar,
  TreePanel,
  useConfirmAction,
  withoutEmptyChildren,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { fieldTexts } from '../../../components/form/texts';
import { toTreeData } from '../../../components/directory/trees';
import { menuApi, type ItemKind, type MenuRow } from './api';
import { ItemsDrawer } from './ItemsDrawer';
import { MenuForm } from './MenuForm';
import { texts } from './texts';

export default function MenuPage() {
  const t = texts.useText();
  const s = fieldTexts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const canEdit = useAuth('btn_edit');
  const canAdd = useAuth('btn_add');
  const canExport = useAuth('btn_export');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const systems = useQuery({ queryKey: ['system', 'menu', 'systems'], queryFn: menuApi.systems });
  const [systemId, setSystemId] = useState('');
  const [category, setCategory] = useState<'Web' | 'App'>('Web');
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [form, setForm] = useState<{ open: boolean; row?: MenuRow; parentId?: string }>({ open: false });
  const [items, setItems] = useState<{ kind?: ItemKind; menu?: MenuRow }>({});
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (!systemId && systems.data?.length) setSystemId(systems.data[0]!.id);
  }, [systems.data, systemId]);

  const key = ['system', 'menu', 'list', systemId, category, applied];
  const menus = useQuery({
    queryKey: key,
    queryFn: () => menuApi.list(systemId, category, applied),
    enabled: !!systemId,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['system', 'menu', 'list'] });
  // where an imported menu goes: the top, or one of this side's menus
  const importParents = useMemo(
    () => [{ value: '-1', title: t('topLevel'), key: '-1' }, ...toTreeData((menus.data ?? []) as never)],
    [menus.data, t],
  );

  const kinds: { kind: ItemKind; label: string; flag: keyof MenuRow }[] = [
    { kind: 'button', label: t('buttonAuth'), flag: 'isButtonAuthorize' },
    { kind: 'column', label: t('columnAuth'), flag: 'isColumnAuthorize' },
    { kind: 'form', label: t('formAuth'), flag: 'isFormAuthorize' },
    { kind: 'scheme', label: t('dataAuth'), flag: 'isDataAuthorize' },
    { kind: 'field', label: t('fieldAuth'), flag: 'isDataAuthorize' },
  ];

  const columns: TableColumnsType<MenuRow> = [
    { title: t('fullName'), dataIndex: 'fullName', width: 220 },
    { title: t('enCode'), dataIndex: 'enCode', width: 180, ellipsis: true },
    {
      title: t('type'),
      dataIndex: 'type',
      width: 80,
      align: 'center',
      render: (type: number) => <Tag>{t(`type${type}` as 'type1')}</Tag>,
    },
    { title: t('urlAddress'), dataIndex: 'urlAddress', width: 200, ellipsis: true },
    { title: s('sortCode'), dataIndex: 'sortCode', width: 70, align: 'center' },
    {
      title: s('state'),
      dataIndex: 'enabledMark',
      width: 80,
      align: 'center',
      render: (m: number) => <EnabledTag mark={m} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 330,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          {canAdd && row.type === 1 && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, parentId: row.id })}>
              {k('add')}
            </Button>
          )}
          <Auth code="btn_edit">
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
              {k('edit')}
            </Button>
          </Auth>
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                confirmToggle(row.enabledMark === 1, { action: () => menuApi.toggle(row.id), onDone: refresh })
              }
            >
              {row.enabledMark === 1 ? s('disable') : s('enable')}
            </Button>
          )}
          <Auth code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => confirmDelete({ action: () => menuApi.remove(row.id), onDone: refresh })}
            >
              {k('remove')}
            </Button>
          </Auth>
          {row.type !== 1 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...kinds.map(({ kind, label, flag }) => ({ key: kind, label, disabled: row[flag] !== 1 })),
                  ...(canExport ? [{ type: 'divider' as const }, { key: 'export', label: k('export') }] : []),
                ],
                onClick: ({ key: chosen }) =>
                  chosen === 'export'
                    ? void exportAndDownload(menuApi.exportUrl(row.id))
                    : setItems({ kind: chosen as ItemKind, menu: row }),
              }}
            >
              <Button type="link" size="small">
                {t('permissions')} <DownOutlined />
              </Button>
            </Dropdown>
          )}
        </Space>
      ),
    },
  ];
  return (
    <AdminPage
      side={
        <TreePanel
          title={t('systems')}
          nodes={systems.data ?? []}
          loading={systems.isLoading}
          error={systems.isError}
          onRefresh={() => void systems.refetch()}
          selectedId={systemId}
          onSelect={(node) => setSystemId(node.id)}
        />
      }
    >
      {holder}
      <Panel>
        <SearchBar
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSearch={() => setApplied(keyword.trim())}
          onReset={() => {
            setKeyword('');
            setApplied('');
          }}
        />
      </Panel>
      <Panel grow>
        <Toolbar
          left={
            <Tabs
              size="small"
              activeKey={category}
              onChange={(value) => setCategory(value as 'Web' | 'App')}
              items={[
                { key: 'Web', label: t('web') },
                { key: 'App', label: t('app') },
              ]}
            />
          }
          right={
            <Space>
              <Auth code="btn_import">
                <Button icon={<UploadOutlined />} disabled={!systemId} onClick={() => setImporting(true)}>
                  {k('import')}
                </Button>
              </Auth>
              <Auth code="btn_add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  disabled={!systemId}
                  onClick={() => setForm({ open: true })}
                >
                  {k('add')}
                </Button>
              </Auth>
            </Space>
          }
        />
        {!systemId && !systems.isLoading ? (
          <Empty description={t('noSystem')} />
        ) : (
          <Table<MenuRow>
            // remounted once a search's results are in: antd expands all rows only for the data it mounts with
            key={`${systemId}-${category}-${applied}-${applied && menus.data ? 'found' : ''}`}
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={withoutEmptyChildren(menus.data ?? [])}
            loading={menus.isFetching}
            pagination={false}
            expandable={{ defaultExpandAllRows: !!applied }}
            scroll={{ x: 1200 }}
            locale={menus.isError ? { emptyText: <LoadError onRetry={() => void menus.refetch()} /> } : undefined}
          />
        )}
      </Panel>
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        url={menuApi.importUrl(systemId)}
        accept=".bm"
        extraFields={{ category }}
        parentTree={importParents}
        onImported={() => {
          setImporting(false);
          refresh();
        }}
      />
      <MenuForm
        key={`${form.row?.id ?? ''}-${form.parentId ?? ''}-${String(form.open)}`}
        open={form.open}
        row={form.row}
        parentId={form.parentId}
        systemId={systemId}
        category={category}
        menus={menus.data ?? []}
        onClose={() => setForm({ open: false })}
        onSaved={() => {
          setForm({ open: false });
          refresh();
        }}
      />
      <ItemsDrawer
        kind={items.kind}
        menu={items.menu}
        onClose={() => setItems({})}
        onKindChange={(kind) => setItems((current) => ({ ...current, kind }))}
      />
    </AdminPage>
  );
}
