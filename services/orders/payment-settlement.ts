// Payments authorised for an order that was never written. Place order records the authorisation
// (a `transactions` row) before it asks the processor, then writes the order and captures the payment in
// one database transaction. When that transaction fails after the capture (the database gone before or
// during COMMIT) the payment may be taken with no order; when the process dies between the authorisation
// and the order, a hold stays on the card. Both leave an authorisation row with no order.
//
// settleAuthorization() settles one such payment: it asks the processor what became of it (`lookup`),
// refunds what was captured, or cancels a hold, and records the outcome as a transaction row whose
// idempotency key (`settle:<gateway>:<reference>`) is unique, so every instance and every run agrees on
// one settlement. The processor calls carry the checkout's usual keys (checkout:<id>:refund:<reference>,
// checkout:<id>:cancel:<reference>), so even a repeated call moves money once. Place order settles at
// once, in the process, when its transaction failed after the capture; the `payments.settle` job sweeps
// every few minutes for what a process could not settle (it died, the database stayed away) and is the
// guarantee.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { transactions } from "../../db/schema/commerce.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { RequestLogger } from "../logger.ts";
import { paymentSettlements } from "../metrics/metrics.ts";
import type { PaymentGateway, PaymentLookup } from "../payments/payment-gateway.ts";

export const SETTLE_PAYMENTS_JOB = "payments.settle";
/** An authorised payment this old with no order is settled (an order is written within seconds of it). */
export const ORPHANED_AFTER_MS = 5 * 60_000;
/** A payment still waiting for the shopper's bank (3-D Secure) this long is given up. */
export const ABANDONED_AFTER_MS = 60 * 60_000;
/** Older authorisations are not looked at (a card hold expires after 7 days). */
export const SETTLE_LOOKBACK_MS = 8 * 24 * 60 * 60_000;
/** A settlement claimed this long ago and still unanswered (its process died) is taken over. */
export const STALE_CLAIM_MS = 10 * 60_000;
/** A settlement the processor refused is tried again after this long. */
export const RETRY_REFUSED_AFTER_MS = 60 * 60_000;

export type SettlementOutcome =
  /** An order holds the payment: nothing to settle. */
  | "has_order"
  | "refunded"
  | "voided"
  /** The processor holds nothing (cancelled, refunded already, never completed): recorded as settled. */
  | "nothing_held"
  /** The processor does not know the payment (the test gateway of another process): recorded as settled. */
  | "unknown"
  /** Another run (this instance or another) is settling it. */
  | "claimed"
  /** The processor refused the refund or the cancellation: logged for staff, tried again later. */
  | "failed";

/** The settlement record's idempotency key: one per payment, whoever settles it. */
export function settlementKey(gateway: string, reference: string): string {
  return `settle:${gateway}:${reference}`;
}

/** Idempotency keys for the processor: the same checkout, amount and card is the same payment. */
export function paymentIdempotencyKey(checkoutId: string, operation: string, ...parts: Array<string | number>): string {
  return ["checkout", checkoutId, operation, ...parts].join(":");
}

export interface OrphanedAuthorization {
  reference: string;
  amountCents: number;
  currency: string;
  email: string | null;
  customerId: number | null;
}

function newDisplayableId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let id = "T";
  for (const byte of crypto.getRandomValues(new Uint8Array(10))) id += alphabet[byte % alphabet.length];
  return id;
}

/** Whether an order holds this payment (any authorisation row with its reference belongs to an order). */
async function paysAnOrder(db: Database, gateway: string, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.gateway, gateway),
        eq(transactions.gatewayReference, reference),
        eq(transactions.kind, "authorization"),
        isNotNull(transactions.orderId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Authorisations with no order that are due for settling, oldest first: authorised (or captured) more
 * than ORPHANED_AFTER_MS ago, or still waiting for 3-D Secure after ABANDONED_AFTER_MS, with no order
 * holding the same payment and no settlement done, under way, or refused within RETRY_REFUSED_AFTER_MS.
 */
export async function findOrphanedAuthorizations(
  db: Database,
  gateway: string,
  now: Date = new Date(),
  limit = 50,
): Promise<OrphanedAuthorization[]> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const result = await db.execute(sql`
    select a.gateway_reference as reference, a.amount_cents as "amountCents", a.currency, a.email,
      a.customer_id as "customerId"
    from transactions a
    where a.kind = 'authorization' and a.gateway = ${gateway} and a.gateway_reference is not null
      and a.order_id is null
      and a.created_at > ${at(SETTLE_LOOKBACK_MS)}
      and ((a.status = 'SUCCESS' and a.created_at < ${at(ORPHANED_AFTER_MS)})
        or (a.status = 'PENDING' and a.created_at < ${at(ABANDONED_AFTER_MS)}))
      and not exists (
        select 1 from transactions o
        where o.gateway = a.gateway and o.gateway_reference = a.gateway_reference
          and o.kind = 'authorization' and o.order_id is not null)
      and not exists (
        select 1 from transactions s
        where s.idempotency_key = 'settle:' || a.gateway || ':' || a.gateway_reference
          and (s.status = 'SUCCESS'
            or (s.status = 'PENDING' and s.created_at > ${at(STALE_CLAIM_MS)})
            or (s.status = 'FAILURE' and s.created_at > ${at(RETRY_REFUSED_AFTER_MS)})))
    order by a.id
    limit ${limit}
  `);
  const rows = (result as unknown as { rows: OrphanedAuthorization[] }).rows;
  // A double click makes two rows for one payment: it is settled once.
  const byReference = new Map<string, OrphanedAuthorization>();
  for (const row of rows) if (!byReference.has(row.reference)) byReference.set(row.reference, row);
  return [...byReference.values()];
}

/**
 * Claims the settlement of a payment: the row is written PENDING under its unique key, or an earlier
 * claim whose run died (PENDING for STALE_CLAIM_MS) or that the processor refused (FAILURE for
 * RETRY_REFUSED_AFTER_MS) is taken over. The update's condition is checked again after any concurrent
 * writer commits, so two runs never both own it. Returns the row's id, or null when another run owns it.
 */
async function claimSettlement(
  db: Database,
  gateway: string,
  authorization: OrphanedAuthorization,
  kind: "refund" | "void",
  amountCents: number,
  now: Date,
): Promise<number | null> {
  const key = settlementKey(gateway, authorization.reference);
  const [inserted] = await db
    .insert(transactions)
    .values({
      displayableId: newDisplayableId(),
      customerId: authorization.customerId,
      kind,
      status: "PENDING",
      gateway,
      gatewayReference: authorization.reference,
      amountCents,
      currency: authorization.currency,
      email: authorization.email,
      reason: kind === "refund" ? "requested_by_customer" : null,
      idempotencyKey: key,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: transactions.id });
  if (inserted) return inserted.id;
  const stale = new Date(now.getTime() - STALE_CLAIM_MS);
  const refused = new Date(now.getTime() - RETRY_REFUSED_AFTER_MS);
  const [taken] = await db
    .update(transactions)
    .set({ kind, status: "PENDING", amountCents, errorMessage: null, createdAt: now })
    .where(
      and(
        eq(transactions.idempotencyKey, key),
        sql`((${transactions.status} = 'PENDING' and ${transactions.createdAt} < ${stale.toISOString()})
          or (${transactions.status} = 'FAILURE' and ${transactions.createdAt} < ${refused.toISOString()}))`,
      ),
    )
    .returning({ id: transactions.id });
  return taken?.id ?? null;
}

/**
 * Records a payment with nothing left to give back, so it is not looked up again: a refund of what the
 * processor shows refunded already, or a void of nothing (cancelled, expired, never completed, unknown).
 */
async function recordNothingHeld(
  db: Database,
  gateway: string,
  authorization: OrphanedAuthorization,
  seen: PaymentLookup | null,
  note: string,
  now: Date,
): Promise<boolean> {
  const refunded = seen?.state === "captured" ? seen.refundedCents : 0;
  const id = await claimSettlement(db, gateway, authorization, refunded > 0 ? "refund" : "void", refunded, now);
  if (id === null) return false;
  await db.update(transactions).set({ status: "SUCCESS", errorMessage: note }).where(eq(transactions.id, id));
  return true;
}

export interface SettleOptions {
  logger: Pick<RequestLogger, "info" | "warn" | "error">;
  /** The checkout, when the caller knows it (place order); otherwise the processor's record of it. */
  checkoutId?: string;
  now?: Date;
}

/**
 * Settles one payment that has no order: refunds what is captured, cancels a hold, or records that nothing
 * is held. Safe to run any number of times, at once, on any instance. Throws when the database or the
 * processor cannot be reached (the claim is released; a later run tries again).
 */
export async function settleAuthorization(
  db: Database,
  gateway: PaymentGateway,
  authorization: OrphanedAuthorization,
  options: SettleOptions,
): Promise<SettlementOutcome> {
  const { logger } = options;
  const now = options.now ?? new Date();
  const { reference } = authorization;
  if (await paysAnOrder(db, gateway.name, reference)) return "has_order";
  const seen: PaymentLookup | null = await gateway.lookup(reference);
  const log = { paymentReference: reference, checkoutId: seen?.orderReference ?? options.checkoutId };

  const refundable = seen?.state === "captured" ? seen.capturedCents - seen.refundedCents : 0;
  if (!seen || (seen.state !== "authorized" && refundable <= 0)) {
    const note = !seen
      ? "The processor does not know this payment"
      : seen.state === "captured"
        ? "Refunded at the processor already"
        : `Nothing held at the processor (${seen.state})`;
    const recorded = await recordNothingHeld(db, gateway.name, authorization, seen, note, now);
    if (!recorded) return "claimed";
    const outcome = seen ? "nothing_held" : "unknown";
    paymentSettlements.inc({ outcome });
    logger.info(log, `payment with no order settled: ${note.toLowerCase()}`);
    return outcome;
  }

  const checkoutId = seen.orderReference ?? options.checkoutId ?? reference;
  const kind = seen.state === "captured" ? "refund" : "void";
  const amountCents = kind === "refund" ? refundable : seen.amountCents;
  const claim = await claimSettlement(db, gateway.name, authorization, kind, amountCents, now);
  if (claim === null) return "claimed";
  let answer: Awaited<ReturnType<PaymentGateway["refund"]>>;
  try {
    answer =
      kind === "refund"
        ? await gateway.refund({
            authorizationReference: reference,
            amountCents,
            reason: "requested_by_customer",
            idempotencyKey: paymentIdempotencyKey(checkoutId, "refund", reference),
          })
        : await gateway.void({
            authorizationReference: reference,
            idempotencyKey: paymentIdempotencyKey(checkoutId, "cancel", reference),
          });
  } catch (error) {
    // No answer: the claim is let go, and the next run asks again (with the same keys: no second refund).
    await db.delete(transactions).where(and(eq(transactions.id, claim), eq(transactions.status, "PENDING")));
    throw error;
  }
  await db
    .update(transactions)
    .set({
      status: answer.status,
      gatewayReference: answer.reference || reference,
      errorMessage: answer.status === "FAILURE" ? (answer.message ?? "refused by the processor") : null,
    })
    .where(eq(transactions.id, claim));
  if (answer.status === "FAILURE") {
    paymentSettlements.inc({ outcome: "failed" });
    logger.error(
      { ...log, amountCents, reason: answer.message },
      `a payment with no order could not be ${kind === "refund" ? "refunded" : "cancelled"}: check it at the processor`,
    );
    return "failed";
  }
  const outcome = kind === "refund" ? "refunded" : "voided";
  paymentSettlements.inc({ outcome });
  logger.warn(
    { ...log, amountCents },
    kind === "refund"
      ? "payment captured for an order that was never written: refunded"
      : "payment authorised for an order that was never written: hold cancelled",
  );
  return outcome;
}

export interface SweepResult {
  looked: number;
  outcomes: Partial<Record<SettlementOutcome | "error", number>>;
}

/** Settles every payment due (findOrphanedAuthorizations); one that cannot be settled now does not stop the others. */
export async function sweepOrphanedPayments(
  db: Database,
  gateway: PaymentGateway,
  options: { logger: SettleOptions["logger"]; now?: Date },
): Promise<SweepResult> {
  const due = await findOrphanedAuthorizations(db, gateway.name, options.now);
  const result: SweepResult = { looked: due.length, outcomes: {} };
  let firstError: unknown = null;
  for (const authorization of due) {
    let outcome: SettlementOutcome | "error";
    try {
      outcome = await settleAuthorization(db, gateway, authorization, options);
    } catch (error) {
      outcome = "error";
      firstError ??= error;
      options.logger.warn(
        { err: error, paymentReference: authorization.reference },
        "a payment with no order could not be settled now; the next sweep tries again",
      );
    }
    result.outcomes[outcome] = (result.outcomes[outcome] ?? 0) + 1;
  }
  // The job fails (and is counted) when nothing could be settled because the processor or database is away.
  if (firstError && result.outcomes.error === due.length) throw firstError;
  return result;
}

/**
 * The sweep as a job: every five minutes, once across all instances (a cron slot is one job), retried
 * with backoff when the processor or the database cannot be reached.
 */
export function registerPaymentSettlementJob(
  jobs: JobQueue,
  deps: { db: Database; gateway: PaymentGateway; logger: SettleOptions["logger"] },
): void {
  jobs.register(SETTLE_PAYMENTS_JOB, async () => void (await sweepOrphanedPayments(deps.db, deps.gateway, deps)), {
    policy: "exclusive",
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 10 * 60,
  });
  jobs.schedule(SETTLE_PAYMENTS_JOB, "*/5 * * * *");
}
