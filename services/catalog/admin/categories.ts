// The category tree in the back office: create, rename, describe, give a banner, move under another
// parent, reorder and delete. Levels and product counts are kept; the products whose category path changed
// get their search data refreshed (category titles are searchable, and a category lists its
// subcategories' products).
import { and, asc, eq, isNull, max, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { collectionImages, collections } from "../../../db/schema/catalog.ts";
import { type CategoryInput, categoryInputSchema, categoryMoveSchema } from "../../../shared/admin/catalog.ts";
import { handleFromTitle } from "../../../shared/admin/product.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";
import { queryRows } from "../../search/query-rows.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import {
  afterCatalogWrite,
  type CatalogWriteContext,
  inTransaction,
  parseOrRefuse,
  type Transaction,
} from "./catalog-write-context.ts";
import { sanitizeDescriptionHtml } from "./product-description.ts";
import { refreshCategoryCounts } from "./product-summary.ts";

export interface AdminCategory {
  id: number;
  parentId: number | null;
  level: number;
  position: number;
  title: string;
  handle: string;
  descriptionHtml: string | null;
  bannerUrl: string | null;
  productCount: number;
}

/** Every category in tree order (parents before children, siblings by position). */
export async function listCategories(db: Database, bannerPlacement: string): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      id: collections.id,
      parentId: collections.parentId,
      level: collections.level,
      position: collections.position,
      title: collections.title,
      handle: collections.handle,
      descriptionHtml: collections.descriptionHtml,
      productCount: collections.productCount,
      bannerUrl: collectionImages.imagePath,
    })
    .from(collections)
    .leftJoin(
      collectionImages,
      and(eq(collectionImages.collectionId, collections.id), eq(collectionImages.placement, bannerPlacement)),
    )
    .orderBy(asc(collections.level), asc(collections.position), asc(collections.id));
  const children = new Map<number | null, AdminCategory[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const ordered: AdminCategory[] = [];
  const walk = (parentId: number | null) => {
    for (const child of children.get(parentId) ?? []) {
      ordered.push(child);
      walk(child.id);
    }
  };
  walk(null);
  return ordered;
}

async function freeHandle(
  tx: Transaction,
  wanted: string | null | undefined,
  title: string,
  selfId: number | null,
): Promise<string> {
  const taken = async (candidate: string) =>
    (
      await tx
        .select({ id: collections.id })
        .from(collections)
        .where(
          selfId === null
            ? eq(collections.handle, candidate)
            : and(eq(collections.handle, candidate), ne(collections.id, selfId)),
        )
        .limit(1)
    ).length > 0;
  if (wanted) {
    if (await taken(wanted)) throw new Conflict(`handle: another category already uses "${wanted}". Choose another.`);
    return wanted;
  }
  const base = handleFromTitle(title) || "category";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Conflict("handle: could not make a free handle from the name. Enter one.");
}

async function parentLevel(tx: Transaction, parentId: number | null): Promise<number> {
  if (parentId === null) return 0;
  const [parent] = await tx.select({ level: collections.level }).from(collections).where(eq(collections.id, parentId));
  if (!parent) throw new InvalidInput(`parentId: no category with id ${parentId}.`);
  return parent.level;
}

async function setBanner(tx: Transaction, collectionId: number, placement: string, url: string | null, alt: string) {
  if (url === null) {
    await tx
      .delete(collectionImages)
      .where(and(eq(collectionImages.collectionId, collectionId), eq(collectionImages.placement, placement)));
    return;
  }
  await tx
    .insert(collectionImages)
    .values({ collectionId, placement, imagePath: url, altText: alt })
    .onConflictDoUpdate({
      target: [collectionImages.collectionId, collectionImages.placement],
      set: { imagePath: url, altText: alt },
    });
}

/** Products whose search data names the category: its own (title) and its subtree's (category path). */
async function productsUnder(tx: Transaction, collectionId: number): Promise<number[]> {
  const rows = await queryRows<{ product_id: number }>(
    tx,
    sql`with recursive tree(id) as (
          select ${collectionId}::int union all select c.id from collections c join tree t on c.parent_id = t.id
        )
        select distinct cp.product_id from collection_products cp join tree t on t.id = cp.collection_id`,
  );
  return rows.map((row) => row.product_id);
}

export async function createCategory(
  ctx: CatalogWriteContext,
  input: CategoryInput,
  bannerPlacement: string,
): Promise<AdminCategory> {
  const values = parseOrRefuse(categoryInputSchema, input, "category");
  const id = await inTransaction(ctx.db, async (tx) => {
    const level = (await parentLevel(tx, values.parentId)) + 1;
    const handle = await freeHandle(tx, values.handle, values.title, null);
    const [last] = await tx
      .select({ position: max(collections.position) })
      .from(collections)
      .where(values.parentId === null ? isNull(collections.parentId) : eq(collections.parentId, values.parentId));
    const [made] = await tx
      .insert(collections)
      .values({
        parentId: values.parentId,
        level,
        position: (last?.position ?? -1) + 1,
        handle,
        title: values.title,
        descriptionHtml: sanitizeDescriptionHtml(values.descriptionHtml),
      })
      .returning({ id: collections.id });
    await setBanner(tx, made.id, bannerPlacement, values.bannerUrl, values.title);
    await auditCatalogChange(tx, ctx, {
      action: "category.create",
      entity: "category",
      entityId: made.id,
      before: null,
      after: { ...values, handle },
    });
    return made.id;
  });
  await afterCatalogWrite(ctx, [], [{ kind: "category", ids: [id] }]);
  return findCategory(ctx.db, id, bannerPlacement);
}

export async function findCategory(db: Database, id: number, bannerPlacement: string): Promise<AdminCategory> {
  const found = (await listCategories(db, bannerPlacement)).find((category) => category.id === id);
  if (!found) throw new NotFound(`No category with id ${id}. It may have been deleted.`);
  return found;
}

/** Renames, re-describes and re-banners a category; a new parentId moves it (to the end of its new siblings). */
export async function updateCategory(
  ctx: CatalogWriteContext,
  id: number,
  input: CategoryInput,
  bannerPlacement: string,
): Promise<AdminCategory> {
  const values = parseOrRefuse(categoryInputSchema, input, "category");
  const before = await findCategory(ctx.db, id, bannerPlacement);
  const productIds = await inTransaction(ctx.db, async (tx) => {
    const handle = await freeHandle(tx, values.handle || before.handle, values.title, id);
    await tx
      .update(collections)
      .set({
        title: values.title,
        handle,
        descriptionHtml: sanitizeDescriptionHtml(values.descriptionHtml),
        updatedAt: new Date(),
      })
      .where(eq(collections.id, id));
    await setBanner(tx, id, bannerPlacement, values.bannerUrl, values.title);
    let moved = false;
    if (values.parentId !== before.parentId) {
      await moveWithin(tx, id, values.parentId, Number.MAX_SAFE_INTEGER, before);
      moved = true;
    }
    await auditCatalogChange(tx, ctx, {
      action: "category.update",
      entity: "category",
      entityId: id,
      before,
      after: { ...values, handle },
    });
    return moved || values.title !== before.title ? productsUnder(tx, id) : [];
  });
  await afterCatalogWrite(ctx, productIds, [{ kind: "category", ids: [id] }]);
  return findCategory(ctx.db, id, bannerPlacement);
}

/** Moves a category under `parentId` (null: top level) at `position` among its new siblings. */
export async function moveCategory(
  ctx: CatalogWriteContext,
  id: number,
  input: unknown,
  bannerPlacement: string,
): Promise<AdminCategory> {
  const { parentId, position } = parseOrRefuse(categoryMoveSchema, input, "move");
  const before = await findCategory(ctx.db, id, bannerPlacement);
  const productIds = await inTransaction(ctx.db, async (tx) => {
    await moveWithin(tx, id, parentId, position, before);
    await auditCatalogChange(tx, ctx, {
      action: "category.move",
      entity: "category",
      entityId: id,
      before: { parentId: before.parentId, position: before.position },
      after: { parentId, position },
    });
    return parentId === before.parentId ? [] : productsUnder(tx, id);
  });
  await afterCatalogWrite(ctx, productIds, [{ kind: "category", ids: [id] }]);
  return findCategory(ctx.db, id, bannerPlacement);
}

async function moveWithin(
  tx: Transaction,
  id: number,
  parentId: number | null,
  position: number,
  before: AdminCategory,
): Promise<void> {
  if (parentId !== null) {
    // A category cannot go under itself or one of its own subcategories.
    const [cycle] = await queryRows<{ hit: boolean }>(
      tx,
      sql`with recursive up(id, parent_id) as (
            select id, parent_id from collections where id = ${parentId}
            union all select c.id, c.parent_id from collections c join up on c.id = up.parent_id
          ) select exists (select 1 from up where id = ${id}) as hit`,
    );
    if (cycle?.hit)
      throw new InvalidInput("parentId: a category cannot be moved under itself or one of its subcategories.");
  }
  const level = (await parentLevel(tx, parentId)) + 1;
  const siblings = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(
      and(
        parentId === null ? isNull(collections.parentId) : eq(collections.parentId, parentId),
        ne(collections.id, id),
      ),
    )
    .orderBy(asc(collections.position), asc(collections.id));
  const order = siblings.map((sibling) => sibling.id);
  order.splice(Math.min(position, order.length), 0, id);
  for (const [index, siblingId] of order.entries()) {
    await tx.update(collections).set({ position: index }).where(eq(collections.id, siblingId));
  }
  await tx.update(collections).set({ parentId, level, updatedAt: new Date() }).where(eq(collections.id, id));
  if (level !== before.level) {
    // The subtree's levels follow.
    await tx.execute(sql`
      with recursive tree(id, depth) as (
        select c.id, 1 from collections c where c.parent_id = ${id}
        union all select c.id, t.depth + 1 from collections c join tree t on c.parent_id = t.id
      )
      update collections c set level = ${level} + tree.depth from tree where c.id = tree.id`);
  }
  await refreshCategoryCounts(tx, [id, ...(before.parentId === null ? [] : [before.parentId])]);
}

/**
 * Deletes a category that has no subcategories. Its products stay in the store (in their other categories,
 * or in none) and their search data is refreshed; a menu item that stands for it goes; the positions of
 * its siblings close up and its ancestors are recounted. Refused, saying what to change first, while it has
 * subcategories or a discount code takes money off its products.
 */
export async function deleteCategory(ctx: CatalogWriteContext, id: number, bannerPlacement: string): Promise<void> {
  const before = await findCategory(ctx.db, id, bannerPlacement);
  const productIds = await inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).for("update");
    const children = await queryRows<{ title: string }>(
      tx,
      sql`select title from collections where parent_id = ${id} order by position, id`,
    );
    if (children.length > 0) {
      throw new Conflict(
        `"${before.title}" has ${children.length} subcategor${children.length === 1 ? "y" : "ies"} (${children
          .slice(0, 3)
          .map((child) => child.title)
          .join(
            ", ",
          )}${children.length > 3 ? ", ..." : ""}). Move or delete ${children.length === 1 ? "it" : "them"} first.`,
      );
    }
    const codes = await queryRows<{ code: string }>(
      tx,
      sql`select d.code from discount_code_collections dc join discount_codes d on d.id = dc.discount_code_id
          where dc.collection_id = ${id} order by d.code`,
    );
    if (codes.length > 0) {
      throw new Conflict(
        `Discount code${codes.length === 1 ? "" : "s"} ${codes.map((row) => row.code).join(", ")} take${codes.length === 1 ? "s" : ""} money off this category's products. Change ${codes.length === 1 ? "it" : "them"} first.`,
      );
    }
    const members = await productsUnder(tx, id);
    await tx.execute(sql`delete from nav_items where collection_id = ${id}`);
    await tx.delete(collections).where(eq(collections.id, id));
    await tx.execute(sql`
      update collections c set position = ranked.n - 1
      from (select id, row_number() over (order by position, id) as n from collections
            where parent_id is not distinct from ${before.parentId}) ranked
      where c.id = ranked.id and c.position <> ranked.n - 1`);
    if (before.parentId !== null) await refreshCategoryCounts(tx, [before.parentId]);
    await auditCatalogChange(tx, ctx, {
      action: "category.delete",
      entity: "category",
      entityId: id,
      before,
      after: null,
    });
    return members;
  });
  await afterCatalogWrite(ctx, productIds, [{ kind: "category", ids: [id] }]);
}
