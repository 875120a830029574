// The rows of a tree table (type 5): the page holds the top level; a row with children shows a placeholder child
// until it is opened, and opening it reads its children (List/{key}) once. A new top level (a search, another
// page, a refresh) forgets the levels read under the old one.
import { useEffect, useMemo, useState } from 'react';
import { showFailure } from '../../components/admin/notify';
import { modelApi, type ListBody, type ModelRow } from './api';

/** marks the row standing for children not read yet */
export const PLACEHOLDER = '__placeholder';

export const isPlaceholder = (row: ModelRow) => row[PLACEHOLDER] === true;

export function useTreeLevels(modelId: string, body: ListBody, rows: readonly ModelRow[]) {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ModelRow[]>>(new Map());
  const [expanded, setExpanded] = useState<string[]>([]);

  useEffect(() => {
    setLoaded(new Map());
    setExpanded([]);
  }, [rows]);

  const load = async (id: string) => {
    try {
      const list = await modelApi.children(modelId, id, body);
      setLoaded((map) => new Map(map).set(id, list));
    } catch (error) {
      showFailure(error);
      setExpanded((keys) => keys.filter((key) => key !== id));
    }
  };

  const onExpand = (open: boolean, row: ModelRow) => {
    if (isPlaceholder(row)) return;
    setExpanded((keys) =>
      open ? [...keys.filter((key) => key !== row.id), row.id] : keys.filter((k) => k !== row.id),
    );
    if (open && !loaded.has(row.id)) void load(row.id);
  };

  const data = useMemo(() => {
    const build = (row: ModelRow): ModelRow => {
      const children = loaded.get(row.id);
      const { children: _ignored, ...rest } = row;
      if (children) return children.length ? { ...rest, children: children.map(build) } : rest;
      return row.hasChildren === true
        ? { ...rest, children: [{ id: `${row.id}${PLACEHOLDER}`, [PLACEHOLDER]: true }] }
        : rest;
    };
    return rows.map(build);
  }, [rows, loaded]);

  return { data, expanded, onExpand };
}
