// The area tree as the list frame reads it: the top level (or the search results) loaded first, a branch's
// children when it opens; a reload keeps every open branch open.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '../../../components/admin';
import type { CrudSource } from '../../../components/crud/CrudList';
import { useKeyword } from '../../../components/crud/useQueryList';
import { areaApi, ROOT, type AreaRow } from './api';

export type TreeRow = AreaRow & { children?: TreeRow[] };

export function useAreaTree() {
  const { applied: keyword, ...searchBar } = useKeyword();
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

  /** opens the parent of a saved area before the reload, to show it */
  const openParent = (parentId: string) => {
    if (parentId !== ROOT && !expandedRef.current.includes(parentId) && children.has(parentId))
      expandedRef.current = [...expandedRef.current, parentId];
    setExpanded(expandedRef.current);
  };

  /** the name of a loaded area */
  const nameOf = (id: string) => [...children.values()].flat().find((row) => row.id === id)?.fullName ?? '';

  const source: CrudSource<TreeRow> = {
    ...searchBar,
    refresh: reload,
    tableProps: {
      dataSource: rows,
      loading: loading > 0,
      pagination: false,
      expandable: { expandedRowKeys: expanded, onExpand: (open, row) => void expand(open, row) },
      locale: error ? { emptyText: <LoadError onRetry={() => void reload()} /> } : undefined,
    },
  };
  return { ...source, openParent, nameOf };
}
