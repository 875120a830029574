// Helpers for the {id, fullName, children} trees the server answers.

export interface TreeRecord {
  id: string;
  fullName: string;
  children?: TreeRecord[] | null;
  hasChildren?: boolean;
}

/** ids of every node that has children (for "expand all") */
export function parentIds<N extends TreeRecord>(nodes: readonly N[]): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeRecord[]) => {
    for (const node of list)
      if (node.children?.length) {
        out.push(node.id);
        walk(node.children);
      }
  };
  walk(nodes);
  return out;
}

/** the nodes whose name contains the text, with their ancestors; children of a hit are kept whole */
export function filterTree<N extends TreeRecord>(nodes: readonly N[], text: string): N[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: N[] = [];
  for (const node of nodes) {
    if (node.fullName.toLowerCase().includes(needle)) out.push(node);
    else {
      const children = filterTree((node.children ?? []) as N[], needle);
      if (children.length) out.push({ ...node, children });
    }
  }
  return out;
}

/** the node with this id, anywhere in the tree */
export function findNode<N extends TreeRecord>(nodes: readonly N[], id: string): N | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const hit = findNode((node.children ?? []) as N[], id);
    if (hit) return hit;
  }
  return undefined;
}

/** children arrays emptied to undefined, so tables show no expander on leaves */
export function withoutEmptyChildren<N extends TreeRecord>(nodes: readonly N[]): N[] {
  return nodes.map((node) =>
    node.children?.length
      ? { ...node, children: withoutEmptyChildren(node.children as N[]) }
      : { ...node, children: undefined },
  );
}
