// The dictionary management screen: categories on the left (字典分类), the items
// of the chosen category on the right, nested when the category is a tree. Every change clears the shared
// dictionary cache.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AdminPage, findNode, kitTexts, TreePanel, useClearDictionaryCache } from '../../../components/admin';
import { dictionaryApi, dictionaryKeys, isRootCategory, type CategoryNode } from './api';
import { CategoryDrawer } from './CategoryDrawer';
import { DictionaryItems } from './DictionaryItems';
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

  const categories = useQuery({ queryKey: dictionaryKeys.categories, queryFn: dictionaryApi.categories });
  const roots = useMemo(() => categories.data ?? [], [categories.data]);
  const [typeId, setTypeId] = useState('');
  const category = typeId ? findNode(roots, typeId) : undefined;

  // choose the first category once loaded, and again when the chosen one is gone
  useEffect(() => {
    if (categories.data && (!typeId || !findNode(categories.data, typeId)))
      setTypeId(firstCategory(categories.data)?.id ?? '');
  }, [categories.data, typeId]);

  const [drawerOpen, setDrawerOpen] = useState(false);

  /** after a category change: reload this screen's lists and clear the shared dictionary cache */
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: dictionaryKeys.all });
    void clearDictionaries();
  }, [client, clearDictionaries]);

  const side = (
    <TreePanel<CategoryNode>
      title={t('treeTitle')}
      nodes={roots}
      loading={categories.isFetching}
      error={categories.isError}
      onRefresh={() => void categories.refetch()}
      selectedId={typeId}
      onSelect={(node) => setTypeId(node.id)}
      isSelectable={(node) => !isRootCategory(node.id)}
      menuItems={[{ key: 'manage', label: t('categoryManage') }]}
      onMenuClick={(key) => key === 'manage' && setDrawerOpen(true)}
    />
  );

  return (
    <AdminPage side={side}>
      <DictionaryItems
        typeId={category?.id ?? ''}
        isTree={category?.isTree === 1}
        title={category?.fullName ?? ''}
        categoryLoading={categories.isLoading}
        noCategory={<Empty description={categories.isError ? k('loadFailed') : t('chooseCategory')} />}
      />
      <CategoryDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        categories={roots}
        loading={categories.isFetching}
        error={categories.isError}
        onRefresh={() => void categories.refetch()}
        onChanged={changed}
      />
    </AdminPage>
  );
}
