// Bulk actions of the product list: publish, unpublish, change prices (by percent or amount), set
// stock and delete, for up to a page of products at once. One transaction; each product's change is audited;
// search data and caches are refreshed after the commit.
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { products, variants } from "../../../db/schema/catalog.ts";
import { type BulkAction, bulkActionSchema, changedPriceCents } from "../../../shared/admin/catalog.ts";
import { centsToAmount } from "../../../shared/money.ts";
import type { StoreChangeKind } from "../../changes/store-changes.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { queryRows } from "../../search/query-rows.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import {
  afterCatalogWrite,
  type CatalogWriteContext,
  inTransaction,
  type Transaction,
} from "./catalog-write-context.ts";
import { defaultLocationId, ensureInventoryLevel, moveStock } from "./inventory.ts";
import { refreshCategoryCounts, refreshProductSummaries, refreshVendorCounts } from "./product-summary.ts";

export interface BulkResult {
  action: BulkAction["action"];
  /** Products the action changed (one already published is not "changed" by publish). */
  changed: number[];
  unchanged: number[];
}

const CHANGE_KIND: Record<BulkAction["action"], StoreChangeKind> = {
  publish: "product",
  unpublish: "product",
  price: "price",
  stock: "stock",
  delete: "product",
};

/** Actions that change which products shoppers see, so brand and category counts move. */
const COUNTED = new Set<BulkAction["action"]>(["publish", "unpublish", "delete"]);

export async function applyBulkAction(ctx: CatalogWriteContext, input: unknown): Promise<BulkResult> {
  const parsed = bulkActionSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInput(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "action"}: ${issue.message}`).join("; "),
    );
  }
  const action = parsed.data;
  const ids = [...new Set(action.productIds)];
  const changed = await inTransaction(ctx.db, async (tx) => {
    const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for("update");
    if (found.length !== ids.length) {
      const missing = ids.filter((id) => !found.some((row) => row.id === id));
      throw new NotFound(`No product with id ${missing.join(", ")}. Reload the list and try again.`);
    }
    // Read before the action: a deleted product no longer names its brand and categories.
    const placements = COUNTED.has(action.action)
      ? await queryRows<{ id: number; vendor_id: number | null; collection_id: number | null }>(
          tx,
          sql`select p.id, p.vendor_id, cp.collection_id from products p left join collection_products cp on cp.product_id = p.id
              where p.id = any(${sql.param(ids)}::int[])`,
        )
      : [];
    const touched = await runAction(tx, ctx, action, ids);
    if (touched.length > 0) {
      if (action.action !== "delete") await refreshProductSummaries(tx, touched);
      const moved = placements.filter((row) => touched.includes(row.id));
      if (moved.length > 0) {
        await refreshVendorCounts(
          tx,
          moved.map((row) => row.vendor_id),
        );
        await refreshCategoryCounts(
          tx,
          moved.map((row) => row.collection_id).filter((id): id is number => id !== null),
        );
      }
    }
    return touched;
  });
  await afterCatalogWrite(ctx, changed, changed.length > 0 ? [{ kind: CHANGE_KIND[action.action], ids: changed }] : []);
  return { action: action.action, changed, unchanged: ids.filter((id) => !changed.includes(id)) };
}

async function runAction(
  tx: Transaction,
  ctx: CatalogWriteContext,
  action: BulkAction,
  ids: number[],
): Promise<number[]> {
  switch (action.action) {
    case "publish": {
      const rows = await tx
        .update(products)
        .set({ publishedAt: sql`now()`, updatedAt: new Date() })
        .where(and(inArray(products.id, ids), or(isNull(products.publishedAt), gt(products.publishedAt, sql`now()`))))
        .returning({ id: products.id });
      for (const row of rows) {
        await auditCatalogChange(tx, ctx, {
          action: "product.publish",
          entity: "product",
          entityId: row.id,
          before: { status: "draft" },
          after: { status: "published" },
        });
      }
      return rows.map((row) => row.id);
    }
    case "unpublish": {
      const rows = await tx
        .update(products)
        .set({ publishedAt: null, updatedAt: new Date() })
        .where(and(inArray(products.id, ids), isNotNull(products.publishedAt), lte(products.publishedAt, sql`now()`)))
        .returning({ id: products.id });
      for (const row of rows) {
        await auditCatalogChange(tx, ctx, {
          action: "product.unpublish",
          entity: "product",
          entityId: row.id,
          before: { status: "published" },
          after: { status: "draft" },
        });
      }
      return rows.map((row) => row.id);
    }
    case "price": {
      const rows = await tx
        .select({
          id: variants.id,
          productId: variants.productId,
          priceCents: variants.priceCents,
          compareAt: variants.compareAtPriceCents,
        })
        .from(variants)
        .where(inArray(variants.productId, ids));
      const touched = new Set<number>();
      const perProduct = new Map<number, { before: Record<number, number>; after: Record<number, number> }>();
      for (const row of rows) {
        const next = changedPriceCents(row.priceCents, action.mode, action.value);
        if (next === row.priceCents) continue;
        // A compare-at price is only shown struck through above the price: one the new price reaches goes.
        const compareAt = row.compareAt !== null && row.compareAt > next ? row.compareAt : null;
        await tx
          .update(variants)
          .set({ priceCents: next, compareAtPriceCents: compareAt, updatedAt: new Date() })
          .where(eq(variants.id, row.id));
        touched.add(row.productId);
        const entry = perProduct.get(row.productId) ?? { before: {}, after: {} };
        entry.before[row.id] = centsToAmount(row.priceCents);
        entry.after[row.id] = centsToAmount(next);
        perProduct.set(row.productId, entry);
      }
      for (const [productId, entry] of perProduct) {
        await auditCatalogChange(tx, ctx, {
          action: "product.price",
          entity: "product",
          entityId: productId,
          before: { prices: entry.before },
          after: { prices: entry.after, change: { mode: action.mode, value: action.value } },
        });
      }
      return [...touched];
    }
    case "delete": {
      const rows = await tx
        .select({ id: products.id, title: products.title, handle: products.handle, partNumber: products.productCode })
        .from(products)
        .where(inArray(products.id, ids));
      for (const row of rows) {
        await auditCatalogChange(tx, ctx, {
          action: "product.delete",
          entity: "product",
          entityId: row.id,
          before: { title: row.title, handle: row.handle, partNumber: row.partNumber },
          after: null,
        });
      }
      // Variants, stock, images, tags, reviews, diagram callouts and search rows go with the product
      // (ON DELETE CASCADE); order lines keep their copied title, SKU and price (SET NULL).
      await tx.delete(products).where(inArray(products.id, ids));
      return rows.map((row) => row.id);
    }
    case "stock": {
      const rows = await tx
        .select({ id: variants.id, productId: variants.productId, sku: variants.sku })
        .from(variants)
        .where(inArray(variants.productId, ids));
      const locationId = await defaultLocationId(tx);
      const touched = new Set<number>();
      for (const row of rows) {
        const [{ total }] = await queryRows<{ total: number }>(
          tx,
          sql`select coalesce(sum(il.available), 0)::int as total from inventory_items ii
              join inventory_levels il on il.inventory_item_id = ii.id where ii.variant_id = ${row.id}`,
        );
        const delta = action.stock - total;
        if (delta === 0) continue;
        const level = await ensureInventoryLevel(tx, row.id, row.sku, locationId);
        await moveStock(tx, { variantId: row.id, levelId: level.levelId, delta, reason: "bulk_set", actor: ctx.actor });
        await auditCatalogChange(tx, ctx, {
          action: "stock.set",
          entity: "variant",
          entityId: row.id,
          before: { stock: total },
          after: { stock: action.stock },
        });
        touched.add(row.productId);
      }
      return [...touched];
    }
  }
}
