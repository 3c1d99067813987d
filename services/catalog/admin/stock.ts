// Stock adjustments from the back office: a delta with a reason (received, damaged, count correction,
// other with a note) per variant, its history, and the variants running low.
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { stockAdjustments, variants } from "../../../db/schema/catalog.ts";
import { type StockAdjustmentInput, stockAdjustmentSchema } from "../../../shared/admin/catalog.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { queryRows } from "../../search/query-rows.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import { afterCatalogWrite, type CatalogWriteContext, inTransaction } from "./catalog-write-context.ts";
import { defaultLocationId, ensureInventoryLevel, moveStock } from "./inventory.ts";
import { refreshProductSummaries } from "./product-summary.ts";

export interface StockAdjustmentRow {
  id: number;
  variantId: number;
  delta: number;
  resultingStock: number;
  reason: string;
  note: string | null;
  staffName: string | null;
  createdAt: string;
}

/** Adds `delta` units to a variant's stock with a reason; returns the adjustment as the history shows it. */
export async function adjustStock(ctx: CatalogWriteContext, input: StockAdjustmentInput): Promise<StockAdjustmentRow> {
  const parsed = stockAdjustmentSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInput(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "adjustment"}: ${issue.message}`).join("; "),
    );
  }
  const { variantId, delta, reason, note } = parsed.data;
  const { row, productId } = await inTransaction(ctx.db, async (tx) => {
    const [variant] = await tx
      .select({ id: variants.id, productId: variants.productId, sku: variants.sku })
      .from(variants)
      .where(eq(variants.id, variantId))
      .for("update");
    if (!variant) throw new NotFound(`No variant with id ${variantId}. It may have been deleted.`);
    const level = await ensureInventoryLevel(tx, variant.id, variant.sku, await defaultLocationId(tx));
    const resulting = await moveStock(tx, { variantId, levelId: level.levelId, delta, reason, note, actor: ctx.actor });
    await refreshProductSummaries(tx, [variant.productId]);
    const [row] = await tx
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.variantId, variantId))
      .orderBy(desc(stockAdjustments.id))
      .limit(1);
    await auditCatalogChange(tx, ctx, {
      action: "stock.adjust",
      entity: "variant",
      entityId: variantId,
      before: { stock: resulting - delta },
      after: { stock: resulting, delta, reason, note },
    });
    return { row, productId: variant.productId };
  });
  await afterCatalogWrite(ctx, [], [{ kind: "stock", ids: [productId] }]);
  return toHistoryRow(row);
}

function toHistoryRow(row: typeof stockAdjustments.$inferSelect): StockAdjustmentRow {
  return {
    id: row.id,
    variantId: row.variantId,
    delta: row.delta,
    resultingStock: row.resultingStock,
    reason: row.reason,
    note: row.note,
    staffName: row.staffName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A variant's stock history, newest first. */
export async function stockHistory(db: Database, variantId: number, limit = 100): Promise<StockAdjustmentRow[]> {
  const rows = await db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.variantId, variantId))
    .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
    .limit(limit);
  return rows.map(toHistoryRow);
}

export interface StockVariantRow {
  variantId: number;
  productId: number;
  productTitle: string;
  variantTitle: string;
  sku: string | null;
  stock: number;
  backorder: boolean;
  threshold: number;
}

/**
 * Variants at or below their low-stock threshold (their own, or the store's), lowest first; or, with
 * `search`, the variants whose SKU or product title match (the stock page's finder).
 */
export async function listStockVariants(
  db: Database,
  options: { storeThreshold: number; lowOnly: boolean; search?: string; variantId?: number; limit?: number },
): Promise<StockVariantRow[]> {
  const search = options.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  return queryRows<StockVariantRow>(
    db,
    sql`
      with stock as (
        select v.id as variant_id, v.product_id, p.title as product_title, v.title as variant_title, v.sku,
          coalesce(sum(il.available), 0)::int as stock,
          coalesce(bool_or(il.bypass_negative_quantity), false) or coalesce(bool_or(not ii.tracked), false) as backorder,
          coalesce(v.low_stock_threshold, ${options.storeThreshold})::int as threshold
        from variants v
        join products p on p.id = v.product_id
        left join inventory_items ii on ii.variant_id = v.id
        left join inventory_levels il on il.inventory_item_id = ii.id
        where ${pattern ? sql`(v.sku ilike ${pattern} or p.title ilike ${pattern})` : sql`true`}
          and ${options.variantId === undefined ? sql`true` : sql`v.id = ${options.variantId}`}
        group by v.id, p.title
      )
      select variant_id as "variantId", product_id as "productId", product_title as "productTitle",
        variant_title as "variantTitle", sku, stock, backorder, threshold
      from stock
      where ${options.lowOnly ? sql`stock <= threshold and not backorder` : sql`true`}
      order by ${options.lowOnly ? sql`stock, product_title, variant_id` : sql`product_title, variant_id`}
      limit ${options.limit ?? 200}`,
  );
}

/** One variant's stock line (the history panel's heading). */
export async function findStockVariant(
  db: Database,
  variantId: number,
  storeThreshold: number,
): Promise<StockVariantRow> {
  const [row] = await listStockVariants(db, { storeThreshold, lowOnly: false, variantId, limit: 1 });
  if (!row) throw new NotFound(`No variant with id ${variantId}. It may have been deleted.`);
  return row;
}
