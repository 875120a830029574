// The items of one dictionary category on the list frame: keyword search, a table (nested when the category is a
// tree) and the item dialog (its columns in data.tsx). The dictionary screen shows it beside its category tree; a dictionary menu (type 4) shows it alone.
// Buttons follow the menu the view was opened from. Items can be imported from a sheet (the shared wizard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  kitTexts,
  LoadError,
  parentIds,
  useClearDictionaryCache,
  withoutEmptyChildren,
} from '../../../components/admin';
import { CrudFrame, type CrudSource } from '../../../components/crud/CrudList';
import { useKeyword } from '../../../components/crud/useQueryList';
import { SheetImportWizard } from '../../../components/sheetImport';
import { Auth } from '../../../platform/auth/Auth';
import { dictionaryApi, dictionaryKeys, type ItemRow } from './api';
import { useItemColumns, useItemTail } from './data';
import { ItemForm } from './ItemForm';

interface Props {
  /** the category; empty while none is chosen */
  typeId: string;
  isTree: boolean;
  /** shown above the table */
  title: string;
  /** shown instead of the table while there is no category */
  noCategory?: ReactNode;
  /** the category list is still loading */
  categoryLoading?: boolean;
  /** after any change (this pane's lists are reloaded already) */
  onChanged?: () => void;
}

/** the items of a category (all of them, nested when it is a tree) as the list frame reads them */
function useItemList(typeId: string, isTree: boolean, categoryLoading: boolean, onChanged?: () => void) {
  const client = useQueryClient();
  const clearDictionaries = useClearDictionaryCache();
  const { applied: keyword, ...searchBar } = useKeyword();
  const { reset } = searchBar;
  // a new category starts without a keyword
  useEffect(() => reset(), [typeId, reset]);

  const items = useQuery({
    queryKey: [...dictionaryKeys.items(typeId), keyword, isTree],
    queryFn: () => dictionaryApi.items(typeId, keyword, isTree),
    enabled: Boolean(typeId),
  });
  const rows = useMemo(() => withoutEmptyChildren(items.data ?? []), [items.data]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => setExpanded(parentIds(items.data ?? [])), [items.data]);

  /** after any change: reload the lists and clear the shared dictionary cache */
  const changed = useCallback(async () => {
    void client.invalidateQueries({ queryKey: dictionaryKeys.all });
    void clearDictionaries();
    onChanged?.();
  }, [client, clearDictionaries, onChanged]);

  const source: CrudSource<ItemRow> = {
    ...searchBar,
    refresh: changed,
    tableProps: {
      dataSource: rows,
      loading: items.isFetching || categoryLoading,
      pagination: false,
      expandable: isTree
        ? { expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }
        : undefined,
      locale: items.isError ? { emptyText: <LoadError onRetry={() => void items.refetch()} /> } : undefined,
    },
  };
  return source;
}

export function DictionaryItems({ typeId, isTree, title, noCategory, categoryLoading = false, onChanged }: Props) {
  const list = useItemList(typeId, isTree, categoryLoading, onChanged);
  const columns = useItemColumns();
  const tail = useItemTail();
  const k = kitTexts.useText();
  const [importing, setImporting] = useState(false);
  return (
    <>
      {typeId && (
        <SheetImportWizard
          open={importing}
          base={dictionaryApi.itemImportBase(typeId)}
          onClose={() => setImporting(false)}
          onImported={() => void list.refresh()}
        />
      )}
      <CrudFrame<ItemRow, CrudSource<ItemRow>>
        embedded
        title={title}
        table={list}
        columns={columns}
        tail={tail}
        toggle={(row) => dictionaryApi.toggleItem(row.id)}
        remove={(row) => dictionaryApi.deleteItem(row.id)}
        addChild={isTree}
        rootParentId="0"
        addDisabled={!typeId}
        toolbar={
          <Auth code="btn_import">
            <Button icon={<UploadOutlined />} disabled={!typeId} onClick={() => setImporting(true)}>
              {k('import')}
            </Button>
          </Auth>
        }
        hideEmptyActions
        actionsWidth={isTree ? 200 : 160}
        placeholder={!typeId && !categoryLoading ? (noCategory ?? <Empty />) : undefined}
        renderForm={(slot) => (typeId ? <ItemForm {...slot} typeId={typeId} isTree={isTree} /> : null)}
        scrollX={640}
      />
    </>
  );
}
