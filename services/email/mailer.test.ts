import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { emailOutbox } from "../../db/schema/system.ts";
import { countQueuedEmails, createMailDelivery, MAX_DELIVERY_ATTEMPTS, queueEmail } from "./mailer.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await migrateDatabase(database);
}, 60_000);
afterAll(() => database?.close());

describe("mail delivery", () => {
  test("without SMTP, queued mails are written to the outbox folder as .eml files", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "outbox-"));
    await queueEmail(database.db, {
      to: "pat@example.com",
      subject: "Confirm your subscription",
      text: "Click the link",
      kind: "newsletter_confirm",
    });
    const delivery = createMailDelivery({ db: database.db, from: "store@example.com", outboxDir });
    expect(delivery.transport).toBe("file");
    expect(await delivery.deliverPending()).toBe(1);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/newsletter_confirm\.eml$/);
    const eml = readFileSync(join(outboxDir, files[0]), "utf8");
    expect(eml).toContain("To: pat@example.com");
    expect(eml).toContain("Subject: Confirm your subscription");
    // Sent once: a second pass finds nothing.
    expect(await delivery.deliverPending()).toBe(0);
    expect(await countQueuedEmails(database.db)).toBe(0);
  });

  test("with SMTP, mails go to the server once and are marked sent", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.server.address() as { port: number }).port;
    try {
      const id = await queueEmail(database.db, {
        to: "lee@example.com",
        subject: "Your order",
        text: "Thanks",
        kind: "order_confirmation",
      });
      const delivery = createMailDelivery({
        db: database.db,
        from: "store@example.com",
        smtpUrl: `smtp://127.0.0.1:${port}`,
        outboxDir: "/nonexistent",
      });
      expect(await delivery.deliverPending()).toBe(1);
      delivery.stop();
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Your order");
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row.status).toBe("sent");
      expect(row.sentAt).not.toBeNull();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test("an unreachable SMTP server leaves the mail queued, then failed after the last attempt", async () => {
    const id = await queueEmail(database.db, {
      to: "kim@example.com",
      subject: "Reset",
      text: "Link",
      kind: "reset_password",
    });
    const errors: unknown[] = [];
    const delivery = createMailDelivery({
      db: database.db,
      from: "store@example.com",
      smtpUrl: "smtp://127.0.0.1:1",
      outboxDir: "/nonexistent",
      onError: (error) => errors.push(error),
    });
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await delivery.deliverPending()).toBe(0);
      const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < MAX_DELIVERY_ATTEMPTS ? "queued" : "failed");
    }
    delivery.stop();
    expect(errors).toHaveLength(MAX_DELIVERY_ATTEMPTS);
  });

  test("two senders (two store instances) at once send each queued mail exactly once", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "outbox-twice-"));
    await database.db.update(emailOutbox).set({ status: "failed" });
    for (let n = 0; n < 12; n++) {
      await queueEmail(database.db, { to: `two${n}@example.com`, subject: `Mail ${n}`, text: "x", kind: "test" });
    }
    const first = createMailDelivery({ db: database.db, from: "store@example.com", outboxDir });
    const second = createMailDelivery({ db: database.db, from: "store@example.com", outboxDir });
    const [a, b] = await Promise.all([first.deliverPending(), second.deliverPending()]);
    expect(a + b).toBe(12);
    expect(readdirSync(outboxDir)).toHaveLength(12);
    // A mail already sent is skipped by a sender that still had it in its list.
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "two0@example.com"));
    expect(await first.sendQueued(row.id)).toBe("skipped");
  });
});
