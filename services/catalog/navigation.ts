// Header navigation (GET /api/nav): the merchant's `main-menu` nav menu; a store without one gets the
// collection tree. The menu alone decides the structure when it exists: mixing in subcategories below its
// items would mix two id spaces (nav items and collections) in one tree.

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/rows.ts";
import { collectionImages, collections } from "../../db/schema/catalog.ts";
import { navItems, navMenus } from "../../db/schema/content.ts";
import { integerParam } from "./query-params.ts";

export const MAIN_MENU_HANDLE = "main-menu";
/** A dropdown shows 8 children unless the item says otherwise. */
export const DEFAULT_MAX_CHILD_ITEMS = 8;
export const DEFAULT_NAV_DEPTH = 2;
export const MAX_NAV_DEPTH = 3;
export const DEFAULT_COLLECTION_URL_PREFIX = "/collections";

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

export const navigationQuerySchema = z.object({
  collectionUrlPrefix: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "must be a single path such as /collections" })
      // A site-relative path only: '//host' or 'https:' would turn menu links into off-site links.
      .regex(/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/, { error: "must be a path such as /collections" })
      .max(100, { error: "must be at most 100 characters" })
      .optional(),
  ),
  imagePlacement: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "must be a single placement name such as menuImage" })
      .regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, { error: "must be a placement name such as menuImage" })
      .optional(),
  ),
  depth: integerParam({ min: 1, max: MAX_NAV_DEPTH, defaultValue: DEFAULT_NAV_DEPTH }),
});
export type NavigationQuery = z.output<typeof navigationQuerySchema>;

export interface NavigationItem {
  id: number;
  title: string;
  url: string | null;
  /** The collection the item stands for, if any. */
  collectionId: number | null;
  maxChildItemsToDisplay: number;
  /** Present only when an image placement was asked for; null when the collection has none. */
  imageUrl?: string | null;
  children: NavigationItem[];
}

/** A node before urls and images are attached: a menu item or a collection. */
export interface NavNode {
  key: string;
  id: number;
  parentKey: string | null;
  title: string;
  url: string | null;
  collectionId: number | null;
  collectionHandle: string | null;
  maxChildItemsToDisplay: number | null;
  position: number;
}

interface CollectionTreeRow {
  id: number;
  parentId: number | null;
  title: string;
  handle: string;
  position: number;
  depth: number;
}

export function collectionUrl(prefix: string, handle: string): string {
  return `${prefix.replace(/\/+$/, "")}/${handle}`;
}

/**
 * Arranges nodes into a tree at most `depth` levels deep (1 = top items only), children by position.
 * `imageFor` is called only when images were asked for.
 */
export function buildNavigationTree(
  nodes: NavNode[],
  options: { depth: number; collectionUrlPrefix: string; imageFor?: (collectionId: number | null) => string | null },
): NavigationItem[] {
  const byParent = new Map<string | null, NavNode[]>();
  for (const node of nodes) {
    const list = byParent.get(node.parentKey) ?? [];
    list.push(node);
    byParent.set(node.parentKey, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const build = (parentKey: string | null, level: number, seen: Set<string>): NavigationItem[] =>
    (byParent.get(parentKey) ?? [])
      .filter((node) => !seen.has(node.key))
      .map((node) => {
        const item: NavigationItem = {
          id: node.id,
          title: node.title,
          url: node.collectionHandle ? collectionUrl(options.collectionUrlPrefix, node.collectionHandle) : node.url,
          collectionId: node.collectionId,
          maxChildItemsToDisplay: node.maxChildItemsToDisplay ?? DEFAULT_MAX_CHILD_ITEMS,
          children: level < options.depth ? build(node.key, level + 1, new Set([...seen, node.key])) : [],
        };
        if (options.imageFor) item.imageUrl = options.imageFor(node.collectionId);
        return item;
      });
  return build(null, 1, new Set());
}

export async function getNavigation(db: Database, query: Partial<NavigationQuery> = {}): Promise<NavigationItem[]> {
  const depth = Math.min(Math.max(query.depth ?? DEFAULT_NAV_DEPTH, 1), MAX_NAV_DEPTH);
  const collectionUrlPrefix = query.collectionUrlPrefix ?? DEFAULT_COLLECTION_URL_PREFIX;

  const menuRows = await db
    .select({
      id: navItems.id,
      parentId: navItems.parentId,
      title: navItems.title,
      url: navItems.url,
      position: navItems.position,
      maxChildItemsToDisplay: navItems.maxChildItemsToDisplay,
      collectionId: collections.id,
      collectionTitle: collections.title,
      collectionHandle: collections.handle,
    })
    .from(navMenus)
    .innerJoin(navItems, eq(navItems.menuId, navMenus.id))
    .leftJoin(collections, eq(collections.id, navItems.collectionId))
    .where(eq(navMenus.handle, MAIN_MENU_HANDLE))
    .orderBy(asc(navItems.parentId), asc(navItems.position), asc(navItems.id));

  const nodes: NavNode[] = menuRows.map((row) => ({
    key: `item:${row.id}`,
    id: row.id,
    parentKey: row.parentId === null ? null : `item:${row.parentId}`,
    title: row.title || row.collectionTitle || "",
    url: row.url,
    collectionId: row.collectionId,
    collectionHandle: row.collectionHandle,
    maxChildItemsToDisplay: row.maxChildItemsToDisplay,
    position: row.position,
  }));

  if (nodes.length === 0) {
    // No menu: the top-level collections and their subcategories.
    const tree = await loadCollectionTree(db, depth);
    nodes.push(...tree.map(collectionNode));
  }

  let imageFor: ((collectionId: number | null) => string | null) | undefined;
  if (query.imagePlacement) {
    const ids = [...new Set(nodes.map((node) => node.collectionId).filter((id): id is number => id !== null))];
    const images = await loadPlacementImages(db, ids, query.imagePlacement);
    imageFor = (collectionId) => (collectionId === null ? null : (images.get(collectionId) ?? null));
  }
  return buildNavigationTree(nodes, { depth, collectionUrlPrefix, imageFor });
}

function collectionNode(row: CollectionTreeRow): NavNode {
  return {
    key: `collection:${row.id}`,
    id: row.id,
    parentKey: row.parentId === null ? null : `collection:${row.parentId}`,
    title: row.title,
    url: null,
    collectionId: row.id,
    collectionHandle: row.handle,
    maxChildItemsToDisplay: null,
    position: row.position,
  };
}

/** The top `levels` levels of the collection tree, walked down the (parent_id, position) index. */
async function loadCollectionTree(db: Database, levels: number): Promise<CollectionTreeRow[]> {
  return queryRows<CollectionTreeRow>(
    db,
    sql`with recursive tree(id, parent_id, title, handle, position, depth) as (
          select id, parent_id, title, handle, position, 1 from collections where parent_id is null
          union all
          select c.id, c.parent_id, c.title, c.handle, c.position, tree.depth + 1
          from collections c join tree on c.parent_id = tree.id
          where tree.depth < ${levels}::int
        )
        select id::int as "id", parent_id::int as "parentId", title, handle, position::int as "position",
               depth::int as "depth"
        from tree order by depth, position, id`,
  );
}

async function loadPlacementImages(db: Database, ids: number[], placement: string): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ collectionId: collectionImages.collectionId, imagePath: collectionImages.imagePath })
    .from(collectionImages)
    .where(and(inArray(collectionImages.collectionId, ids), eq(collectionImages.placement, placement)));
  return new Map(rows.map((row) => [row.collectionId, row.imagePath]));
}
