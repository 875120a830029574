// The area screen: a tree table loaded level by level (children when a node opens), a search over every
// area, add (top level or below a row), edit, delete (refused while an area has sub-areas: the server
// says so) and the state toggle.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  AdminPage,
  EnabledTag,
  kitTexts,
  LoadError,
  Panel,
  SearchBar,
  Toolbar,
  useConfirmAction,
} from '../../../components/admin';
import { Auth, useAuth } from '../../../platform/auth/Auth';
import { areaApi, ROOT, type AreaRow } from './api';
import { AreaForm } from './AreaForm';
import { texts } from './texts';

type TreeRow = AreaRow & { children?: TreeRow[] };

export default function AreaPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const canEdit = useAuth('btn_edit');
  const { confirmDelete, confirmToggle, holder } = useConfirmAction();

  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  /** loaded children by parent id; ROOT holds the top level (or the search results) */
  const [children, setChildren] = useState<Map<string, AreaRow[]>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(0);
  const [error, setError] = useState(false);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const keywordRef = useRef(keyword);
  keywordRef.current = keyword;

  const track = useCallback(async <T,>(work: Promise<T>) => {
    setLoading((n) => n + 1);
    try {
      return await work;
    } finally {
      setLoading((n) => n - 1);
    }
  }, []);

  /** reloads the top level (or the search) and every open branch, keeping what is open */
  const reload = useCallback(async () => {
    const open = expandedRef.current;
    try {
      const ids = [ROOT, ...open];
      const lists = await track(
        Promise.all(ids.map((id) => (id === ROOT ? areaApi.children(ROOT, keywordRef.current) : areaApi.children(id)))),
      );
      setChildren(new Map(ids.map((id, i) => [id, lists[i]!])));
      setError(false);
    } catch {
      setError(true);
    }
  }, [track]);

  useEffect(() => {
    setExpanded([]);
    expandedRef.current = [];
    void reload();
  }, [keyword, reload]);

  const expand = async (open: boolean, row: TreeRow) => {
    if (!open) {
      setExpanded((keys) => keys.filter((key) => key !== row.id));
      return;
    }
    if (!children.has(row.id)) {
      try {
        const list = await track(areaApi.children(row.id));
        setChildren((map) => new Map(map).set(row.id, list));
      } catch {
        return;
      }
    }
    setExpanded((keys) => [...keys, row.id]);
  };

  const rows = useMemo(() => {
    const build = (list: readonly AreaRow[], depth: number): TreeRow[] =>
      list.map((row) => {
        const loaded = children.get(row.id);
        return {
          ...row,
          children: loaded ? (loaded.length ? build(loaded, depth + 1) : undefined) : row.hasChildren ? [] : undefined,
        };
      });
    return build(children.get(ROOT) ?? [], 0);
  }, [children]);

  const [form, setForm] = useState<{ open: boolean; id?: string; parent?: { id: string; fullName: string } }>({
    open: false,
  });

  const afterSave = async (parentId: string) => {
    setForm({ open: false });
    // show the saved area: open its parent
    if (parentId !== ROOT && !expandedRef.current.includes(parentId) && children.has(parentId))
      expandedRef.current = [...expandedRef.current, parentId];
    setExpanded(expandedRef.current);
    await reload();
  };

  const columns: TableColumnsType<TreeRow> = [
    { title: t('fullName'), dataIndex: 'fullName', ellipsis: true },
    { title: t('enCode'), dataIndex: 'enCode', width: 160 },
    { title: t('sortCode'), dataIndex: 'sortCode', width: 80, align: 'center' },
    {
      title: t('enabledMark'),
      dataIndex: 'enabledMark',
      width: 90,
      align: 'center',
      render: (mark: number) => <EnabledTag mark={mark} />,
    },
    {
      title: k('actions'),
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          <Auth code="btn_add">
            <Button
              type="link"
              size="small"
              onClick={() => setForm({ open: true, parent: { id: row.id, fullName: row.fullName } })}
            >
              {t('addChild')}
            </Button>
          </Auth>
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
                confirmToggle(row.enabledMark === 1, { action: () => areaApi.toggle(row.id), onDone: reload })
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
              onClick={() => confirmDelete({ action: () => areaApi.remove(row.id), onDone: reload })}
            >
              {k('remove')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <AdminPage>
      {holder}
      <Panel>
        <SearchBar
          keyword={keywordInput}
          placeholder={t('searchPlaceholder')}
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
          left={t('title')}
          right={
            <Space size={8}>
              <Auth code="btn_add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                  {k('add')}
                </Button>
              </Auth>
              <Button onClick={() => void reload()}>{k('refresh')}</Button>
            </Space>
          }
        />
        <Table<TreeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={loading > 0}
          pagination={false}
          expandable={{ expandedRowKeys: expanded, onExpand: (open, row) => void expand(open, row) }}
          locale={error ? { emptyText: <LoadError onRetry={() => void reload()} /> } : undefined}
          scroll={{ x: 760 }}
        />
      </Panel>
      <AreaForm
        open={form.open}
        id={form.id}
        parent={form.parent}
        onClose={() => setForm({ open: false })}
        onSaved={(parentId) => void afterSave(parentId)}
      />
    </AdminPage>
  );
}
