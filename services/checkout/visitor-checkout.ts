// Whose cart is this? An anonymous visitor's checkout id lives in their server-side session (the httpOnly
// session cookie is the only key to it); a signed-in customer's open checkout is found by customer id, so it
// follows them across devices. Every path that names a checkout id is checked against this answer.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkouts } from "../../db/schema/commerce.ts";
import { customers } from "../../db/schema/customers.ts";
import { sessions } from "../../db/schema/system.ts";
import { NotFound } from "../errors.ts";
import { mergeAnonymousCheckout } from "./checkout-merge.ts";

export interface Visitor {
  /** Null until the visitor has a session (no cookie yet). */
  sessionId: string | null;
  /** The session's data object; the checkout id is kept in it under `checkoutId` (updated in place). */
  sessionData: Record<string, unknown>;
  customerId: number | null;
  ipAddress: string | null;
}

export const SESSION_CHECKOUT_KEY = "checkoutId";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isCheckoutId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The customer record of a signed-in user (null for anonymous visitors and users without one). */
export async function findCustomerIdByUserId(
  db: Pick<Database, "select">,
  userId: number | null,
): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, userId));
  return row?.id ?? null;
}

async function openCheckoutOfCustomer(db: Pick<Database, "select">, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.customerId, customerId), eq(checkouts.status, "open")))
    .orderBy(desc(checkouts.updatedAt), desc(checkouts.createdAt))
    .limit(1);
  return row?.id ?? null;
}

async function isOpenAnonymousCheckout(db: Pick<Database, "select">, checkoutId: unknown): Promise<boolean> {
  if (!isCheckoutId(checkoutId)) return false;
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "open"), sql`${checkouts.customerId} is null`));
  return row !== undefined;
}

/** The visitor's open checkout, or null when they have none. Never creates one. */
export async function findVisitorCheckoutId(db: Database, visitor: Visitor): Promise<string | null> {
  const sessionCheckout = visitor.sessionData[SESSION_CHECKOUT_KEY];
  if (visitor.customerId !== null) {
    const own = await openCheckoutOfCustomer(db, visitor.customerId);
    if (own) return own;
    // Signed in without the merge having run (or with a cart made in another tab before sign-in): adopt it.
    if (await isOpenAnonymousCheckout(db, sessionCheckout)) {
      return mergeAnonymousCheckout(db, {
        anonymousCheckoutId: sessionCheckout as string,
        customerId: visitor.customerId,
      });
    }
    return null;
  }
  return (await isOpenAnonymousCheckout(db, sessionCheckout)) ? (sessionCheckout as string) : null;
}

/**
 * The visitor's open checkout, created on first need. Creation is serialised per owner (the customer row,
 * or the session row of an anonymous visitor, is locked), so parallel first adds share one checkout.
 */
export async function ensureVisitorCheckout(db: Database, visitor: Visitor): Promise<string> {
  const existing = await findVisitorCheckoutId(db, visitor);
  if (existing) return existing;
  const { customerId } = visitor;
  if (customerId !== null) {
    return db.transaction(async (tx) => {
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
      const again = await openCheckoutOfCustomer(tx, customerId);
      if (again) return again;
      const [created] = await tx
        .insert(checkouts)
        .values({ customerId, ipAddress: visitor.ipAddress })
        .returning({ id: checkouts.id });
      return created.id;
    });
  }
  const sessionId = visitor.sessionId;
  if (sessionId === null) throw new Error("ensureVisitorCheckout needs a session for an anonymous visitor");
  const id = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ checkoutId: sql<string | null>`${sessions.data} ->> ${SESSION_CHECKOUT_KEY}` })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for("update");
    if (!locked) throw new NotFound("Your session has expired. Please reload the page.");
    if (await isOpenAnonymousCheckout(tx, locked.checkoutId)) return locked.checkoutId as string;
    const [created] = await tx
      .insert(checkouts)
      .values({ ipAddress: visitor.ipAddress })
      .returning({ id: checkouts.id });
    // Only this key is written (not the whole data object), so other session data is never overwritten.
    await tx
      .update(sessions)
      .set({ data: sql`${sessions.data} || jsonb_build_object(${SESSION_CHECKOUT_KEY}::text, ${created.id}::text)` })
      .where(eq(sessions.id, sessionId));
    return created.id;
  });
  visitor.sessionData[SESSION_CHECKOUT_KEY] = id;
  return id;
}

/**
 * A checkout id from a path, accepted only when it is the visitor's own open checkout. Anything else
 * (another visitor's, a completed one, a malformed id) is "not found": the answer reveals nothing.
 */
export async function requireVisitorCheckout(db: Database, visitor: Visitor, checkoutId: string): Promise<string> {
  const own = isCheckoutId(checkoutId) ? await findVisitorCheckoutId(db, visitor) : null;
  if (own === null || own !== checkoutId.toLowerCase()) {
    throw new NotFound("Invalid checkout. Please reload the page and try again.");
  }
  return own;
}

/** The visitor of a request whose session is already loaded (API routes and page loaders alike). */
export async function visitorFromSession(
  db: Database,
  session: { id: string; userId: number | null; data: Record<string, unknown> } | null,
  ipAddress: string | null,
): Promise<Visitor> {
  return {
    sessionId: session?.id ?? null,
    // The session's own object: the checkout id is written into it so later saves in the request keep it.
    sessionData: session?.data ?? {},
    customerId: await findCustomerIdByUserId(db, session?.userId ?? null),
    ipAddress,
  };
}
