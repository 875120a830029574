// The tree beside a left-tree list (type 2), read from the source its design names — a dictionary's enabled
// items, the enabled companies and departments, or a data interface's rows — never from the caller's input, so
// the call reads nothing the page would not show. Nodes are {id, fullName, children}; the id is what a chosen
// node filters the relation field by (a dictionary item's id, or its code when treePropsValue is "enCode").
import { listTypeOf, type Language, type ListTreeNode } from '@jnpf/core';
import type { AppContext, Principal } from '../../../platform/context.js';
import { refuse } from '../../../platform/errors.js';
import { executeInterface, interfaceById } from '../../dataInterface/index.js';
import { keptDictionary } from '../../dictionary/index.js';
import { organizeIndex } from '../../organize/index.js';
import { m } from '../messages.js';
import type { Model } from './model.js';
import { callerOf } from './records.js';

/** a tree holds at most this many nodes (a larger interface answer is cut) */
const MAX_NODES = 5000;

/** nodes under their parents (by parentId; an unknown parent puts a node at the top), in the order given */
function nest(rows: readonly { id: string; parentId: string; fullName: string }[]): ListTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { id: r.id, fullName: r.fullName } as ListTreeNode]));
  const top: ListTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== r.id ? nodes.get(r.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else top.push(node);
  }
  return top;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** an interface's answer as nodes: its rows (or their `list`) with value, label and children keys of the design */
function interfaceNodes(data: unknown, keys: { value: string; label: string; children: string }): ListTreeNode[] {
  let count = 0;
  const walk = (list: unknown): ListTreeNode[] => {
    const out: ListTreeNode[] = [];
    for (const item of Array.isArray(list) ? list : []) {
      if (count >= MAX_NODES || !item || typeof item !== 'object') continue;
      const row = item as Record<string, unknown>;
      const id = text(row[keys.value]);
      if (!id) continue;
      count++;
      const children = walk(row[keys.children]);
      out.push({ id, fullName: text(row[keys.label]) || id, ...(children.length ? { children } : {}) });
    }
    return out;
  };
  return walk(Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list);
}

export async function listTree(
  app: AppContext,
  principal: Principal,
  model: Model,
  lang: Language,
): Promise<ListTreeNode[]> {
  const list = model.list;
  if (listTypeOf(list) !== 2) throw refuse(m.treeNotList);
  const prop = (key: string, fallback: string) =>
    typeof list[key] === 'string' && list[key] ? (list[key] as string) : fallback;
  if (list.treeDataSource === 'dictionary') {
    const kept = await keptDictionary(app, String(list.treeDictionary ?? ''));
    if (!kept) return [];
    const byCode = prop('treePropsValue', 'id') === 'enCode';
    const enabled = kept.items.filter((item) => item.enabledMark === 1);
    const valueOf = new Map(enabled.map((item) => [item.id, byCode ? item.enCode : item.id]));
    return nest(
      enabled.map((item) => ({
        id: valueOf.get(item.id)!,
        parentId: valueOf.get(item.parentId) ?? '',
        fullName: item.fullName,
      })),
    );
  }
  if (list.treeDataSource === 'organize' || list.treeDataSource === 'department') {
    const index = await organizeIndex(app, lang);
    return nest(index.ordered.filter((n) => n.enabledMark === 1));
  }
  if (list.treeDataSource === 'api') {
    const row = await interfaceById(app.db, String(list.treeInterfaceId ?? ''));
    if (!row || row.enabledMark !== 1) throw refuse(m.treeUnavailable, { reason: String(list.treeInterfaceId ?? '') });
    const data = await executeInterface({ app, caller: callerOf(principal) }, row, { params: {} });
    return interfaceNodes(data, {
      value: prop('treePropsValue', 'id'),
      label: prop('treePropsLabel', 'fullName'),
      children: prop('treePropsChildren', 'children'),
    });
  }
  throw refuse(m.treeSourceInvalid);
}
