// Cart changes: add, set quantity, remove, add by product handle, apply and remove a discount code.
// Each change runs in a short transaction that first locks the checkout row: changes to one cart (and
// order placement, which takes the same lock) run one after the other, so ten parallel adds of one item
// end as one line with the summed quantity, and a line is never changed while its order is being placed.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { inventoryItems, inventoryLevels, products, variants } from "../../db/schema/catalog.ts";
import { checkoutDiscountCodes, checkoutLineItems, checkouts, discountCodes } from "../../db/schema/commerce.ts";
import { productIsPublished } from "../catalog/published.ts";
import {
  checkDiscount,
  eligibleSubtotalCents,
  normalizeDiscountCode,
  unknownCodeProblem,
} from "../discounts/discount-rules.ts";
import { findDiscountCode, hasRedeemed, withEligibleProducts } from "../discounts/discount-store.ts";
import { InvalidInput, NotFound, Unprocessable } from "../errors.ts";
import { DEFAULT_VARIANT_TITLE, findCheckoutRecord, loadCheckoutLines } from "./checkout-state.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface LineItemInput {
  inventoryLevelId: number;
  quantity: number;
}

/** Largest quantity of one line: far above any real order, small enough that sums never overflow. */
export const MAX_LINE_QUANTITY = 9999;

export const NOT_FOR_SALE_MESSAGE = "Item is not available for sale";

export function cantAddMoreThan(limit: number): string {
  return `Can't add more than ${limit}`;
}

async function lockOpenCheckout(tx: Tx, checkoutId: string): Promise<void> {
  const [row] = await tx
    .select({ status: checkouts.status })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId))
    .for("update");
  if (!row) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  if (row.status !== "open") {
    throw new Unprocessable("This cart has already been checked out. Please reload the page to start a new one.");
  }
}

async function touch(tx: Tx, checkoutId: string): Promise<void> {
  await tx.update(checkouts).set({ updatedAt: new Date() }).where(eq(checkouts.id, checkoutId));
}

interface LevelForSale {
  id: number;
  variantId: number;
  available: number;
  unlimited: boolean;
  forSale: boolean;
}

async function loadLevels(tx: Tx, levelIds: number[]): Promise<Map<number, LevelForSale>> {
  const rows = await tx
    .select({
      id: inventoryLevels.id,
      variantId: variants.id,
      available: inventoryLevels.available,
      unlimited: sql<boolean>`(${inventoryLevels.bypassNegativeQuantity} or not ${inventoryItems.tracked})`,
      forSale: sql<boolean>`(${productIsPublished()} and ${products.availableForSale} and ${variants.availableForSale})`,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(variants, eq(variants.id, inventoryItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(inventoryLevels.id, levelIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Sums repeated levels of one request, so `[{1, 2}, {1, 3}]` is one change of 5. */
function mergeInputs(items: LineItemInput[]): LineItemInput[] {
  const byLevel = new Map<number, number>();
  for (const item of items)
    byLevel.set(item.inventoryLevelId, (byLevel.get(item.inventoryLevelId) ?? 0) + item.quantity);
  return [...byLevel].map(([inventoryLevelId, quantity]) => ({ inventoryLevelId, quantity }));
}

/**
 * Adds quantities (mode 'add') or sets them ('set'; 0 removes the line). All or nothing: one item over its
 * stock refuses the whole request, with the limit in the message.
 */
export async function changeLineItems(
  db: Database,
  checkoutId: string,
  items: LineItemInput[],
  mode: "add" | "set",
): Promise<void> {
  const wanted = mergeInputs(items);
  if (wanted.length === 0) throw new InvalidInput("No items given.");
  await db.transaction(async (tx) => {
    await lockOpenCheckout(tx, checkoutId);
    const levelIds = wanted.map((item) => item.inventoryLevelId);
    const [levels, existing] = await Promise.all([
      loadLevels(tx, levelIds),
      tx
        .select({ inventoryLevelId: checkoutLineItems.inventoryLevelId, quantity: checkoutLineItems.quantity })
        .from(checkoutLineItems)
        .where(
          and(eq(checkoutLineItems.checkoutId, checkoutId), inArray(checkoutLineItems.inventoryLevelId, levelIds)),
        ),
    ]);
    const inCart = new Map(existing.map((line) => [line.inventoryLevelId, line.quantity]));
    for (const item of wanted) {
      const level = levels.get(item.inventoryLevelId);
      if (!level) throw new NotFound("This item is no longer available. Please reload the page.");
      const current = inCart.get(item.inventoryLevelId) ?? 0;
      const quantity = mode === "add" ? current + item.quantity : item.quantity;
      if (quantity <= 0) {
        await tx
          .delete(checkoutLineItems)
          .where(
            and(
              eq(checkoutLineItems.checkoutId, checkoutId),
              eq(checkoutLineItems.inventoryLevelId, item.inventoryLevelId),
            ),
          );
        continue;
      }
      // Lowering the quantity of an item that went off sale is allowed; adding to it is not.
      const growing = quantity > current;
      if (growing && (!level.forSale || (!level.unlimited && level.available <= 0))) {
        throw new Unprocessable(NOT_FOR_SALE_MESSAGE);
      }
      if (growing && !level.unlimited && quantity > level.available) {
        throw new Unprocessable(cantAddMoreThan(Math.max(0, level.available)));
      }
      if (quantity > MAX_LINE_QUANTITY) throw new Unprocessable(cantAddMoreThan(MAX_LINE_QUANTITY));
      await tx
        .insert(checkoutLineItems)
        .values({ checkoutId, inventoryLevelId: item.inventoryLevelId, variantId: level.variantId, quantity })
        .onConflictDoUpdate({
          target: [checkoutLineItems.checkoutId, checkoutLineItems.inventoryLevelId],
          set: { quantity, updatedAt: new Date() },
        });
    }
    await touch(tx, checkoutId);
  });
}

export type AddOutcome = "added" | "checkout-closed";

/**
 * The hot path: one unit (or a few) of one item added with ONE statement, no round trips in between. The
 * CTE's update of the checkout row both checks that the checkout is open and the owner's, and takes the row
 * lock that serialises changes to this cart (and order placement); the upsert adds to the line atomically
 * (ON CONFLICT works on the latest version of the line) only while the stock allows it. When nothing is
 * written, a read finds the reason for the message. "checkout-closed": not open or not this owner's.
 */
export async function addLineItemAtomically(
  db: Database,
  checkout: { id: string; customerId: number | null },
  item: LineItemInput,
): Promise<AddOutcome> {
  const { inventoryLevelId, quantity } = item;
  const result = await db.execute(sql`
    with target as (
      update checkouts set updated_at = now()
      where id = ${checkout.id} and status = 'open' and customer_id is not distinct from ${checkout.customerId}::int
      returning id
    ), level as (
      select il.id, ii.variant_id, il.available,
        (il.bypass_negative_quantity or not ii.tracked) as unlimited,
        (${productIsPublished()} and products.available_for_sale and v.available_for_sale) as for_sale
      from inventory_levels il
      join inventory_items ii on ii.id = il.inventory_item_id
      join variants v on v.id = ii.variant_id
      join products on products.id = v.product_id
      where il.id = ${inventoryLevelId}
    ), written as (
      insert into checkout_line_items (checkout_id, inventory_level_id, variant_id, quantity)
      select target.id, level.id, level.variant_id, ${quantity}::int from target, level
      where level.for_sale and (level.unlimited or level.available >= ${quantity}::int)
      on conflict (checkout_id, inventory_level_id) do update
        set quantity = checkout_line_items.quantity + excluded.quantity, updated_at = now()
        where checkout_line_items.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
          and ((select unlimited from level) or checkout_line_items.quantity + excluded.quantity <= (select available from level))
      returning quantity
    )
    select (select count(*) from target)::int as open, (select count(*) from written)::int as written`);
  const [row] = (result as unknown as { rows: Array<{ open: number; written: number }> }).rows;
  if (row.written > 0) return "added";
  if (row.open === 0) return "checkout-closed";
  // Refused: say why, from a fresh read (the statement above changed nothing).
  const [level] = await db
    .select({
      available: inventoryLevels.available,
      unlimited: sql<boolean>`(${inventoryLevels.bypassNegativeQuantity} or not ${inventoryItems.tracked})`,
      forSale: sql<boolean>`(${productIsPublished()} and ${products.availableForSale} and ${variants.availableForSale})`,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(variants, eq(variants.id, inventoryItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(inventoryLevels.id, inventoryLevelId));
  if (!level) throw new NotFound("This item is no longer available. Please reload the page.");
  if (!level.forSale || (!level.unlimited && level.available <= 0)) throw new Unprocessable(NOT_FOR_SALE_MESSAGE);
  throw new Unprocessable(cantAddMoreThan(level.unlimited ? MAX_LINE_QUANTITY : Math.max(0, level.available)));
}

export async function removeLineItem(db: Database, checkoutId: string, lineItemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpenCheckout(tx, checkoutId);
    const removed = await tx
      .delete(checkoutLineItems)
      .where(and(eq(checkoutLineItems.id, lineItemId), eq(checkoutLineItems.checkoutId, checkoutId)))
      .returning({ id: checkoutLineItems.id });
    if (removed.length === 0) throw new NotFound("This item is not in your cart. Please reload the page.");
    await touch(tx, checkoutId);
  });
}

/**
 * The inventory level that "add by handle" puts in the cart: the default variant (titled 'Default Title',
 * else the first by position) at its best-stocked sellable level.
 */
export async function resolveHandlesToLevels(
  db: Pick<Database, "select">,
  handles: string[],
): Promise<LineItemInput[]> {
  const unique = [...new Set(handles.map((handle) => handle.trim()).filter((handle) => handle !== ""))];
  if (unique.length === 0) throw new InvalidInput("No product handles given.");
  const rows = await db
    .select({
      handle: products.handle,
      title: products.title,
      productForSale: products.availableForSale,
      variantTitle: variants.title,
      position: variants.position,
      variantId: variants.id,
      variantForSale: variants.availableForSale,
      levelId: inventoryLevels.id,
      available: inventoryLevels.available,
      unlimited: sql<boolean>`(${inventoryLevels.bypassNegativeQuantity} or not ${inventoryItems.tracked})`,
    })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, variants.id))
    .leftJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
    .where(and(inArray(products.handle, unique), productIsPublished()))
    .orderBy(asc(variants.position), asc(variants.id), asc(inventoryLevels.id));
  const result: LineItemInput[] = [];
  for (const handle of unique) {
    const productRows = rows.filter((row) => row.handle === handle);
    if (productRows.length === 0) throw new NotFound(`No product with the handle "${handle}".`);
    const defaultVariantId = (productRows.find((row) => row.variantTitle === DEFAULT_VARIANT_TITLE) ?? productRows[0])
      .variantId;
    const levels = productRows
      .filter((row) => row.variantId === defaultVariantId && row.levelId !== null)
      .filter((row) => row.productForSale && row.variantForSale && (row.unlimited || (row.available ?? 0) > 0))
      .sort((a, b) => Number(b.unlimited) - Number(a.unlimited) || (b.available ?? 0) - (a.available ?? 0));
    if (levels.length === 0) throw new Unprocessable(`${productRows[0].title}: ${NOT_FOR_SALE_MESSAGE}`);
    result.push({ inventoryLevelId: levels[0].levelId as number, quantity: 1 });
  }
  return result;
}

export interface DiscountApplyContext {
  currency: string;
  customerId: number | null;
  ipAddress: string | null;
  now?: Date;
}

/**
 * Puts a code on the cart when it applies now; otherwise refuses with the reason. A cart carries one code:
 * a new one replaces the old. Applying the code already on the cart changes nothing.
 */
export async function applyDiscountCode(
  db: Database,
  checkoutId: string,
  rawCode: string,
  context: DiscountApplyContext,
): Promise<void> {
  const codeText = normalizeDiscountCode(rawCode);
  if (codeText === "") throw new InvalidInput("Please enter a discount code.");
  const found = await findDiscountCode(db, codeText);
  if (!found) throw new Unprocessable(unknownCodeProblem(codeText).message);
  const record = await findCheckoutRecord(db, checkoutId);
  if (!record) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  const lines = await loadCheckoutLines(db, checkoutId);
  const code = await withEligibleProducts(
    db,
    found,
    lines.map((line) => line.productId),
  );
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const alreadyRedeemed = code.oncePerCustomer
    ? await hasRedeemed(db, code.id, {
        customerId: context.customerId ?? record.customerId,
        email: record.email,
        ipAddress: context.ipAddress,
      })
    : false;
  const problem = checkDiscount(code, {
    subtotalCents,
    eligibleSubtotalCents: eligibleSubtotalCents(code, lines),
    now: context.now ?? new Date(),
    alreadyRedeemed,
    currency: context.currency,
  });
  if (problem) throw new Unprocessable(problem.message);
  await db.transaction(async (tx) => {
    await lockOpenCheckout(tx, checkoutId);
    await tx
      .delete(checkoutDiscountCodes)
      .where(
        and(
          eq(checkoutDiscountCodes.checkoutId, checkoutId),
          sql`${checkoutDiscountCodes.discountCodeId} <> ${code.id}`,
        ),
      );
    await tx.insert(checkoutDiscountCodes).values({ checkoutId, discountCodeId: code.id }).onConflictDoNothing();
    // The address the code was applied from counts for "one redemption per IP address".
    await tx
      .update(checkouts)
      .set({ updatedAt: new Date(), ...(context.ipAddress ? { ipAddress: context.ipAddress } : {}) })
      .where(eq(checkouts.id, checkoutId));
  });
}

export async function removeDiscountCode(db: Database, checkoutId: string, rawCode: string): Promise<void> {
  const codeText = normalizeDiscountCode(rawCode);
  if (codeText === "") throw new InvalidInput("Please give the discount code to remove.");
  await db.transaction(async (tx) => {
    await lockOpenCheckout(tx, checkoutId);
    const removed = await tx
      .delete(checkoutDiscountCodes)
      .where(
        and(
          eq(checkoutDiscountCodes.checkoutId, checkoutId),
          inArray(
            checkoutDiscountCodes.discountCodeId,
            tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, codeText)),
          ),
        ),
      )
      .returning({ id: checkoutDiscountCodes.discountCodeId });
    if (removed.length === 0) throw new NotFound(`The discount code ${codeText} is not on this cart.`);
    await touch(tx, checkoutId);
  });
}
