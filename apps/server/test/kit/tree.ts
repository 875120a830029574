// Finding a node in the trees that list and selector calls answer.

/** the first node, depth first, with this id or passing this check */
export function findNode<T extends { id: string; children?: T[] }>(
  nodes: T[],
  match: string | ((node: T) => boolean),
): T | undefined {
  const hit = typeof match === 'string' ? (node: T) => node.id === match : match;
  for (const node of nodes) {
    if (hit(node)) return node;
    const inner = findNode(node.children ?? [], hit);
    if (inner) return inner;
  }
  return undefined;
}
