// The organisation tree as the list frame reads it: the top level first, a node's children when it opens
// (GET /api/permission/Organize/AsyncList/{id}); a keyword searches the whole tree. A reload keeps what is open.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LoadError, parentIds } from '../../../components/admin';
import type { CrudSource } from '../../../components/crud/CrudList';
import { organizeApi, type OrganizeRow } from './api';

const ROOT = '-1';

export function useOrganizeTree() {
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [roots, setRoots] = useState<OrganizeRow[]>([]);
  const [loaded, setLoaded] = useState<Record<string, OrganizeRow[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);

  const load = useCallback(async (search: string, keepOpen: string[]) => {
    setLoading(true);
    setError(false);
    try {
      if (search) {
        const found = await organizeApi.search(search);
        setRoots(found);
        setLoaded({});
        setExpanded(parentIds(found));
      } else {
        const [top, ...opened] = await Promise.all([
          organizeApi.children(ROOT),
          ...keepOpen.map((id) => organizeApi.children(id).catch(() => [] as OrganizeRow[])),
        ]);
        setRoots(top ?? []);
        setLoaded(Object.fromEntries(keepOpen.map((id, i) => [id, opened[i] ?? []])));
      }
    } catch {
      setError(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!applied) setExpanded([]);
    void load(applied, []);
  }, [applied, load]);

  const refresh = () => void load(applied, applied ? [] : expanded);

  const data = useMemo(() => {
    const build = (rows: readonly OrganizeRow[]): OrganizeRow[] =>
      rows.map((row) => {
        if (applied) return { ...row, children: row.children?.length ? build(row.children) : undefined };
        const children = loaded[row.id];
        return {
          ...row,
          children: children ? (children.length ? build(children) : undefined) : row.hasChildren ? [] : undefined,
        };
      });
    return build(roots);
  }, [roots, loaded, applied]);

  const onExpand = async (open: boolean, row: OrganizeRow) => {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((key) => key !== row.id)));
    if (!open || applied || loaded[row.id]) return;
    try {
      const children = await organizeApi.children(row.id);
      setLoaded((map) => ({ ...map, [row.id]: children }));
    } catch {
      setExpanded((keys) => keys.filter((key) => key !== row.id));
    }
  };

  /** after a save: open the parent the record went under and reload */
  const savedUnder = (parentId?: string) => {
    if (parentId && !expanded.includes(parentId)) setExpanded((keys) => [...keys, parentId]);
    void load(applied, applied ? [] : [...new Set([...expanded, ...(parentId ? [parentId] : [])])]);
  };

  const source: CrudSource<OrganizeRow> = {
    keyword,
    setKeyword,
    search: () => setApplied(keyword.trim()),
    reset: () => {
      setKeyword('');
      setApplied('');
    },
    refresh: () => load(applied, applied ? [] : expanded),
    tableProps: {
      dataSource: data,
      loading,
      pagination: false,
      expandable: { expandedRowKeys: expanded, onExpand: (open, row) => void onExpand(open, row) },
      locale: error ? { emptyText: <LoadError onRetry={refresh} /> } : undefined,
    },
  };
  return { ...source, savedUnder };
}
