// The trees of the grant wizard, one per step (systems → menus → buttons / columns / forms / data schemes):
// systems at the root, a "WEB菜单" / "APP菜单" node per system side, the menus with their ancestors, and the
// items. The tree shows what the operator holds plus what the object already has; what the operator does
// not hold is disabled (it can be seen, not changed).
import { buildTree, buttonName, menuName, systemName, type Language, type Localized, type TreeNode } from '@jnpf/core';
import type { Catalogue } from '../../platform/catalogue.js';
import type { Grants } from '../../platform/grants.js';
import { operatorHolds, type ItemSets, type ItemType } from './grantSets.js';

export interface StepNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  type: string;
  category: string;
  sortCode: number;
  creatorTime: number;
  disabled: boolean;
}

export interface StepTree {
  list: TreeNode<StepNode>[];
  /** ids the object holds (the client checks them) */
  ids: string[];
  /** every id of the tree */
  all: string[];
}

const WEB_NODE = '2';
const APP_NODE = '1';
/** the synthetic node grouping one system's Web or App menus (the reference's ids) */
export const sideNodeId = (systemId: string, category: string) => systemId + (category === 'App' ? APP_NODE : WEB_NODE);

type ItemRow = { id: string; moduleId: string; fullName: string; enCode: string };
type Row = { sortCode?: number; creatorTime?: number; icon?: string | null };

/** the synthetic side nodes' names (the reference's Chinese in zh) */
const SIDE_NAMES: Record<'Web' | 'App', Localized> = {
  Web: { zh: 'WEB菜单', zhtw: 'WEB菜單', en: 'Web Menus' },
  App: { zh: 'APP菜单', zhtw: 'APP菜單', en: 'App Menus' },
};

const order = (a: StepNode, b: StepNode) => a.sortCode - b.sortCode || b.creatorTime - a.creatorTime;

function finish(nodes: StepNode[], held: Set<string>): StepTree {
  const unique = [...new Map(nodes.map((n) => [n.id, n])).values()];
  return {
    list: buildTree(unique, order),
    ids: unique.filter((n) => held.has(n.id)).map((n) => n.id),
    all: unique.map((n) => n.id),
  };
}

/**
 * One step of the wizard. `selected` are the ids checked at the step before: system ids for the menu step,
 * menu ids (with parents mixed in, as the client sends them) for the item steps.
 */
export function stepTree(
  cat: Catalogue,
  operator: Grants,
  held: ItemSets,
  step: ItemType,
  selected: ReadonlySet<string>,
  /** a read-only view of what the object holds: nothing else is shown, nothing is disabled */
  onlyHeld = false,
  /** the caller's language: built-in systems, menus and buttons are named in it */
  lang: Language = 'zh',
): StepTree {
  const holds = (type: ItemType) => (onlyHeld ? held[type] : operatorHolds(cat, operator, type));
  const ownsSystem = holds('system');
  const ownsModule = holds('module');
  const systemNodes = (ids: Iterable<string>) => {
    const wanted = new Set(ids);
    return cat.systems
      .filter((s) => wanted.has(s.id))
      .map((s): StepNode => ({
        id: s.id,
        parentId: '-1',
        fullName: systemName(s.enCode, s.fullName, lang),
        enCode: s.enCode,
        icon: s.icon ?? '',
        type: 'system',
        category: '',
        sortCode: s.sortCode,
        creatorTime: s.creatorTime,
        disabled: !ownsSystem.has(s.id),
      }));
  };

  if (step === 'system') {
    const shown = cat.systems.filter((s) => ownsSystem.has(s.id) || held.system.has(s.id)).map((s) => s.id);
    return finish(systemNodes(shown), held.system);
  }

  const moduleById = new Map(cat.modules.map((x) => [x.id, x]));
  /** menus (with ancestors) under their system side node, as tree nodes */
  const menuNodes = (moduleIds: Iterable<string>) => {
    const withChain = new Map<string, (typeof cat.modules)[number]>();
    for (const id of moduleIds) {
      let cursor = moduleById.get(id);
      while (cursor && !withChain.has(cursor.id)) {
        withChain.set(cursor.id, cursor);
        cursor = moduleById.get(cursor.parentId);
      }
    }
    const nodes: StepNode[] = [];
    const systems = new Set<string>();
    const sides = new Set<string>();
    for (const x of withChain.values()) {
      systems.add(x.systemId);
      const side = sideNodeId(x.systemId, x.category);
      const attached = x.parentId !== '-1' && withChain.has(x.parentId);
      nodes.push({
        id: x.id,
        parentId: attached ? x.parentId : side,
        fullName: menuName(x.enCode, x.fullName, lang),
        enCode: x.enCode,
        icon: x.icon ?? '',
        type: 'module',
        category: x.category,
        sortCode: x.sortCode,
        creatorTime: x.creatorTime,
        disabled: !ownsModule.has(x.id),
      });
      if (!sides.has(side)) {
        sides.add(side);
        nodes.push({
          id: side,
          parentId: x.systemId,
          fullName: SIDE_NAMES[x.category === 'App' ? 'App' : 'Web'][lang],
          enCode: '',
          icon: x.category === 'App' ? 'icon-ym icon-ym-mobile' : 'icon-ym icon-ym-pc',
          type: 'category',
          category: x.category,
          sortCode: x.category === 'App' ? 0 : -1,
          creatorTime: 0,
          disabled: !ownsSystem.has(x.systemId),
        });
      }
    }
    return [...systemNodes(systems), ...nodes];
  };

  if (step === 'module') {
    const shown = cat.modules
      .filter((x) => selected.has(x.systemId) && (ownsModule.has(x.id) || held.module.has(x.id)))
      .map((x) => x.id);
    return finish([...systemNodes(selected), ...menuNodes(shown)], held.module);
  }

  const itemsByModule: Map<string, ItemRow[]> =
    step === 'button'
      ? cat.buttonsByModule
      : step === 'column'
        ? cat.columnsByModule
        : step === 'form'
          ? cat.formsByModule
          : cat.schemesByModule;
  const owns = holds(step);
  const items: StepNode[] = [];
  const withItems = new Set<string>();
  for (const moduleId of selected) {
    if (!moduleById.has(moduleId)) continue;
    for (const item of itemsByModule.get(moduleId) ?? []) {
      if (!owns.has(item.id) && !held[step].has(item.id)) continue;
      const row = item as ItemRow & Row;
      withItems.add(moduleId);
      items.push({
        id: item.id,
        parentId: moduleId,
        fullName: step === 'button' ? buttonName(item.enCode, item.fullName, lang) : item.fullName,
        enCode: item.enCode,
        icon: row.icon ?? '',
        type: step,
        category: '',
        sortCode: row.sortCode ?? 0,
        creatorTime: row.creatorTime ?? 0,
        disabled: !owns.has(item.id),
      });
    }
  }
  return finish([...menuNodes(withItems), ...items], held[step]);
}
