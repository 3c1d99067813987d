// How long the store keeps what anonymous requests and e-mails leave behind. Every period is here, and
// the hourly maintenance job (server/maintenance.ts) applies them; the README lists them for store owners.
import { and, eq, gte, inArray, isNotNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutLineItems, checkouts } from "../../db/schema/commerce.ts";
import { authTokens } from "../../db/schema/customers.ts";
import { emailOutbox, visits } from "../../db/schema/system.ts";

const DAY = 24 * 60 * 60 * 1000;

export const RETENTION = {
  /** Live-visit rows (one per page a visitor opened). */
  visitsMs: 90 * DAY,
  /** An open cart nobody touched for this long is deleted with its lines (placed orders keep their own copy). */
  abandonedCheckoutMs: 60 * DAY,
  /** The text of a sent or failed e-mail (it holds reset and order links); subject, address and status stay. */
  emailBodyMs: 7 * DAY,
  /** The e-mail records themselves. */
  emailRecordMs: 180 * DAY,
  /** One-time link tokens once used or expired (a guest order link lives 180 days until then). */
  spentAuthTokenMs: 7 * DAY,
} as const;

export interface PurgeCounts {
  visits: number;
  checkouts: number;
  emailBodies: number;
  emails: number;
  authTokens: number;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Applies every retention period once. Each statement is bounded by an index-friendly time condition. */
export async function purgeExpiredData(db: Database, now = new Date()): Promise<PurgeCounts> {
  const removedVisits = await db
    .delete(visits)
    .where(lt(visits.startedAt, before(now, RETENTION.visitsMs)))
    .returning({ id: visits.id });
  const cartCutoff = before(now, RETENTION.abandonedCheckoutMs);
  const removedCheckouts = await db
    .delete(checkouts)
    .where(
      and(
        eq(checkouts.status, "open"),
        lt(checkouts.updatedAt, cartCutoff),
        notExists(
          db
            .select({ id: checkoutLineItems.id })
            .from(checkoutLineItems)
            .where(and(eq(checkoutLineItems.checkoutId, checkouts.id), gte(checkoutLineItems.updatedAt, cartCutoff))),
        ),
      ),
    )
    .returning({ id: checkouts.id });
  const removedEmails = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lt(emailOutbox.createdAt, before(now, RETENTION.emailRecordMs)),
      ),
    )
    .returning({ id: emailOutbox.id });
  const blanked = await db
    .update(emailOutbox)
    .set({ textBody: "", htmlBody: null })
    .where(
      and(
        inArray(emailOutbox.status, ["sent", "failed"]),
        lt(emailOutbox.createdAt, before(now, RETENTION.emailBodyMs)),
        or(sql`${emailOutbox.textBody} <> ''`, isNotNull(emailOutbox.htmlBody)),
      ),
    )
    .returning({ id: emailOutbox.id });
  const spentBefore = before(now, RETENTION.spentAuthTokenMs);
  const removedTokens = await db
    .delete(authTokens)
    .where(
      or(lt(authTokens.expiresAt, spentBefore), and(isNotNull(authTokens.usedAt), lt(authTokens.usedAt, spentBefore))),
    )
    .returning({ id: authTokens.id });
  return {
    visits: removedVisits.length,
    checkouts: removedCheckouts.length,
    emailBodies: blanked.length,
    emails: removedEmails.length,
    authTokens: removedTokens.length,
  };
}
