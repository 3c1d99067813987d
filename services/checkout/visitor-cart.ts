// The cart as one visitor sees it: each call finds (or creates) the visitor's own checkout, makes the change
// and answers the checkout as the API shows it. The REST routes and the pages call these.
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutLineItems } from "../../db/schema/commerce.ts";
import { NotFound, Unprocessable } from "../errors.ts";
import {
  addLineItemAtomically,
  applyDiscountCode,
  changeLineItems,
  type LineItemInput,
  removeDiscountCode,
  removeLineItem,
  resolveHandlesToLevels,
} from "./cart-service.ts";
import { type CheckoutDto, EMPTY_CHECKOUT, toCheckoutDto } from "./checkout-dto.ts";
import { loadCheckoutState } from "./checkout-state.ts";
import {
  ensureVisitorCheckout,
  findVisitorCheckoutId,
  isCheckoutId,
  requireVisitorCheckout,
  SESSION_CHECKOUT_KEY,
  type Visitor,
  visitorFromSession,
} from "./visitor-checkout.ts";

export interface CartContext {
  currency: string;
}

async function answer(db: Database, checkoutId: string, visitor: Visitor, context: CartContext): Promise<CheckoutDto> {
  const state = await loadCheckoutState(db, checkoutId, { currency: context.currency, ipAddress: visitor.ipAddress });
  if (!state) throw new NotFound("Invalid checkout. Please reload the page and try again.");
  return toCheckoutDto(state);
}

export async function getVisitorCart(db: Database, visitor: Visitor, context: CartContext): Promise<CheckoutDto> {
  const checkoutId = await findVisitorCheckoutId(db, visitor);
  return checkoutId ? answer(db, checkoutId, visitor, context) : EMPTY_CHECKOUT;
}

/** Units in the visitor's cart (the header's count); 0 without a cart. */
export async function countVisitorCartItems(db: Database, visitor: Visitor): Promise<number> {
  const checkoutId = await findVisitorCheckoutId(db, visitor);
  if (!checkoutId) return 0;
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${checkoutLineItems.quantity}), 0)::int` })
    .from(checkoutLineItems)
    .where(eq(checkoutLineItems.checkoutId, checkoutId));
  return Number(row?.units ?? 0);
}

export async function addToVisitorCart(
  db: Database,
  visitor: Visitor,
  items: LineItemInput[],
  context: CartContext,
): Promise<CheckoutDto> {
  if (items.length !== 1) {
    const checkoutId = await ensureVisitorCheckout(db, visitor);
    await changeLineItems(db, checkoutId, items, "add");
    return answer(db, checkoutId, visitor, context);
  }
  // One item (a card's or the product page's Add to Cart): the single-statement path. An anonymous
  // visitor's checkout id is taken from the session as is: the statement itself checks it is open and
  // theirs, and a closed one (an order was placed) is replaced by a new cart.
  const owner = visitor.customerId;
  const fromSession = visitor.sessionData[SESSION_CHECKOUT_KEY];
  let checkoutId = owner === null && isCheckoutId(fromSession) ? fromSession : await ensureVisitorCheckout(db, visitor);
  if ((await addLineItemAtomically(db, { id: checkoutId, customerId: owner }, items[0])) === "checkout-closed") {
    checkoutId = await ensureVisitorCheckout(db, visitor);
    if ((await addLineItemAtomically(db, { id: checkoutId, customerId: owner }, items[0])) === "checkout-closed") {
      throw new Unprocessable("Your cart could not be updated. Please reload the page and try again.");
    }
  }
  return answer(db, checkoutId, visitor, context);
}

export async function setVisitorCartQuantities(
  db: Database,
  visitor: Visitor,
  items: LineItemInput[],
  context: CartContext,
): Promise<CheckoutDto> {
  const checkoutId = await ensureVisitorCheckout(db, visitor);
  await changeLineItems(db, checkoutId, items, "set");
  return answer(db, checkoutId, visitor, context);
}

export async function removeFromVisitorCart(
  db: Database,
  visitor: Visitor,
  lineItemId: number,
  context: CartContext,
): Promise<CheckoutDto> {
  const checkoutId = await findVisitorCheckoutId(db, visitor);
  if (!checkoutId) throw new NotFound("This item is not in your cart. Please reload the page.");
  await removeLineItem(db, checkoutId, lineItemId);
  return answer(db, checkoutId, visitor, context);
}

export async function addProductsToVisitorCart(
  db: Database,
  visitor: Visitor,
  handles: string[],
  context: CartContext,
): Promise<CheckoutDto> {
  const items = await resolveHandlesToLevels(db, handles);
  return addToVisitorCart(db, visitor, items, context);
}

export async function applyVisitorDiscount(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  code: string,
  context: CartContext,
): Promise<CheckoutDto> {
  const own = await requireVisitorCheckout(db, visitor, checkoutId);
  await applyDiscountCode(db, own, code, {
    currency: context.currency,
    customerId: visitor.customerId,
    ipAddress: visitor.ipAddress,
  });
  return answer(db, own, visitor, context);
}

export async function removeVisitorDiscount(
  db: Database,
  visitor: Visitor,
  checkoutId: string,
  code: string,
  context: CartContext,
): Promise<CheckoutDto> {
  const own = await requireVisitorCheckout(db, visitor, checkoutId);
  await removeDiscountCode(db, own, code);
  return answer(db, own, visitor, context);
}

/** The header's count for a page request: units in the cart of the session's visitor. */
export async function countSessionCartItems(
  db: Database,
  session: { id: string; userId: number | null; data: Record<string, unknown> } | null,
): Promise<number> {
  if (!session) return 0;
  return countVisitorCartItems(db, await visitorFromSession(db, session, null));
}
