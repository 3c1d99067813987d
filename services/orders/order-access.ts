// Who may see an order: the signed-in customer who placed it; a guest through the signed link of the
// confirmation e-mail (a random token whose hash is stored as a 'guest_order' auth token bound to the order
// number); and the browser that placed it, for the confirmation page (an order id kept in its session).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { authTokens } from "../../db/schema/customers.ts";

/** Long enough for a customer to come back to an order from the e-mail months later. */
export const GUEST_ORDER_LINK_TTL_MS = 180 * 24 * 60 * 60 * 1000;
export const SESSION_ORDERS_KEY = "placedOrderIds";
const MAX_SESSION_ORDERS = 20;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates the token of a guest order link (inside the order's transaction). */
export async function createGuestOrderToken(
  tx: Pick<Database, "insert">,
  orderNumber: string,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(authTokens).values({
    userId: null,
    purpose: "guest_order",
    tokenHash: hashToken(token),
    subject: orderNumber,
    expiresAt: new Date(now.getTime() + GUEST_ORDER_LINK_TTL_MS),
  });
  return token;
}

export async function guestTokenOpensOrder(
  db: Pick<Database, "select">,
  token: string,
  orderNumber: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, "guest_order"),
        eq(authTokens.subject, orderNumber),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return row !== undefined;
}

export function sessionOrderIds(sessionData: Record<string, unknown>): number[] {
  const value = sessionData[SESSION_ORDERS_KEY];
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

/** The session data patch that lets this browser see the order it just placed. */
export function withSessionOrder(sessionData: Record<string, unknown>, orderId: number): Record<string, unknown> {
  const ids = [orderId, ...sessionOrderIds(sessionData).filter((id) => id !== orderId)].slice(0, MAX_SESSION_ORDERS);
  return { [SESSION_ORDERS_KEY]: ids };
}
