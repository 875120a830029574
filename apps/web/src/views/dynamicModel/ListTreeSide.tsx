// The tree beside a left-tree list (type 2): read from the source the design names (the server answers it), a
// node chosen filters the table by the design's relation field; the menu's 全部数据 shows every record again.
import type { ColumnDataJson } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { TreePanel } from '../../components/admin/TreePanel';
import { modelApi, modelKeys } from './api';
import { texts } from './texts';

export interface ListTreeSideProps {
  modelId: string;
  columnData: ColumnDataJson;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

export function ListTreeSide({ modelId, columnData, selectedId, onSelect }: ListTreeSideProps) {
  const t = texts.useText();
  const tree = useQuery({ queryKey: modelKeys.tree(modelId), queryFn: () => modelApi.tree(modelId) });
  return (
    <TreePanel
      title={columnData.treeTitle || t('treeTitle')}
      nodes={tree.data ?? []}
      loading={tree.isLoading}
      error={tree.isError}
      onRefresh={() => void tree.refetch()}
      selectedId={selectedId}
      onSelect={(node) => onSelect(node.id)}
      menuItems={[{ key: 'all', label: t('allRecords') }]}
      onMenuClick={(key) => key === 'all' && onSelect(undefined)}
    />
  );
}
