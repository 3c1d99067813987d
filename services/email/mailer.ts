import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/system.ts";
import { mailsFailed, mailsQueued, mailsSent } from "../metrics/metrics.ts";

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
  mailsQueued.inc({ kind: email.kind });
  return row.id;
}

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A sender's claim on a mail lapses after this long (a process that died while sending it). */
export const MAIL_CLAIM_MS = 5 * 60_000;

export interface MailDeliveryOptions {
  db: Database;
  from: string;
  /** smtp:// or smtps:// URL; without it mails are written as .eml files to `outboxDir`. */
  smtpUrl?: string;
  outboxDir: string;
  onError?: (error: unknown, outboxId: number) => void;
}

export type SendOutcome = "sent" | "failed" | "retry" | "skipped";

export interface MailDelivery {
  /** Sends every queued mail once; returns how many went out. */
  deliverPending(): Promise<number>;
  /**
   * Sends one queued mail if this process can claim it (another instance sending it, or a mail already
   * sent: "skipped"). A failure is recorded on the row ("retry" while attempts remain, then "failed").
   */
  sendQueued(id: number): Promise<SendOutcome>;
  /** Ids of mails waiting to be sent, oldest first. */
  queuedIds(limit?: number): Promise<number[]>;
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

  async function sendQueued(id: number): Promise<SendOutcome> {
    // The claim: one UPDATE that only one instance can win (the row is locked until it commits), so
    // two store instances never send the same mail. A claim lapses after MAIL_CLAIM_MS.
    const now = new Date();
    const [row] = await options.db
      .update(emailOutbox)
      .set({ claimedUntil: new Date(now.getTime() + MAIL_CLAIM_MS) })
      .where(
        and(
          eq(emailOutbox.id, id),
          eq(emailOutbox.status, "queued"),
          lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS),
          or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, now)),
        ),
      )
      .returning();
    if (!row) return "skipped";
    try {
      await send(row);
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_DELIVERY_ATTEMPTS;
      await options.db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          status: failed ? "failed" : "queued",
          claimedUntil: null,
        })
        .where(eq(emailOutbox.id, row.id));
      mailsFailed.inc();
      options.onError?.(error, row.id);
      return failed ? "failed" : "retry";
    }
    await options.db
      .update(emailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null, claimedUntil: null })
      .where(eq(emailOutbox.id, row.id));
    mailsSent.inc({ kind: row.kind });
    return "sent";
  }

  async function queuedIds(limit = 50): Promise<number[]> {
    const rows = await options.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "queued"), lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
      .orderBy(asc(emailOutbox.createdAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  async function deliverOnce(): Promise<number> {
    let sent = 0;
    for (const id of await queuedIds()) {
      if ((await sendQueued(id)) === "sent") sent++;
    }
    return sent;
  }

  return {
    transport: smtp ? "smtp" : "file",
    sendQueued,
    queuedIds,
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
