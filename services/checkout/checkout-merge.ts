// At sign-in the cart the visitor filled anonymously joins the customer's own cart: quantities of the same
// item are added, capped at the stock (unless the level sells regardless of stock) and at the largest
// quantity a line may hold; items no longer for sale are left behind; a discount code moves over when the
// customer's cart has none. Called by the sign-in flow with the session's checkout id.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { inventoryItems, inventoryLevels, products, variants } from "../../db/schema/catalog.ts";
import { checkoutDiscountCodes, checkoutLineItems, checkouts } from "../../db/schema/commerce.ts";
import { customers } from "../../db/schema/customers.ts";
import { productIsPublished } from "../catalog/published.ts";
import { MAX_LINE_QUANTITY } from "./cart-service.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Returns the customer's checkout id after the merge (null when neither cart exists). The anonymous
 * checkout is adopted when the customer has none, otherwise emptied into theirs and marked abandoned.
 * Safe to call twice: a checkout that is no longer open and anonymous is left alone.
 */
export async function mergeAnonymousCheckout(
  db: Database,
  input: { anonymousCheckoutId: string | null; customerId: number },
): Promise<string | null> {
  const { customerId } = input;
  const anonymousId =
    input.anonymousCheckoutId && UUID.test(input.anonymousCheckoutId) ? input.anonymousCheckoutId : null;
  return db.transaction(async (tx) => {
    // The customer row serialises this with the customer's other cart creations and merges.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
    const [own] = await tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.customerId, customerId), eq(checkouts.status, "open")))
      .orderBy(desc(checkouts.updatedAt), desc(checkouts.createdAt))
      .limit(1)
      .for("update");
    const [anonymous] = anonymousId
      ? await tx
          .select({ id: checkouts.id })
          .from(checkouts)
          .where(and(eq(checkouts.id, anonymousId), eq(checkouts.status, "open"), sql`${checkouts.customerId} is null`))
          .for("update")
      : [];
    if (!anonymous) return own?.id ?? null;
    if (!own) {
      await tx.update(checkouts).set({ customerId, updatedAt: new Date() }).where(eq(checkouts.id, anonymous.id));
      return anonymous.id;
    }

    const incoming = await tx
      .select({
        inventoryLevelId: checkoutLineItems.inventoryLevelId,
        variantId: checkoutLineItems.variantId,
        quantity: checkoutLineItems.quantity,
      })
      .from(checkoutLineItems)
      .where(eq(checkoutLineItems.checkoutId, anonymous.id))
      .orderBy(asc(checkoutLineItems.id));
    if (incoming.length > 0) {
      const levelIds = incoming.map((line) => line.inventoryLevelId);
      const [stock, existing] = await Promise.all([
        tx
          .select({
            id: inventoryLevels.id,
            available: inventoryLevels.available,
            unlimited: sql<boolean>`(${inventoryLevels.bypassNegativeQuantity} or not ${inventoryItems.tracked})`,
            forSale: sql<boolean>`(${productIsPublished()} and ${products.availableForSale} and ${variants.availableForSale})`,
          })
          .from(inventoryLevels)
          .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
          .innerJoin(variants, eq(variants.id, inventoryItems.variantId))
          .innerJoin(products, eq(products.id, variants.productId))
          .where(inArray(inventoryLevels.id, levelIds)),
        tx
          .select({ inventoryLevelId: checkoutLineItems.inventoryLevelId, quantity: checkoutLineItems.quantity })
          .from(checkoutLineItems)
          .where(and(eq(checkoutLineItems.checkoutId, own.id), inArray(checkoutLineItems.inventoryLevelId, levelIds))),
      ]);
      const stockById = new Map(stock.map((level) => [level.id, level]));
      const existingByLevel = new Map(existing.map((line) => [line.inventoryLevelId, line.quantity]));
      for (const line of incoming) {
        const level = stockById.get(line.inventoryLevelId);
        if (!level?.forSale) continue;
        const already = existingByLevel.get(line.inventoryLevelId) ?? 0;
        const wanted = Math.min(already + line.quantity, MAX_LINE_QUANTITY);
        // Never below what the customer already had; never above stock (or the line maximum) for what is added.
        const quantity = level.unlimited ? wanted : Math.max(already, Math.min(wanted, Math.max(0, level.available)));
        if (quantity <= 0 || quantity === already) continue;
        await tx
          .insert(checkoutLineItems)
          .values({ checkoutId: own.id, inventoryLevelId: line.inventoryLevelId, variantId: line.variantId, quantity })
          .onConflictDoUpdate({
            target: [checkoutLineItems.checkoutId, checkoutLineItems.inventoryLevelId],
            set: { quantity, updatedAt: new Date() },
          });
      }
    }

    const [ownCode] = await tx
      .select({ id: checkoutDiscountCodes.discountCodeId })
      .from(checkoutDiscountCodes)
      .where(eq(checkoutDiscountCodes.checkoutId, own.id))
      .limit(1);
    if (!ownCode) {
      const [anonymousCode] = await tx
        .select({ id: checkoutDiscountCodes.discountCodeId })
        .from(checkoutDiscountCodes)
        .where(eq(checkoutDiscountCodes.checkoutId, anonymous.id))
        .limit(1);
      if (anonymousCode) {
        await tx
          .insert(checkoutDiscountCodes)
          .values({ checkoutId: own.id, discountCodeId: anonymousCode.id })
          .onConflictDoNothing();
      }
    }
    await tx.delete(checkoutLineItems).where(eq(checkoutLineItems.checkoutId, anonymous.id));
    await tx
      .update(checkouts)
      .set({ status: "abandoned", updatedAt: new Date() })
      .where(eq(checkouts.id, anonymous.id));
    await tx.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, own.id));
    return own.id;
  });
}
