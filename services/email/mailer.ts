import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/system.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is: 'verify_email', 'reset_password', 'order_confirmation'... */
  kind: string;
}

/**
 * Queues a mail in the outbox table. Call it inside the transaction of the change that causes the
 * mail, so a mail is sent if and only if the change was committed.
 */
export async function queueEmail(db: Pick<Database, "insert">, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      kind: email.kind,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

export const MAX_DELIVERY_ATTEMPTS = 5;

export interface MailDeliveryOptions {
  db: Database;
  from: string;
  /** smtp:// or smtps:// URL; without it mails are written as .eml files to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  onError?: (error: unknown, outboxId: number) => void;
}

export interface MailDelivery {
  /** Sends every queued mail once; returns how many went out. */
  deliverPending(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): void;
  readonly transport: "smtp" | "file";
}

export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  // Without SMTP the message is still built exactly as it would be sent, then kept as a file.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  async function send(row: typeof emailOutbox.$inferSelect): Promise<void> {
    const message = {
      from: options.from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
    };
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    const built = await builder.sendMail(message);
    mkdirSync(options.outboxDir, { recursive: true });
    const stamp = row.createdAt.toISOString().replace(/[:.]/g, "-");
    writeFileSync(join(options.outboxDir, `${stamp}-${row.id}-${row.kind}.eml`), built.message as Buffer);
  }

  async function deliverOnce(): Promise<number> {
    const pending = await options.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(50);
    let sent = 0;
    for (const row of pending) {
      try {
        await send(row);
        await options.db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        await options.db
          .update(emailOutbox)
          .set({
            attempts,
            lastError: String((error as Error).message ?? error).slice(0, 500),
            status: attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "queued",
          })
          .where(eq(emailOutbox.id, row.id));
        options.onError?.(error, row.id);
      }
    }
    return sent;
  }

  return {
    transport: smtp ? "smtp" : "file",
    deliverPending() {
      // One delivery pass at a time, so a slow SMTP server never gets the same mail twice.
      running ??= deliverOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 2000) {
      timer ??= setInterval(() => void this.deliverPending().catch(() => {}), intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      smtp?.close();
    },
  };
}

/** Mails still waiting (for the health of the outbox, and tests). */
export async function countQueuedEmails(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "queued"));
  return row.n;
}
