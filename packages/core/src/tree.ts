// Builds nested trees from flat rows: a node whose parent is not in the set is a root (as the reference does).
export type TreeNode<T> = T & { hasChildren: boolean; children: TreeNode<T>[] };

export function buildTree<T extends { id: string; parentId: string | null }>(
  rows: readonly T[],
  compare?: (a: T, b: T) => number,
): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  const ordered = compare ? [...rows].sort(compare) : rows;
  for (const row of ordered) nodes.set(row.id, { ...row, hasChildren: false, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId != null ? nodes.get(row.parentId) : undefined;
    if (parent && parent !== node) {
      parent.children.push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

export function walkTree<T extends { children?: T[] }>(
  nodes: readonly T[],
  visit: (node: T, depth: number) => void,
  depth = 0,
): void {
  for (const node of nodes) {
    visit(node, depth);
    if (node.children?.length) walkTree(node.children, visit, depth + 1);
  }
}
