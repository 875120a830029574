// The dictionary selector: a tree select of the dictionary categories (the two top nodes group them and cannot be
// chosen), with an "add" button that opens the dictionary management screen in a dialog 80% wide when the user may
// open that screen. Closing the dialog reloads the categories and the dictionary cache, so a dictionary just added
// can be chosen at once.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Spin, TreeSelect } from 'antd';
import { lazy, Suspense, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useRouteTable } from '../../app/routes/routeTable';
import type { PageLoader } from '../../app/routes/types';
import { ModuleContext } from '../../platform/auth/moduleContext';
import { http } from '../../platform/request';
import { DICTIONARY_QUERY_KEY } from '../admin/useDictionary';
import { dictionarySelectTexts } from './texts';

/** the screen the "add" button opens */
export const DICTIONARY_SCREEN = 'systemData/dictionary';
const TYPES_KEY = [...DICTIONARY_QUERY_KEY, 'types'] as const;
/** the synthetic top nodes of the category tree (business, system) */
const TOP_NODES: ReadonlySet<string> = new Set(['0', '1']);

interface CategoryNode {
  id: string;
  fullName: string;
  children?: CategoryNode[];
}
interface TreeNode {
  value: string;
  title: string;
  selectable: boolean;
  children?: TreeNode[];
}

const toTree = (nodes: readonly CategoryNode[]): TreeNode[] =>
  nodes.map((node) => ({
    value: node.id,
    title: node.fullName,
    selectable: !TOP_NODES.has(node.id),
    children: node.children?.length ? toTree(node.children) : undefined,
  }));

const lazyScreens = new Map<PageLoader, LazyExoticComponent<ComponentType>>();
function screenOf(load: PageLoader) {
  let screen = lazyScreens.get(load);
  if (!screen) lazyScreens.set(load, (screen = lazy(load)));
  return screen;
}

/** the dictionary screen's route, when the signed-in user may open it */
function useDictionaryScreen() {
  const routes = useRouteTable((state) => state.routes);
  return routes.find((r) => r.content.kind === 'page' && r.content.viewKey === DICTIONARY_SCREEN && r.content.load);
}

export function DictionaryTypeSelect({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange: (id: string) => void;
  placeholder?: string;
}) {
  const t = dictionarySelectTexts.useText();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const types = useQuery({
    queryKey: TYPES_KEY,
    queryFn: async () => (await http.get<{ list: CategoryNode[] }>('/api/system/DictionaryType')).data?.list ?? [],
  });
  const tree = useMemo(() => toTree(types.data ?? []), [types.data]);
  const route = useDictionaryScreen();
  const Screen = route?.content.kind === 'page' && route.content.load ? screenOf(route.content.load) : null;

  return (
    <Space.Compact style={{ width: '100%' }}>
      <TreeSelect
        id={id}
        style={{ width: '100%' }}
        value={value || undefined}
        placeholder={placeholder ?? t('choose')}
        loading={types.isLoading}
        treeData={tree}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        onChange={(next: string) => onChange(next)}
      />
      {Screen && route && (
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('add')}
        </Button>
      )}
      {Screen && route && (
        <Modal
          open={open}
          title={route.meta.title}
          width="80%"
          footer={null}
          mask={{ closable: false }}
          destroyOnHidden
          onCancel={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: DICTIONARY_QUERY_KEY });
          }}
        >
          <ModuleContext.Provider value={{ menuId: route.meta.menuId, title: route.meta.title }}>
            <Suspense fallback={<Spin />}>
              <Screen />
            </Suspense>
          </ModuleContext.Provider>
        </Modal>
      )}
    </Space.Compact>
  );
}
