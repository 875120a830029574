// A list link: the shared search conditions, a paged table of the shared columns, and a record's shared
// values in a dialog. Nothing else of the records reaches the visitor (the server sends only these). The table
// follows the design as the signed-in list does (the same helpers): columns under their complex headers, number
// columns with thousands separators, and the 合计 row over the page; the server sends these settings over the
// shared columns only, a masked field never in summaryField.
import type { ColumnDataJson } from '@jnpf/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/admin/states';
import { displayText } from '../../../widgets/values';
import type { ModelRow } from '../api';
import { headerColumns } from '../listHeaders';
import { summaryOf, thousandsOf } from '../ListSummaryRow';
import { dataColumnMap, listTableProps } from '../listTable';
import { initialSearchOf } from '../model';
import { ModelSearch } from '../ModelSearch';
import { useModelList, type ListSource } from '../useModelList';
import type { LinkApi } from './api';
import styles from './FormShortLink.module.css';
import { texts } from './texts';

function RecordDialog({
  modelId,
  api,
  columnData,
  id,
  onClose,
}: {
  modelId: string;
  api: LinkApi;
  columnData: ColumnDataJson;
  id: string;
  onClose: () => void;
}) {
  const t = texts.useText();
  const record = useQuery({ queryKey: ['shortLink', modelId, 'list', 'record', id], queryFn: () => api.shown(id) });
  return (
    <Modal
      open
      title={t('detail')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      width={640}
    >
      {record.isLoading ? (
        <Spin />
      ) : record.isError ? (
        <LoadError onRetry={() => void record.refetch()} />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={columnData.columnList.map((column) => ({
            key: column.prop,
            label: column.label,
            children: displayText(record.data?.[column.prop]),
          }))}
        />
      )}
    </Modal>
  );
}

export function PublicList({
  api,
  modelId,
  columnData,
}: {
  api: LinkApi;
  modelId: string;
  columnData: ColumnDataJson;
}) {
  const t = texts.useText();
  const [initialSearch] = useState(() => initialSearchOf(columnData.searchList));
  const source: ListSource = useMemo(
    () => ({ queryKey: ['shortLink', modelId, 'list'], load: (body, signal) => api.list(body, signal) }),
    [api, modelId],
  );
  const list = useModelList({ modelId, menuId: '', columnData, initialQuery: initialSearch, source });
  const [viewing, setViewing] = useState<string | null>(null);
  const shown = columnData.columnList;
  const thousands = useMemo(() => thousandsOf(shown, columnData), [shown, columnData]);
  const byProp = dataColumnMap(shown, list.state.sidx, list.state.sort, thousands);
  const layout = headerColumns<ModelRow>(shown, columnData.complexHeaderList, (c) => byProp.get(c.prop)!);
  const columns = [
    ...layout.columns,
    {
      key: '__actions',
      title: t('actions'),
      fixed: 'right' as const,
      width: 72,
      render: (_value: unknown, row: ModelRow) => (
        <Button type="link" size="small" onClick={() => setViewing(row.id)}>
          {t('detail')}
        </Button>
      ),
    },
  ];
  return (
    <div className={styles.body}>
      {columnData.searchList.length > 0 && (
        <div style={{ marginBottom: 16 }}>
          <ModelSearch searchList={columnData.searchList} initialValues={initialSearch} onSearch={list.search} />
        </div>
      )}
      <Table<ModelRow>
        {...listTableProps(list, { total: (total) => t('total', { total }) })}
        columns={columns}
        summary={summaryOf<ModelRow>({
          options: columnData,
          records: list.rows,
          shown,
          order: layout.order,
          actions: true,
        })}
      />
      {viewing && (
        <RecordDialog
          modelId={modelId}
          api={api}
          columnData={columnData}
          id={viewing}
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}
