// A variant's stock as the back office sees it: the quantity at the store's first location (where
// the editor and adjustments write) and whether it sells when none is left (backorder). Every change
// of the quantity is kept in stock_adjustments with its reason and who made it.
import { asc, eq, sql } from "drizzle-orm";
import { inventoryItems, inventoryLevels, inventoryLocations, stockAdjustments } from "../../../db/schema/catalog.ts";
import type { StaffActor, Transaction } from "./catalog-write-context.ts";

export type StockReason = (typeof stockAdjustments.$inferInsert)["reason"];

/** The location the back office writes stock to: the first one, made ("Main Warehouse") on an empty store. */
export async function defaultLocationId(tx: Transaction): Promise<number> {
  const [first] = await tx
    .select({ id: inventoryLocations.id })
    .from(inventoryLocations)
    .orderBy(asc(inventoryLocations.id))
    .limit(1);
  if (first) return first.id;
  const [made] = await tx
    .insert(inventoryLocations)
    .values({ name: "Main Warehouse" })
    .onConflictDoNothing()
    .returning({ id: inventoryLocations.id });
  if (made) return made.id;
  return defaultLocationId(tx);
}

/** The variant's inventory item and its level at the default location, made when missing (sku kept in step). */
export async function ensureInventoryLevel(
  tx: Transaction,
  variantId: number,
  sku: string | null,
  locationId: number,
): Promise<{ levelId: number; available: number }> {
  const [item] = await tx
    .insert(inventoryItems)
    .values({ variantId, sku, tracked: true })
    .onConflictDoUpdate({ target: inventoryItems.variantId, set: { sku } })
    .returning({ id: inventoryItems.id });
  const [existing] = await tx
    .select({ id: inventoryLevels.id, available: inventoryLevels.available })
    .from(inventoryLevels)
    .where(eq(inventoryLevels.inventoryItemId, item.id))
    .orderBy(asc(inventoryLevels.id))
    .limit(1);
  if (existing) return { levelId: existing.id, available: existing.available };
  const [level] = await tx
    .insert(inventoryLevels)
    .values({ inventoryItemId: item.id, locationId, available: 0 })
    .returning({ id: inventoryLevels.id });
  return { levelId: level.id, available: 0 };
}

/**
 * Moves a level's quantity by `delta` in one statement (a sale at the same moment is not lost) and
 * records the adjustment; returns the resulting quantity.
 */
export async function moveStock(
  tx: Transaction,
  input: {
    variantId: number;
    levelId: number;
    delta: number;
    reason: StockReason;
    note?: string | null;
    actor: StaffActor | null;
  },
): Promise<number> {
  const [level] = await tx
    .update(inventoryLevels)
    .set({ available: sql`${inventoryLevels.available} + ${input.delta}`, updatedAt: new Date() })
    .where(eq(inventoryLevels.id, input.levelId))
    .returning({ available: inventoryLevels.available });
  await tx.insert(stockAdjustments).values({
    variantId: input.variantId,
    delta: input.delta,
    resultingStock: level.available,
    reason: input.reason,
    note: input.note ?? null,
    staffId: input.actor?.staffId ?? null,
    staffName: input.actor?.name ?? null,
  });
  return level.available;
}
