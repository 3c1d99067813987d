// Shapes the catalog pages pass from loaders to components (plain data, safe for the browser bundle).
export interface CategoryOption {
  id: number;
  parentId: number | null;
  level: number;
  title: string;
}

export interface BrandOption {
  id: number;
  name: string;
}

/** "Pumps › Pool pumps" labels for a select, in tree order. */
export function categoryLabels(categories: readonly CategoryOption[]): Array<{ id: number; label: string }> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return categories.map((category) => {
    const path: string[] = [];
    for (
      let current: CategoryOption | undefined = category;
      current;
      current = current.parentId ? byId.get(current.parentId) : undefined
    ) {
      path.unshift(current.title);
      if (path.length > 6) break;
    }
    return { id: category.id, label: path.join(" › ") };
  });
}
