// Every organisation in memory (ids, names, paths, order): almost every call of the organisation structure shows
// organisation paths ("HQ/Sales/East"), and 10,000 rows are small. Reloaded in every process after a change.
// Writes never trust it: their checks read the database inside the transaction.
import { organizeName, type Language } from '@jnpf/core';
import { asc, desc } from 'drizzle-orm';
import { organize } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';

export const ROOT_PARENT = '-1';
export type OrganizeCategory = 'company' | 'department';

export interface OrgNode {
  id: string;
  parentId: string;
  category: OrganizeCategory;
  fullName: string;
  enCode: string;
  enabledMark: number;
  sortCode: number;
  creatorTime: number;
  description: string | null;
  managerId: string | null;
  organizeIdTree: string;
  /** ids from the root down to and including this organisation */
  path: string[];
}

export const COMPANY_ICON = 'icon-ym icon-ym-tree-organization3';
export const DEPARTMENT_ICON = 'icon-ym icon-ym-tree-department1';
export const iconOf = (category: string) => (category === 'company' ? COMPANY_ICON : DEPARTMENT_ICON);

/** sortCode ascending, then newest first: the reference's order everywhere */
export const byOrder = (a: { sortCode: number; creatorTime: number }, b: { sortCode: number; creatorTime: number }) =>
  a.sortCode - b.sortCode || b.creatorTime - a.creatorTime;

export class OrganizeIndex {
  readonly byId = new Map<string, OrgNode>();
  readonly childrenOf = new Map<string, OrgNode[]>();
  private readonly names = new Map<string, string>();

  constructor(readonly ordered: OrgNode[]) {
    for (const node of ordered) {
      this.byId.set(node.id, node);
      const siblings = this.childrenOf.get(node.parentId);
      if (siblings) siblings.push(node);
      else this.childrenOf.set(node.parentId, [node]);
    }
  }

  get(id: string | null | undefined): OrgNode | undefined {
    return id ? this.byId.get(id) : undefined;
  }

  /** "HQ/Sales/East": the names from the root down */
  pathName(id: string | null | undefined): string {
    if (!id) return '';
    let hit = this.names.get(id);
    if (hit === undefined) {
      const node = this.byId.get(id);
      hit = node ? node.path.map((p) => this.byId.get(p)?.fullName ?? '').join('/') : '';
      this.names.set(id, hit);
    }
    return hit;
  }

  /** the names of a path below an ancestor (exclusive) down to the node: "Sales/East" below "HQ" */
  pathNameBelow(id: string, ancestorId: string): string {
    const node = this.byId.get(id);
    if (!node) return '';
    const at = node.path.indexOf(ancestorId);
    return node.path
      .slice(at + 1)
      .map((p) => this.byId.get(p)?.fullName ?? '')
      .join('/');
  }

  /** the organisation and everything below it, in tree order */
  subtree(id: string): OrgNode[] {
    const root = this.byId.get(id);
    if (!root) return [];
    const out: OrgNode[] = [];
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      out.push(node);
      const children = this.childrenOf.get(node.id);
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
    return out;
  }

  /** comma-joined paths of several organisations: "HQ/Sales,HQ/IT" */
  pathNames(ids: readonly string[], separator = ','): string {
    return ids
      .map((id) => this.pathName(id))
      .filter(Boolean)
      .join(separator);
  }
}

interface Slot {
  cached: Promise<OrganizeIndex> | null;
  /** the same index naming the seeded organisations in another language, by language */
  translated: Map<Language, Promise<OrganizeIndex>>;
  generation: number;
}

const slots = new WeakMap<AppContext, Slot>();
const CHANNEL = 'organize:changed';

function slotOf(app: AppContext): Slot {
  let slot = slots.get(app);
  if (!slot) {
    const created: Slot = { cached: null, translated: new Map(), generation: 0 };
    slot = created;
    slots.set(app, created);
    app.shared.bus.subscribe(CHANNEL, () => {
      created.generation++;
      created.cached = null;
      created.translated.clear();
    });
  }
  return slot;
}

/** subscribes to changes early (module setup), so that no change published later is missed */
export function watchOrganizeChanges(app: AppContext): void {
  slotOf(app);
}

async function load(app: AppContext): Promise<OrganizeIndex> {
  const rows = await app.db
    .select({
      id: organize.id,
      parentId: organize.parentId,
      category: organize.category,
      fullName: organize.fullName,
      enCode: organize.enCode,
      enabledMark: organize.enabledMark,
      sortCode: organize.sortCode,
      creatorTime: organize.creatorTime,
      description: organize.description,
      managerId: organize.managerId,
      organizeIdTree: organize.organizeIdTree,
    })
    .from(organize)
    .orderBy(asc(organize.sortCode), desc(organize.creatorTime), asc(organize.id));
  return new OrganizeIndex(
    rows.map((r) => ({
      ...r,
      category: r.category === 'company' ? 'company' : 'department',
      path: r.organizeIdTree.split(',').filter(Boolean),
    })),
  );
}

/** the index with the seeded organisations named in a language (the stored names stay as they are) */
function translatedIndex(index: OrganizeIndex, lang: Language): OrganizeIndex {
  let changed = false;
  const nodes = index.ordered.map((node) => {
    const fullName = organizeName(node.enCode, node.fullName, lang);
    if (fullName === node.fullName) return node;
    changed = true;
    return { ...node, fullName };
  });
  return changed ? new OrganizeIndex(nodes) : index;
}

/**
 * Every organisation; with a language other than zh, the seeded ones (the root group) named in it: pass the
 * caller's language where the names are shown, none where they are checked or stored.
 */
export function organizeIndex(app: AppContext, lang?: Language): Promise<OrganizeIndex> {
  const slot = slotOf(app);
  if (lang && lang !== 'zh') {
    const hit = slot.translated.get(lang);
    if (hit) return hit;
    const generation = slot.generation;
    const loading = organizeIndex(app).then((index) => translatedIndex(index, lang));
    slot.translated.set(lang, loading);
    const forget = () => {
      if (slot.translated.get(lang) === loading) slot.translated.delete(lang);
    };
    void loading.then(() => {
      if (slot.generation !== generation) forget();
    }, forget);
    return loading;
  }
  if (slot.cached) return slot.cached;
  const generation = slot.generation;
  const loading = load(app);
  slot.cached = loading;
  loading.catch(() => {
    if (slot.cached === loading) slot.cached = null;
  });
  // a change during the load makes this result stale: callers get it, the cache does not keep it
  void loading.then(
    () => {
      if (slot.generation !== generation && slot.cached === loading) slot.cached = null;
    },
    () => undefined,
  );
  return loading;
}

/** after any committed change of organisations: every process reloads */
export async function organizeChanged(app: AppContext): Promise<void> {
  const slot = slotOf(app);
  slot.generation++;
  slot.cached = null;
  slot.translated.clear();
  await app.shared.bus.publish(CHANNEL, '1');
}

export interface TreeShape {
  hasChildren: boolean;
  isLeaf: boolean;
}
export type Tree<T> = T & TreeShape & { children: Tree<T>[] };

/**
 * Nests items by key and parent key, keeping the given order; an item whose parent is not in the set is a root
 * (as the reference's tree builder does).
 */
export function assembleTree<T extends object>(
  items: readonly T[],
  keyOf: (item: T) => string,
  parentKeyOf: (item: T) => string | null,
): Tree<T>[] {
  const nodes = new Map<string, Tree<T>>();
  const list = items.map((item) => {
    const node = { ...item, hasChildren: false, isLeaf: true, children: [] } as Tree<T>;
    nodes.set(keyOf(item), node);
    return node;
  });
  const roots: Tree<T>[] = [];
  items.forEach((item, i) => {
    const node = list[i]!;
    const parentKey = parentKeyOf(item);
    const parent = parentKey != null ? nodes.get(parentKey) : undefined;
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
      parent.isLeaf = false;
    } else roots.push(node);
  });
  return roots;
}

/**
 * A subset of organisations as a tree: each one hangs under its nearest ancestor in the subset. Names are
 * the path below that ancestor ("East" under "Sales", "Sales/East" when "Sales" is left out), and full paths
 * for the roots (the reference's handling of gaps).
 */
export function subsetForest(index: OrganizeIndex, subset: Iterable<OrgNode>) {
  const members = new Map<string, OrgNode>();
  for (const node of subset) members.set(node.id, node);
  const placed = [...members.values()].sort(byOrder).map((node) => {
    let parentId = node.parentId;
    let displayName = index.pathName(node.id);
    let isRoot = true;
    for (let i = node.path.length - 2; i >= 0; i--) {
      const ancestor = node.path[i]!;
      if (members.has(ancestor)) {
        parentId = ancestor;
        displayName = index.pathNameBelow(node.id, ancestor);
        isRoot = false;
        break;
      }
    }
    return { node, parentId, displayName, isRoot };
  });
  return placed;
}
