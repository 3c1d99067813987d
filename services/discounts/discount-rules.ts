// Discount-code rules, pure: whether a code applies to a subtotal at a moment, why not, and how much it
// takes off. The database side (lookup, redemption under concurrency) is in discount-store.ts.
import type { DiscountKind, DiscountScope } from "../../db/schema/commerce.ts";
import { formatMoney } from "../../shared/money.ts";

export interface DiscountCodeData {
  id: number;
  code: string;
  title: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffCents: number | null;
  minimumSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  usageCount: number;
  oncePerCustomer: boolean;
  isActive: boolean;
  /** 'all' merchandise, or only some products or categories (discount_code_products / _collections). */
  appliesTo: DiscountScope;
  /**
   * For a code limited to products or categories: which of the cart's products it covers (resolved by
   * discount-store.ts's withEligibleProducts). Absent for a code that covers everything.
   */
  eligibleProductIds?: readonly number[];
}

export type DiscountProblemReason =
  | "unknown"
  | "inactive"
  | "not_started"
  | "expired"
  | "minimum_not_met"
  | "usage_limit_reached"
  | "already_used"
  | "not_applicable";

export interface DiscountProblem {
  reason: DiscountProblemReason;
  /** Written for the shopper: it is shown as is in the cart's danger alert. */
  message: string;
}

export const ONCE_PER_CUSTOMER_NOTE = "One Redemption Per Account/IP Address Only";

/** Codes are stored upper-cased; shoppers type them any way. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export function unknownCodeProblem(code: string): DiscountProblem {
  return { reason: "unknown", message: `The discount code "${normalizeDiscountCode(code)}" does not exist.` };
}

function day(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

export interface DiscountContext {
  /** Merchandise subtotal before any discount, in cents. */
  subtotalCents: number;
  now: Date;
  /** This customer, e-mail or IP address has redeemed the code before (only asked for once-per-customer codes). */
  alreadyRedeemed: boolean;
  currency: string;
  /**
   * The part of the subtotal the code covers (the products or categories it is limited to), in cents;
   * the whole subtotal when absent.
   */
  eligibleSubtotalCents?: number;
}

/** A cart line as the discount sees it: which product, and what it costs. */
export interface DiscountLine {
  productId?: number;
  unitPriceCents: number;
  quantity: number;
}

/** The part of the merchandise a code covers: every line, or the lines of its products or categories. */
export function eligibleSubtotalCents(
  code: Pick<DiscountCodeData, "appliesTo" | "eligibleProductIds">,
  lines: readonly DiscountLine[],
): number {
  const covered = code.appliesTo === "all" ? null : new Set(code.eligibleProductIds ?? []);
  let cents = 0;
  for (const line of lines) {
    if (covered === null || (line.productId !== undefined && covered.has(line.productId))) {
      cents += line.unitPriceCents * line.quantity;
    }
  }
  return cents;
}

/** Null when the code applies; otherwise the first reason it does not, in the order a shopper can act on. */
export function checkDiscount(code: DiscountCodeData, context: DiscountContext): DiscountProblem | null {
  const name = code.code;
  if (!code.isActive) return { reason: "inactive", message: `The discount code ${name} is no longer active.` };
  if (code.startsAt.getTime() > context.now.getTime()) {
    return {
      reason: "not_started",
      message: `The discount code ${name} is not active yet. It starts on ${day(code.startsAt)}.`,
    };
  }
  if (code.endsAt !== null && code.endsAt.getTime() <= context.now.getTime()) {
    return { reason: "expired", message: `The discount code ${name} expired on ${day(code.endsAt)}.` };
  }
  if (code.usageLimit !== null && code.usageCount >= code.usageLimit) {
    return { reason: "usage_limit_reached", message: `The discount code ${name} has reached its usage limit.` };
  }
  if (code.oncePerCustomer && context.alreadyRedeemed) {
    return {
      reason: "already_used",
      message: `The discount code ${name} has already been used. ${ONCE_PER_CUSTOMER_NOTE}.`,
    };
  }
  if (code.appliesTo !== "all" && (context.eligibleSubtotalCents ?? context.subtotalCents) <= 0) {
    return {
      reason: "not_applicable",
      message: `The discount code ${name} does not apply to the items in your cart.`,
    };
  }
  if (context.subtotalCents < code.minimumSubtotalCents) {
    const missing = code.minimumSubtotalCents - context.subtotalCents;
    return {
      reason: "minimum_not_met",
      message: `The discount code ${name} needs a subtotal of at least ${formatMoney(code.minimumSubtotalCents / 100, context.currency)}. Add ${formatMoney(missing / 100, context.currency)} more to use it.`,
    };
  }
  return null;
}

/**
 * What the code takes off the merchandise subtotal, in cents, never more than the subtotal. A percentage
 * is rounded half up to the cent; free shipping takes nothing off the merchandise (it zeroes shipping).
 */
export function discountAmountCents(
  code: Pick<DiscountCodeData, "kind" | "percentOff" | "amountOffCents">,
  subtotalCents: number,
): number {
  if (subtotalCents <= 0) return 0;
  if (code.kind === "percentage") {
    // percentOff has two decimals: work in hundredths of a percent so no float creeps into the cents.
    const basisPoints = Math.round((code.percentOff ?? 0) * 100);
    return Math.min(subtotalCents, Math.floor((subtotalCents * basisPoints + 5000) / 10000));
  }
  if (code.kind === "fixed_amount") return Math.min(subtotalCents, code.amountOffCents ?? 0);
  return 0;
}
