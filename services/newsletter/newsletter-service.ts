// Newsletter with double opt-in: a request only records a pending
// subscription and mails a confirmation link; the address is subscribed once its owner confirms. Every
// newsletter mail carries an unsubscribe link. Answers are the same whether or not the address is known.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { newsletterSubscriptions } from "../../db/schema/system.ts";
import { composeEmail, type MailContext } from "../account/account-emails.ts";
import { queueEmail } from "../email/mailer.ts";
import { InvalidInput } from "../errors.ts";

export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CONFIRM_LINK_INVALID =
  "This confirmation link has expired or was already used. Please sign up again from the form at the bottom of any page.";

export interface NewsletterContext extends MailContext {
  db: Database;
  /** Server secret: unsubscribe tokens are derived from it, so any later mail can carry the same link. */
  secret: string;
}

function hash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Stable per address, unguessable without the server secret. */
export function unsubscribeToken(secret: string, email: string): string {
  return createHmac("sha256", secret).update(`newsletter-unsubscribe:${email}`).digest("base64url");
}

function unsubscribeFooter(ctx: NewsletterContext, email: string): string {
  return `You receive this because this address was entered in the newsletter form of ${ctx.storeName}. Unsubscribe at any time: ${ctx.publicUrl}/unsubscribe?token=${unsubscribeToken(ctx.secret, email)}`;
}

export async function requestSubscription(ctx: NewsletterContext, email: string, ipAddress: string | null) {
  const confirmToken = randomBytes(32).toString("base64url");
  const unsubscribeHash = hash(unsubscribeToken(ctx.secret, email));
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for("update");
    // Already subscribed: nothing to confirm, and no mail (the form must not become a way to spam someone).
    if (existing?.status === "confirmed") return;
    const values = {
      status: "pending" as const,
      confirmTokenHash: hash(confirmToken),
      unsubscribeTokenHash: unsubscribeHash,
      ipAddress,
      // For a pending request, createdAt is when the current link was sent (it expires from there).
      createdAt: new Date(),
    };
    if (existing) {
      await tx.update(newsletterSubscriptions).set(values).where(eq(newsletterSubscriptions.email, email));
    } else {
      await tx.insert(newsletterSubscriptions).values({ email, ...values });
    }
    await queueEmail(
      tx,
      composeEmail(ctx, {
        to: email,
        kind: "newsletter_confirm",
        subject: `Confirm your subscription to the ${ctx.storeName} newsletter`,
        paragraphs: [
          "Please confirm that you want our newsletter: pool and spa care tips, new parts and offers, about twice a month.",
          "Until you confirm, we send you nothing else. The link works for 7 days.",
        ],
        action: {
          label: "Confirm my subscription",
          url: `${ctx.publicUrl}/confirm-subscription?token=${confirmToken}`,
        },
        footer: [unsubscribeFooter(ctx, email)],
      }),
    );
  });
}

export async function confirmSubscription(ctx: NewsletterContext, token: string): Promise<{ email: string }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new InvalidInput(CONFIRM_LINK_INVALID);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(newsletterSubscriptions)
      .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, unsubscribedAt: null })
      .where(
        and(
          eq(newsletterSubscriptions.confirmTokenHash, hash(token)),
          eq(newsletterSubscriptions.status, "pending"),
          gt(newsletterSubscriptions.createdAt, new Date(now.getTime() - CONFIRM_TTL_MS)),
        ),
      )
      .returning({ email: newsletterSubscriptions.email });
    if (!row) throw new InvalidInput(CONFIRM_LINK_INVALID);
    await queueEmail(
      tx,
      composeEmail(ctx, {
        to: row.email,
        kind: "newsletter_welcome",
        subject: `You are subscribed to the ${ctx.storeName} newsletter`,
        paragraphs: ["Thank you: your subscription is confirmed. The next issue comes to this address."],
        footer: [unsubscribeFooter(ctx, row.email)],
      }),
    );
    return row;
  });
}

/** Ends a subscription; repeating it is harmless. */
export async function unsubscribe(db: Database, token: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) {
    throw new InvalidInput("This unsubscribe link is incomplete. Open it again from the e-mail.");
  }
  const [row] = await db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hash(token)));
  if (!row) throw new InvalidInput("This unsubscribe link is not valid. Open it again from the e-mail.");
  if (row.status === "unsubscribed") return;
  await db
    .update(newsletterSubscriptions)
    .set({ status: "unsubscribed", unsubscribedAt: new Date(), confirmTokenHash: null })
    .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hash(token)));
}
