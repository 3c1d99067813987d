import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { checkouts } from "../../db/schema/commerce.ts";
import { authTokens } from "../../db/schema/customers.ts";
import { emailOutbox, visits } from "../../db/schema/system.ts";
import { openTestDatabase } from "../catalog/test-database.ts";
import { purgeExpiredData, RETENTION } from "./retention.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

const DAY = 24 * 60 * 60 * 1000;

describe("retention", () => {
  test("every period is a constant, and the hourly purge applies each one, keeping what is younger", async () => {
    expect(RETENTION).toMatchObject({
      visitsMs: 90 * DAY,
      abandonedCheckoutMs: 60 * DAY,
      emailBodyMs: 7 * DAY,
      emailRecordMs: 180 * DAY,
      spentAuthTokenMs: 7 * DAY,
    });
    const db = handle.db;
    const now = new Date("2026-06-01T12:00:00Z");
    const ago = (days: number) => new Date(now.getTime() - days * DAY);

    const [oldVisit, newVisit] = await db
      .insert(visits)
      .values([
        { socketId: "old", path: "/", startedAt: ago(91) },
        { socketId: "new", path: "/", startedAt: ago(89) },
      ])
      .returning({ id: visits.id });
    const [oldCart, newCart, placedCart] = await db
      .insert(checkouts)
      .values([
        { status: "open", updatedAt: ago(61) },
        { status: "open", updatedAt: ago(59) },
        { status: "completed", updatedAt: ago(400) },
      ])
      .returning({ id: checkouts.id });
    const mail = (days: number, status: "sent" | "queued") => ({
      toAddress: "pat@example.com",
      subject: "Reset your password",
      textBody: "Choose a new password: https://store.example/reset-password#token=abc",
      htmlBody: "<p>link</p>",
      kind: "reset_password",
      status,
      createdAt: ago(days),
    });
    const [sentWeekAgo, sentYesterday, queuedWeekAgo, sentHalfYearAgo] = await db
      .insert(emailOutbox)
      .values([mail(8, "sent"), mail(1, "sent"), mail(8, "queued"), mail(181, "sent")])
      .returning({ id: emailOutbox.id });
    const token = (purpose: "guest_order" | "reset_password", expiresAt: Date, usedAt: Date | null) => ({
      userId: null,
      purpose: "guest_order" as const,
      tokenHash: `${purpose}-${expiresAt.getTime()}-${usedAt?.getTime() ?? 0}`,
      subject: "W100001",
      expiresAt,
      usedAt,
    });
    const [expiredLongAgo, usedLongAgo, stillValid] = await db
      .insert(authTokens)
      .values([
        token("guest_order", ago(8), null),
        token("guest_order", ago(-100), ago(8)),
        token("guest_order", ago(-100), null),
      ])
      .returning({ id: authTokens.id });

    const counts = await purgeExpiredData(db, now);
    expect(counts).toEqual({ visits: 1, checkouts: 1, emailBodies: 1, emails: 1, authTokens: 2 });

    const visitIds = (await db.select({ id: visits.id }).from(visits)).map((row) => row.id);
    expect(visitIds).toContain(newVisit.id);
    expect(visitIds).not.toContain(oldVisit.id);
    const cartIds = (await db.select({ id: checkouts.id }).from(checkouts)).map((row) => row.id);
    expect(cartIds).toEqual(expect.arrayContaining([newCart.id, placedCart.id]));
    expect(cartIds).not.toContain(oldCart.id);
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [sentWeekAgo.id, sentYesterday.id, queuedWeekAgo.id, sentHalfYearAgo.id]));
    const byId = new Map(mails.map((row) => [row.id, row]));
    expect(byId.get(sentWeekAgo.id)).toMatchObject({ textBody: "", htmlBody: null, subject: "Reset your password" });
    expect(byId.get(sentYesterday.id)?.textBody).toContain("#token=");
    // Not sent yet: its text is still needed.
    expect(byId.get(queuedWeekAgo.id)?.textBody).toContain("#token=");
    expect(byId.has(sentHalfYearAgo.id)).toBe(false);
    const tokenIds = (await db.select({ id: authTokens.id }).from(authTokens)).map((row) => row.id);
    expect(tokenIds).toContain(stillValid.id);
    expect(tokenIds).not.toContain(expiredLongAgo.id);
    expect(tokenIds).not.toContain(usedLongAgo.id);

    // A second run finds nothing more.
    expect(await purgeExpiredData(db, now)).toEqual({
      visits: 0,
      checkouts: 0,
      emailBodies: 0,
      emails: 0,
      authTokens: 0,
    });
    expect((await db.select().from(checkouts).where(eq(checkouts.id, newCart.id))).length).toBe(1);
  });
});
