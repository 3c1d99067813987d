import { ChevronRight } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import {
  ancestorIds,
  buildCategoryTree,
  CATEGORY_INDENT_PX,
  type CategoryNode,
  type FlatCategory,
} from "../../shared/category-tree.ts";

export interface CategorySidebarProps {
  /** The flat collection list (GET /api/collections/index); null while it loads. */
  categories: readonly FlatCategory[] | null;
  /** A load failure: 'Error loading categories: {message}'. */
  error?: string | null;
  /** The configured collection path prefix, e.g. /collections. */
  collectionPath: string;
  /** The category being shown: its branch starts open and its entry is marked current. */
  currentHandle?: string;
  title?: string;
  className?: string;
}

/** Entries collapse by default; only the ancestors of the category being shown start open. */
function branchOf(tree: readonly CategoryNode[], handle: string | undefined): number[] {
  return handle ? ancestorIds(tree, handle).slice(0, -1) : [];
}

/** The category sidebar: 'ALL CATEGORIES', collapsed entries that toggle with an arrow. */
export function CategorySidebar({
  categories,
  error,
  collectionPath,
  currentHandle,
  title = "ALL CATEGORIES",
  className = "",
}: CategorySidebarProps) {
  const headingId = useId();
  const tree = useMemo(() => (categories ? buildCategoryTree(categories) : []), [categories]);
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(branchOf(tree, currentHandle)));
  // The list may arrive after the first render: open the current category's branch once it is known.
  useEffect(() => {
    const branch = branchOf(tree, currentHandle);
    if (branch.length > 0) setOpen((previous) => new Set([...previous, ...branch]));
  }, [tree, currentHandle]);

  function toggle(id: number) {
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  let body: React.ReactNode;
  if (error) {
    body = (
      <p role="alert" className="px-3 py-2 text-sm text-sale">
        Error loading categories: {error}
      </p>
    );
  } else if (categories === null) {
    body = (
      <p role="status" className="px-3 py-2 text-sm text-muted">
        Loading categories...
      </p>
    );
  } else {
    body = (
      <CategoryList
        nodes={tree}
        collectionPath={collectionPath}
        currentHandle={currentHandle}
        open={open}
        onToggle={toggle}
      />
    );
  }

  return (
    <nav aria-labelledby={headingId} className={`rounded-lg border border-line bg-white ${className}`}>
      <h2 id={headingId} className="rounded-t-lg bg-water-900 px-3 py-2 text-sm font-bold tracking-wide text-white">
        {title}
      </h2>
      <div className="py-1">{body}</div>
    </nav>
  );
}

interface CategoryListProps {
  nodes: readonly CategoryNode[];
  collectionPath: string;
  currentHandle?: string;
  open: ReadonlySet<number>;
  onToggle: (id: number) => void;
  id?: string;
}

function CategoryList({ nodes, collectionPath, currentHandle, open, onToggle, id }: CategoryListProps) {
  return (
    <ul id={id}>
      {nodes.map((node) => {
        const expanded = open.has(node.id);
        const childListId = `category-children-${node.id}`;
        const current = node.handle === currentHandle;
        return (
          <li key={node.id}>
            <div
              className="flex items-center pr-1 hover:bg-surface"
              // 10 px per depth, on top of the row's own padding.
              style={{ paddingLeft: 12 + node.depth * CATEGORY_INDENT_PX }}
            >
              <Link
                to={`${collectionPath}/${node.handle}`}
                aria-current={current ? "page" : undefined}
                className={`flex min-h-11 flex-1 items-center py-1 text-sm desk:min-h-8 ${
                  current ? "font-bold text-water-900" : "text-ink hover:text-aqua-600"
                }`}
              >
                {node.title}
              </Link>
              {node.children.length > 0 ? (
                <button
                  type="button"
                  onClick={() => onToggle(node.id)}
                  aria-expanded={expanded}
                  aria-controls={expanded ? childListId : undefined}
                  aria-label={`Subcategories of ${node.title}`}
                  className="flex size-11 shrink-0 items-center justify-center rounded text-muted hover:bg-aqua-100 hover:text-water-900 desk:size-8"
                >
                  <ChevronRight
                    aria-hidden="true"
                    size={16}
                    className={`transition-transform motion-reduce:transition-none ${expanded ? "rotate-90" : ""}`}
                  />
                </button>
              ) : null}
            </div>
            {expanded && node.children.length > 0 ? (
              <CategoryList
                id={childListId}
                nodes={node.children}
                collectionPath={collectionPath}
                currentHandle={currentHandle}
                open={open}
                onToggle={onToggle}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
