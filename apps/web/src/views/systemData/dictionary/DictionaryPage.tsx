// The dictionary management screen (administration.md §2.1): categories on the left (字典分类), the items
// of the chosen category on the right, nested when the category is a tree. Every change clears the shared
// dictionary cache.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  kitTexts,
  LoadError,
  Panel,
  parentIds,
  SearchBar,
  Toolbar,
  TreePanel,
  findNode,
  useClearDictionaryCache,
  useConfirmAction,
  withoutEmptyChildren,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { dictionaryApi, dictionaryKeys, isRootCategory, type CategoryNode, type ItemRow } from './api';
import { CategoryDrawer } from './CategoryDrawer';
import { ItemForm } from './ItemForm';
import { texts } from './texts';

/** the first real category, business dictionaries first */
function firstCategory(roots: readonly CategoryNode[]): CategoryNode | undefined {
  for (const root of roots) if (root.children?.length) return root.children[0];
  return undefined;
}

export default function DictionaryPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const clearDictionaries = useClearDictionaryCache();
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const canEdit = useAuth('btn_edit');

  const categories = useQuery({ queryKey: dictionaryKeys.categories, queryFn: dictionaryApi.categories });
  const roots = useMemo(() => categories.data ?? [], [categories.data]);
  const [typeId, setTypeId] = useState('');
  const category = typeId ? findNode(roots, typeId) : undefined;
  const isTree = category?.isTree === 1;

  // choose the first category once loaded, and again when the chosen one is gone
  useEffect(() => {
    if (categories.data && (!typeId || !findNode(categories.data, typeId)))
      setTypeId(firstCategory(categories.data)?.id ?? '');
  }, [categories.data, typeId]);

  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const items = useQuery({
    queryKey: [...dictionaryKeys.items(typeId), keyword, isTree],
    queryFn: () => dictionaryApi.items(typeId, keyword, isTree),
    enabled: Boolean(category),
  });
  const rows = useMemo(() => withoutEmptyChildren(items.data ?? []), [items.data]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => setExpanded(parentIds(items.data ?? [])), [items.data]);

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [form, setForm] = useState<{ open: boolean; id?: string; parentId?: string }>({ open: false });

  /** after any change: reload this screen's lists and clear the shared dictionary cache */
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: dictionaryKeys.all });
    void clearDictionaries();
  }, [client, clearDictionaries]);

  const selectCategory = (node: CategoryNode) => {
    setTypeId(node.id);
    setKeywordInput('');
    setKeyword('');
  };

  const columns: TableColumnsType<ItemRow> = [
    { title: t('name'), dataIndex: 'fullName', ellipsis: true },
    { title: t('code'), dataIndex: 'enCode', ellipsis: true },
    { title: t('sort'), dataIndex: 'sortCode', width: 80, align: 'center' },
    {
      title: t('status'),
      dataIndex: 'enabledMark',
      width: 90,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: isTree ? 200 : 160,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {isTree && (
            <Auth code="btn_add">
              <Button type="link" size="small" onClick={() => setForm({ open: true, parentId: row.id })}>
                {k('add')}
              </Button>
            </Auth>
          )}
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
                confirmToggle(row.enabledMark === 1, {
                  action: () => dictionaryApi.toggleItem(row.id),
                  onDone: changed,
                })
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
              onClick={() => confirmDelete({ action: () => dictionaryApi.deleteItem(row.id), onDone: changed })}
            >
              {k('remove')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  const side = (
    <TreePanel<CategoryNode>
      title={t('treeTitle')}
      nodes={roots}
      loading={categories.isFetching}
      error={categories.isError}
      onRefresh={() => void categories.refetch()}
      selectedId={typeId}
      onSelect={selectCategory}
      isSelectable={(node) => !isRootCategory(node.id)}
      menuItems={[{ key: 'manage', label: t('categoryManage') }]}
      onMenuClick={(key) => key === 'manage' && setDrawerOpen(true)}
    />
  );

  return (
    <AdminPage side={side}>
      {holder}
      <Panel>
        <SearchBar
          keyword={keywordInput}
          onKeywordChange={setKeywordInput}
          onSearch={() => setKeyword(keywordInput.trim())}
          onReset={() => {
            setKeywordInput('');
            setKeyword('');
          }}
        />
      </Panel>
      <Panel grow>
        <Toolbar
          left={category?.fullName ?? ''}
          right={
            <Auth code="btn_add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!category}
                onClick={() => setForm({ open: true, parentId: '0' })}
              >
                {k('add')}
              </Button>
            </Auth>
          }
        />
        {!category && !categories.isLoading ? (
          <Empty description={categories.isError ? k('loadFailed') : t('chooseCategory')} />
        ) : (
          <Table<ItemRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={items.isFetching || categories.isLoading}
            pagination={false}
            expandable={
              isTree
                ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }
                : undefined
            }
            locale={items.isError ? { emptyText: <LoadError onRetry={() => void items.refetch()} /> } : undefined}
            scroll={{ x: 640 }}
          />
        )}
      </Panel>
      <CategoryDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        categories={roots}
        loading={categories.isFetching}
        error={categories.isError}
        onRefresh={() => void categories.refetch()}
        onChanged={changed}
      />
      {category && (
        <ItemForm
          open={form.open}
          typeId={category.id}
          isTree={isTree}
          id={form.id}
          parentId={form.parentId}
          onClose={() => setForm({ open: false })}
          onSaved={() => {
            setForm({ open: false });
            changed();
          }}
        />
      )}
    </AdminPage>
  );
}
