// Reads a checkout with everything the cart, the checkout page and order placement need: its lines
// priced from the catalog as it is now (a cart never keeps a stale price), stock, the applied discount
// code, the shipping policy and the totals.
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { inventoryItems, inventoryLevels, products, variants } from "../../db/schema/catalog.ts";
import {
  type AddressSnapshot,
  type CheckoutStatus,
  checkoutDiscountCodes,
  checkoutLineItems,
  checkouts,
  discountCodes,
} from "../../db/schema/commerce.ts";
import { productIsPublished } from "../catalog/published.ts";
import type { DiscountCodeData } from "../discounts/discount-rules.ts";
import { discountCodeColumns, hasRedeemed, withEligibleProducts } from "../discounts/discount-store.ts";
import { loadShippingPolicy } from "../shipping/shipping-policy-store.ts";
import type { ShippingPolicyData } from "../shipping/shipping-quote.ts";
import { type CheckoutTotals, computeCheckoutTotals } from "./checkout-totals.ts";
import { taxRateFor } from "./tax-rates.ts";

type Reader = Pick<Database, "select">;

export const DEFAULT_VARIANT_TITLE = "Default Title";

export interface CheckoutLineState {
  id: number;
  inventoryLevelId: number;
  variantId: number;
  productId: number;
  quantity: number;
  unitPriceCents: number;
  productHandle: string;
  title: string;
  /** Null for a product's only variant ('Default Title'). */
  variantTitle: string | null;
  imageUrl: string | null;
  sku: string | null;
  availableForSale: boolean;
  /** Units on hand at the line's inventory level (0 or more); meaningless when bypassNegativeQuantity. */
  availableQuantity: number;
  /** Sold regardless of stock (the level bypasses negative quantity, or the item is not tracked). */
  bypassNegativeQuantity: boolean;
  freeShippingEligible: boolean;
  weightGrams: number;
}

export interface CheckoutRecord {
  id: string;
  status: CheckoutStatus;
  customerId: number | null;
  email: string | null;
  shippingAddress: AddressSnapshot | null;
  billingAddress: AddressSnapshot | null;
  shippingRateId: number | null;
  ipAddress: string | null;
}

export interface CheckoutState extends CheckoutRecord {
  lines: CheckoutLineState[];
  discountCode: DiscountCodeData | null;
  policy: ShippingPolicyData | null;
  totals: CheckoutTotals;
}

export interface LoadOptions {
  currency: string;
  now?: Date;
  /** The visitor's address now: a once-per-IP code is checked against it as well as the checkout's. */
  ipAddress?: string | null;
}

export const checkoutRecordColumns = {
  id: checkouts.id,
  status: checkouts.status,
  customerId: checkouts.customerId,
  email: checkouts.email,
  shippingAddress: checkouts.shippingAddress,
  billingAddress: checkouts.billingAddress,
  shippingRateId: checkouts.shippingRateId,
  ipAddress: checkouts.ipAddress,
};

export async function findCheckoutRecord(db: Reader, checkoutId: string): Promise<CheckoutRecord | null> {
  const [row] = await db.select(checkoutRecordColumns).from(checkouts).where(eq(checkouts.id, checkoutId));
  return row ?? null;
}

export async function loadCheckoutLines(db: Reader, checkoutId: string): Promise<CheckoutLineState[]> {
  const rows = await db
    .select({
      id: checkoutLineItems.id,
      inventoryLevelId: checkoutLineItems.inventoryLevelId,
      variantId: checkoutLineItems.variantId,
      quantity: checkoutLineItems.quantity,
      productId: products.id,
      productHandle: products.handle,
      title: products.title,
      variantTitle: variants.title,
      unitPriceCents: variants.priceCents,
      sku: sql<string | null>`coalesce(${inventoryItems.sku}, ${variants.sku})`,
      imageUrl: sql<
        string | null
      >`(select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position, pi.id limit 1)`,
      available: inventoryLevels.available,
      bypass: sql<boolean>`(${inventoryLevels.bypassNegativeQuantity} or not ${inventoryItems.tracked})`,
      forSale: sql<boolean>`(${productIsPublished()} and ${products.availableForSale} and ${variants.availableForSale})`,
      freeShippingEligible: sql<boolean>`(${products.freeShippingEligible} and not ${products.oversized})`,
      weightGrams: sql<number>`coalesce(${variants.weightGrams}, ${products.weightGrams}, 0)`,
    })
    .from(checkoutLineItems)
    .innerJoin(inventoryLevels, eq(inventoryLevels.id, checkoutLineItems.inventoryLevelId))
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(variants, eq(variants.id, checkoutLineItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(checkoutLineItems.checkoutId, checkoutId))
    .orderBy(asc(checkoutLineItems.id));
  return rows.map((row) => {
    const availableQuantity = Math.max(0, row.available);
    return {
      id: row.id,
      inventoryLevelId: row.inventoryLevelId,
      variantId: row.variantId,
      productId: row.productId,
      quantity: row.quantity,
      unitPriceCents: row.unitPriceCents,
      productHandle: row.productHandle,
      title: row.title,
      variantTitle: row.variantTitle === DEFAULT_VARIANT_TITLE ? null : row.variantTitle,
      imageUrl: row.imageUrl,
      sku: row.sku,
      availableForSale: row.forSale && (row.bypass || availableQuantity > 0),
      availableQuantity,
      bypassNegativeQuantity: row.bypass,
      freeShippingEligible: row.freeShippingEligible,
      weightGrams: Number(row.weightGrams),
    };
  });
}

async function loadAppliedCode(db: Reader, checkoutId: string): Promise<DiscountCodeData | null> {
  const [row] = await db
    .select(discountCodeColumns)
    .from(checkoutDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, checkoutDiscountCodes.discountCodeId))
    .where(eq(checkoutDiscountCodes.checkoutId, checkoutId))
    .orderBy(asc(checkoutDiscountCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Prices, stock, discount and shipping of a checkout as they are now. */
export async function priceCheckout(
  db: Reader,
  record: CheckoutRecord,
  options: LoadOptions,
  lines?: CheckoutLineState[],
): Promise<CheckoutState> {
  const [loadedLines, discountCode, policy] = await Promise.all([
    lines ?? loadCheckoutLines(db, record.id),
    loadAppliedCode(db, record.id),
    loadShippingPolicy(db),
  ]);
  return price(db, record, loadedLines, discountCode, policy, options);
}

async function price(
  db: Reader,
  record: CheckoutRecord,
  lines: CheckoutLineState[],
  discountCode: DiscountCodeData | null,
  policy: ShippingPolicyData | null,
  options: LoadOptions,
): Promise<CheckoutState> {
  const address = record.shippingAddress;
  const destination = address?.countryCode
    ? { countryCode: address.countryCode, stateCode: address.stateCode ?? null }
    : null;
  if (discountCode) {
    discountCode = await withEligibleProducts(
      db,
      discountCode,
      lines.map((line) => line.productId),
    );
  }
  const [alreadyRedeemed, taxRatePpm] = await Promise.all([
    discountCode?.oncePerCustomer
      ? hasRedeemed(db, discountCode.id, {
          customerId: record.customerId,
          email: record.email,
          ipAddress: options.ipAddress ?? record.ipAddress,
        })
      : false,
    taxRateFor(db, destination),
  ]);
  const totals = computeCheckoutTotals({
    lines,
    discountCode,
    policy,
    destination,
    taxRatePpm,
    chosenRateId: record.shippingRateId,
    now: options.now ?? new Date(),
    alreadyRedeemed,
    currency: options.currency,
  });
  return { ...record, lines, discountCode, policy, totals };
}

/** The checkout priced now; its reads run side by side (one round of queries). Null when it does not exist. */
export async function loadCheckoutState(
  db: Reader,
  checkoutId: string,
  options: LoadOptions,
): Promise<CheckoutState | null> {
  const [record, lines, discountCode, policy] = await Promise.all([
    findCheckoutRecord(db, checkoutId),
    loadCheckoutLines(db, checkoutId),
    loadAppliedCode(db, checkoutId),
    loadShippingPolicy(db),
  ]);
  return record ? price(db, record, lines, discountCode, policy, options) : null;
}
