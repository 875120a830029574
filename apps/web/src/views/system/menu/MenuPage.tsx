// The menu screen (system/menu): the applications on the left; on the right the chosen application's Web or
// App menus as a tree (keyword) on the list frame (its columns in data.tsx), with edit and delete in the row
// and under 更多 add under a directory, enable/disable, the menu's permission items (buttons, list columns,
// form fields, data-permission schemes and the fields they filter on) and export; import in the toolbar.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { exportAndDownload, findNode, ImportDialog, kitTexts, TreePanel } from '../../../components/admin';
import { CrudFrame } from '../../../components/crud/CrudList';
import { useQueryList, type QueryList } from '../../../components/crud/useQueryList';
import { toTreeData } from '../../../components/directory/trees';
import { Auth } from '../../../platform/auth/Auth';
import { menuApi, type ItemKind, type MenuRow } from './api';
import { MENU_TAIL, useItemKinds, useMenuColumns } from './data';
import { ItemsDrawer } from './ItemsDrawer';
import { MenuForm } from './MenuForm';
import { texts } from './texts';

export default function MenuPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const columns = useMenuColumns();
  const kinds = useItemKinds();
  const systems = useQuery({ queryKey: ['system', 'menu', 'systems'], queryFn: menuApi.systems });
  const [systemId, setSystemId] = useState('');
  const [category, setCategory] = useState<'Web' | 'App'>('Web');
  const [items, setItems] = useState<{ kind?: ItemKind; menu?: MenuRow }>({});
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (!systemId && systems.data?.length) setSystemId(systems.data[0]!.id);
  }, [systems.data, systemId]);

  const table = useQueryList<MenuRow>({
    queryKey: ['system', 'menu', 'list', systemId, category],
    load: (keyword) => menuApi.list(systemId, category, keyword),
    enabled: !!systemId,
    tree: true,
  });
  // where an imported menu goes: the top, or one of this side's menus
  const importParents = useMemo(
    () => [{ value: '-1', title: t('topLevel'), key: '-1' }, ...toTreeData(table.rows as never)],
    [table.rows, t],
  );

  return (
    <CrudFrame<MenuRow, QueryList<MenuRow>>
      title={
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
      table={table}
      showIndex
      columns={columns}
      tail={MENU_TAIL}
      toggle={(row) => menuApi.toggle(row.id)}
      remove={(row) => menuApi.remove(row.id)}
      addChild={(row) => row.type === 1}
      more={(row) => [
        ...(row.type === 1
          ? []
          : kinds.map(({ kind, label, flag }) => ({
              key: kind,
              label,
              disabled: row[flag] !== 1,
              onClick: () => setItems({ kind, menu: row }),
            }))),
        {
          key: 'export',
          label: k('export'),
          code: 'btn_export',
          onClick: () => void exportAndDownload(menuApi.exportUrl(row.id)),
        },
      ]}
      addDisabled={!systemId}
      toolbar={
        <Auth code="btn_import">
          <Button icon={<UploadOutlined />} disabled={!systemId} onClick={() => setImporting(true)}>
            {k('import')}
          </Button>
        </Auth>
      }
      placeholder={!systemId && !systems.isLoading ? <Empty description={t('noSystem')} /> : undefined}
      side={() => (
        <TreePanel
          title={t('systems')}
          nodes={systems.data ?? []}
          loading={systems.isLoading}
          error={systems.isError}
          onRefresh={() => void systems.refetch()}
          selectedId={systemId}
          onSelect={(node) => setSystemId(node.id)}
        />
      )}
      renderForm={(slot) => {
        const row = slot.id ? findNode(table.rows, slot.id) : undefined;
        return (
          <MenuForm
            key={`${row?.id ?? ''}-${slot.parentId ?? ''}-${String(slot.open)}`}
            open={slot.open}
            row={row}
            parentId={slot.parentId}
            systemId={systemId}
            category={category}
            menus={table.rows}
            onClose={slot.onClose}
            onSaved={slot.onSaved}
          />
        );
      }}
    >
      {() => (
        <>
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            url={menuApi.importUrl(systemId)}
            accept=".bm"
            extraFields={{ category }}
            parentTree={importParents}
            onImported={() => {
              setImporting(false);
              void table.refresh();
            }}
          />
          <ItemsDrawer
            kind={items.kind}
            menu={items.menu}
            onClose={() => setItems({})}
            onKindChange={(kind) => setItems((current) => ({ ...current, kind }))}
          />
        </>
      )}
    </CrudFrame>
  );
}
