// The items of one dictionary category: keyword search, a table (nested when the category is a tree) and the
// item dialog. The dictionary screen shows it beside its category tree; a dictionary menu (type 4) shows it alone.
// Buttons follow the menu the view was opened from.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  EnabledTag,
  kitTexts,
  LoadError,
  Panel,
  parentIds,
  SearchBar,
  Toolbar,
  useClearDictionaryCache,
  useConfirmAction,
  withoutEmptyChildren,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { dictionaryApi, dictionaryKeys, type ItemRow } from './api';
import { ItemForm } from './ItemForm';
import { texts } from './texts';

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

export function DictionaryItems({ typeId, isTree, title, noCategory, categoryLoading = false, onChanged }: Props) {
  const t = texts.useText();
  const k = kitTexts.useText();
  const client = useQueryClient();
  const clearDictionaries = useClearDictionaryCache();
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();
  const canEdit = useAuth('btn_edit');
  const canAdd = useAuth('btn_add');
  const canRemove = useAuth('btn_remove');
  // a member who may change nothing sees no empty actions column
  const hasActions = canEdit || canRemove || (isTree && canAdd);

  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  // a new category starts without a keyword
  useEffect(() => {
    setKeywordInput('');
    setKeyword('');
  }, [typeId]);

  const items = useQuery({
    queryKey: [...dictionaryKeys.items(typeId), keyword, isTree],
    queryFn: () => dictionaryApi.items(typeId, keyword, isTree),
    enabled: Boolean(typeId),
  });
  const rows = useMemo(() => withoutEmptyChildren(items.data ?? []), [items.data]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => setExpanded(parentIds(items.data ?? [])), [items.data]);
  const [form, setForm] = useState<{ open: boolean; id?: string; parentId?: string }>({ open: false });

  /** after any change: reload the lists and clear the shared dictionary cache */
  const changed = useCallback(() => {
    void client.invalidateQueries({ queryKey: dictionaryKeys.all });
    void clearDictionaries();
    onChanged?.();
  }, [client, clearDictionaries, onChanged]);

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
  ];
  if (hasActions)
    columns.push({
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
    });

  return (
    <>
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
          left={title}
          right={
            <Auth code="btn_add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!typeId}
                onClick={() => setForm({ open: true, parentId: '0' })}
              >
                {k('add')}
              </Button>
            </Auth>
          }
        />
        {!typeId && !categoryLoading ? (
          (noCategory ?? <Empty />)
        ) : (
          <Table<ItemRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={items.isFetching || categoryLoading}
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
      {typeId && (
        <ItemForm
          open={form.open}
          typeId={typeId}
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
    </>
  );
}
