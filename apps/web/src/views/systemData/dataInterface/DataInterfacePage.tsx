// The data-interface screen (数据接口): the interface categories (dictionary DataInterfaceType) on the left,
// the paged list on the right (keyword, kind, state). New per kind (SQL, static data, API), edit in the full
// editor (loaded on demand), delete and the state toggle confirmed; in 更多: copy, export, preview,
// variables and the call log. Import takes an exported .bd file.
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  exportAndDownload,
  ImportDialog,
  kitTexts,
  LoadError,
  TreePanel,
  useDictionaries,
  useDictionary,
  type PagedTable,
} from '../../../components/admin';
import { CallLogDrawer } from '../../../components/callLog/CallLogDrawer';
import { CrudList } from '../../../components/crud/CrudList';
import { FilterSelect } from '../../../components/crud/FilterSelect';
import { Auth } from '../../../platform/auth/Auth';
import {
  interfaceApi,
  interfaceKeys,
  type InterfaceFilters,
  type InterfaceKind,
  type InterfaceParam,
  type InterfaceRow,
} from './api';
import { PreviewPane } from './PreviewPane';
import { texts } from './texts';
import { VariablesDrawer } from './VariablesDrawer';

// the editor brings CodeMirror: loaded only when an interface is opened
const InterfaceEditor = lazy(() => import('./Editor'));

const ALL = '__all';

export default function DataInterfacePage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const [category, setCategory] = useState('');
  const [importing, setImporting] = useState(false);
  const [logOf, setLogOf] = useState<InterfaceRow>();
  const [variablesOf, setVariablesOf] = useState<InterfaceRow>();
  const [previewOf, setPreviewOf] = useState<InterfaceRow>();
  const refresh = () => void client.invalidateQueries({ queryKey: interfaceKeys.list });
  const kinds = [
    { key: '1', label: t('kindSql') },
    { key: '2', label: t('kindStatic') },
    { key: '3', label: t('kindApi') },
  ];

  return (
    <CrudList<InterfaceRow, InterfaceFilters>
      title={t('title')}
      queryKey={interfaceKeys.list}
      url={interfaceApi.listUrl}
      initialFilters={{ category: '', type: '', enabledMark: '' }}
      showIndex
      columns={[
        { title: t('fullName'), dataIndex: 'fullName', width: 200, ellipsis: true },
        { title: t('enCode'), dataIndex: 'enCode', width: 160, ellipsis: true },
        { title: t('type'), dataIndex: 'type', width: 110 },
      ]}
      side={(table) => (
        <CategoryTree
          selected={category}
          onSelect={(id) => {
            setCategory(id);
            table.setFilter('category', id);
          }}
        />
      )}
      filters={(table) => <Filters table={table} />}
      kinds={kinds}
      toggle={(row) => interfaceApi.toggle(row.id)}
      remove={(row) => interfaceApi.remove(row.id)}
      more={(row, { confirm, refresh: reload }) => [
        {
          key: 'copy',
          label: t('copy'),
          code: 'btn_add',
          onClick: () => confirm(t('copyTip'), { action: () => interfaceApi.copy(row.id), onDone: reload }),
        },
        {
          key: 'export',
          label: k('export'),
          code: 'btn_export',
          onClick: () => void exportAndDownload(interfaceApi.exportUrl(row.id)),
        },
        { key: 'preview', label: t('preview'), onClick: () => setPreviewOf(row) },
        { key: 'variables', label: t('variables'), onClick: () => setVariablesOf(row) },
        { key: 'log', label: t('log'), onClick: () => setLogOf(row) },
      ]}
      toolbar={
        <Auth code="btn_import">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {k('import')}
          </Button>
        </Auth>
      }
      renderForm={(slot) =>
        slot.open ? (
          <Suspense fallback={null}>
            <InterfaceEditor
              key={slot.id ?? `new-${slot.kind}`}
              target={
                slot.id
                  ? { id: slot.id }
                  : { kind: Number(slot.kind ?? 2) as InterfaceKind, category: category || undefined }
              }
              onClose={slot.onClose}
              onSaved={refresh}
            />
          </Suspense>
        ) : null
      }
    >
      {() => (
        <>
          <ImportDialog
            open={importing}
            onClose={() => setImporting(false)}
            title={t('importTitle')}
            url={interfaceApi.importUrl}
            accept=".bd,.json"
            onImported={refresh}
          />
          <PreviewDialog row={previewOf} onClose={() => setPreviewOf(undefined)} />
          <VariablesDrawer row={variablesOf} onClose={() => setVariablesOf(undefined)} />
          <CallLogDrawer
            open={!!logOf}
            url={interfaceApi.logUrl(logOf?.id ?? '')}
            title={logOf ? t('logTitle', { name: logOf.fullName }) : undefined}
            onClose={() => setLogOf(undefined)}
          />
        </>
      )}
    </CrudList>
  );
}

function CategoryTree({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const t = texts.useText();
  const all = useDictionaries();
  const categories = useDictionary('DataInterfaceType');
  const nodes = useMemo(() => [{ id: ALL, fullName: t('allCategories') }, ...categories.items], [categories.items, t]);
  return (
    <TreePanel
      title={t('categoryTree')}
      nodes={nodes}
      loading={all.isFetching}
      error={all.isError}
      onRefresh={() => void all.refetch()}
      selectedId={selected || ALL}
      onSelect={(node) => onSelect(node.id === ALL ? '' : node.id)}
    />
  );
}

function Filters({ table }: { table: PagedTable<InterfaceRow, InterfaceFilters> }) {
  const t = texts.useText();
  const k = kitTexts.useText();
  return (
    <>
      <FilterSelect
        table={table}
        name="type"
        label={t('type')}
        all={t('allTypes')}
        width={140}
        options={[
          { value: '1', label: t('kindSql') },
          { value: '2', label: t('kindStatic') },
          { value: '3', label: t('kindApi') },
        ]}
      />
      <FilterSelect
        table={table}
        name="enabledMark"
        label={t('state')}
        all={t('allStates')}
        width={120}
        options={[
          { value: '1', label: k('enabled') },
          { value: '0', label: k('disabled') },
        ]}
      />
    </>
  );
}

/** 预览 of a row: the saved interface with its parameters (GetParam) */
function PreviewDialog({ row, onClose }: { row?: InterfaceRow; onClose: () => void }) {
  const t = texts.useText();
  const params = useQuery({
    queryKey: ['systemData', 'dataInterface', 'params', row?.id],
    queryFn: () => interfaceApi.params(row!.id),
    enabled: !!row,
    gcTime: 0,
  });
  return (
    <Modal
      open={!!row}
      title={row ? t('previewTitle', { name: row.fullName }) : ''}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      {row &&
        (params.isError ? (
          <LoadError onRetry={() => void params.refetch()} />
        ) : params.data ? (
          <PreviewPane interfaceId={row.id} params={params.data as InterfaceParam[]} />
        ) : null)}
    </Modal>
  );
}
