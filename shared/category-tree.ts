// The 'ALL CATEGORIES' sidebar tree from the flat collection list
// (GET /api/collections/index answers every collection with its parentId).

export interface FlatCategory {
  id: number;
  /** null for a root collection. */
  parentId: number | null;
  title: string;
  handle: string;
}

export interface CategoryNode {
  id: number;
  title: string;
  handle: string;
  depth: number;
  children: CategoryNode[];
}

/** Pixels of indentation per depth level. */
export const CATEGORY_INDENT_PX = 10;

/**
 * Nests the list by parentId, keeping the list's order among siblings. An entry whose parent is missing
 * is shown at the top level rather than lost; a cycle (bad data) is broken at the first repeat.
 */
export function buildCategoryTree(flat: readonly FlatCategory[]): CategoryNode[] {
  const ids = new Set(flat.map((category) => category.id));
  const childrenOf = new Map<number | null, FlatCategory[]>();
  for (const category of flat) {
    const parent = category.parentId !== null && ids.has(category.parentId) ? category.parentId : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(category);
    childrenOf.set(parent, siblings);
  }
  const seen = new Set<number>();
  function nest(parent: number | null, depth: number): CategoryNode[] {
    const nodes: CategoryNode[] = [];
    for (const category of childrenOf.get(parent) ?? []) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      nodes.push({
        id: category.id,
        title: category.title,
        handle: category.handle,
        depth,
        children: nest(category.id, depth + 1),
      });
    }
    return nodes;
  }
  return nest(null, 0);
}

/** The ids of the categories on the way to `handle` (to open the branch of the current category). */
export function ancestorIds(tree: readonly CategoryNode[], handle: string): number[] {
  for (const node of tree) {
    if (node.handle === handle) return [node.id];
    const below = ancestorIds(node.children, handle);
    if (below.length > 0) return [node.id, ...below];
  }
  return [];
}
