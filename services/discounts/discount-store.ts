// Discount codes in the database: lookup, "used before?" and the redemption at order placement.
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  discountCodeCollections,
  discountCodeProducts,
  discountCodes,
  discountRedemptions,
} from "../../db/schema/commerce.ts";
import {
  type DiscountCodeData,
  type DiscountProblem,
  normalizeDiscountCode,
  ONCE_PER_CUSTOMER_NOTE,
} from "./discount-rules.ts";

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "select" | "insert" | "update">;

export const discountCodeColumns = {
  id: discountCodes.id,
  code: discountCodes.code,
  title: discountCodes.title,
  kind: discountCodes.kind,
  percentOff: discountCodes.percentOff,
  amountOffCents: discountCodes.amountOffCents,
  minimumSubtotalCents: discountCodes.minimumSubtotalCents,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  usageCount: discountCodes.usageCount,
  oncePerCustomer: discountCodes.oncePerCustomer,
  isActive: discountCodes.isActive,
  appliesTo: discountCodes.appliesTo,
};

export async function findDiscountCode(db: Reader, code: string): Promise<DiscountCodeData | null> {
  const normalized = normalizeDiscountCode(code);
  if (normalized === "") return null;
  const [row] = await db.select(discountCodeColumns).from(discountCodes).where(eq(discountCodes.code, normalized));
  return row ?? null;
}

/**
 * For a code limited to products or categories: which of `productIds` (the cart's) it covers. A category
 * covers its products and those of its subcategories. A code for everything is returned as it is.
 */
export async function withEligibleProducts(
  db: Reader,
  code: DiscountCodeData,
  productIds: readonly number[],
): Promise<DiscountCodeData> {
  if (code.appliesTo === "all") return code;
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return { ...code, eligibleProductIds: [] };
  const idList = sql`${`{${ids.join(",")}}`}::int[]`;
  const rows =
    code.appliesTo === "products"
      ? await db
          .select({ productId: discountCodeProducts.productId })
          .from(discountCodeProducts)
          .where(
            and(
              eq(discountCodeProducts.discountCodeId, code.id),
              sql`${discountCodeProducts.productId} = any(${idList})`,
            ),
          )
      : await db
          .select({ productId: sql<number>`cp.product_id` })
          .from(sql`collection_products cp`)
          .where(
            sql`cp.product_id = any(${idList}) and cp.collection_id in (
              with recursive covered(id) as (
                select ${discountCodeCollections.collectionId} from ${discountCodeCollections}
                where ${discountCodeCollections.discountCodeId} = ${code.id}
                union
                select c.id from collections c join covered on c.parent_id = covered.id
              )
              select id from covered
            )`,
          );
  return { ...code, eligibleProductIds: [...new Set(rows.map((row) => Number(row.productId)))] };
}

/** Who is redeeming: a code limited to one use counts the account, the e-mail address and the IP address. */
export interface Redeemer {
  customerId: number | null;
  email: string | null;
  ipAddress: string | null;
}

function redeemerMatch(who: Redeemer): SQL | undefined {
  const conditions: SQL[] = [];
  if (who.customerId !== null) conditions.push(eq(discountRedemptions.customerId, who.customerId));
  if (who.email) conditions.push(sql`lower(${discountRedemptions.email}) = lower(${who.email})`);
  if (who.ipAddress) conditions.push(eq(discountRedemptions.ipAddress, who.ipAddress));
  return conditions.length > 0 ? or(...conditions) : undefined;
}

export async function hasRedeemed(db: Reader, discountCodeId: number, who: Redeemer): Promise<boolean> {
  const match = redeemerMatch(who);
  if (!match) return false;
  const [row] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountCodeId, discountCodeId), match))
    .limit(1);
  return row !== undefined;
}

/**
 * Counts one use of the code for an order, inside the order's transaction. The conditional increment
 * both checks the limit and takes the code's row lock, so concurrent orders queue here: the limit is
 * never exceeded, and a second order of the same shopper sees the first one's redemption (READ COMMITTED
 * re-reads after the lock) and is refused. Returns the problem when the code can no longer be used.
 */
export async function redeemDiscountCode(
  tx: Writer,
  input: { code: DiscountCodeData; orderId: number } & Redeemer,
): Promise<DiscountProblem | null> {
  const { code } = input;
  const counted = await tx
    .update(discountCodes)
    .set({ usageCount: sql`${discountCodes.usageCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        sql`(${discountCodes.usageLimit} is null or ${discountCodes.usageCount} < ${discountCodes.usageLimit})`,
      ),
    )
    .returning({ usageCount: discountCodes.usageCount });
  if (counted.length === 0) {
    return { reason: "usage_limit_reached", message: `The discount code ${code.code} has reached its usage limit.` };
  }
  if (code.oncePerCustomer && (await hasRedeemed(tx, code.id, input))) {
    return {
      reason: "already_used",
      message: `The discount code ${code.code} has already been used. ${ONCE_PER_CUSTOMER_NOTE}.`,
    };
  }
  await tx.insert(discountRedemptions).values({
    discountCodeId: code.id,
    orderId: input.orderId,
    customerId: input.customerId,
    email: input.email,
    ipAddress: input.ipAddress,
  });
  return null;
}
