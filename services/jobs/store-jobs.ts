// The store's own background jobs, on the job queue of services/jobs/job-queue.ts:
// - mail.send: one mail of the outbox (a sweep on each instance enqueues the queued ones; the job's
//   exclusive key and the row's claim make sure each is sent once), retried with backoff.
// - search.refresh: recomputes the search data of some products (bulk edits, imports).
// The hourly maintenance is registered by server/maintenance.ts (it also clears server-side records).
import type { Database } from "../../db/client.ts";
import type { StoreChangeFeed } from "../changes/store-changes.ts";
import { MAX_DELIVERY_ATTEMPTS, type MailDelivery } from "../email/mailer.ts";
import type { Logger } from "../logger.ts";
import { refreshProductSearchData } from "../search/search-index.ts";
import type { JobQueue } from "./job-queue.ts";

export const MAIL_SEND_JOB = "mail.send";
export const SEARCH_REFRESH_JOB = "search.refresh";

export interface MailSendPayload {
  outboxId: number;
}
export interface SearchRefreshPayload {
  productIds: number[];
}

export function registerStoreJobs(
  jobs: JobQueue,
  deps: { db: Database; mailer: MailDelivery; changes: StoreChangeFeed },
): void {
  jobs.register<MailSendPayload>(
    MAIL_SEND_JOB,
    async ({ outboxId }) => {
      const outcome = await deps.mailer.sendQueued(outboxId);
      if (outcome === "retry" || outcome === "failed") {
        throw new Error(`mail ${outboxId} could not be sent (${outcome === "failed" ? "last attempt" : "will retry"})`);
      }
    },
    {
      policy: "exclusive",
      retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
      retryDelaySeconds: 15,
      retryDelayMaxSeconds: 15 * 60,
      expireInSeconds: 120,
      pollingIntervalSeconds: 1,
    },
  );
  jobs.register<SearchRefreshPayload>(
    SEARCH_REFRESH_JOB,
    async ({ productIds }) => {
      await refreshProductSearchData(deps.db, productIds);
      await deps.changes.publish({ kind: "product", ids: productIds });
    },
    { retryLimit: 3, retryDelaySeconds: 5 },
  );
}

/** Puts a refresh of these products' search data on the queue (in chunks of 500). */
export async function enqueueSearchRefresh(jobs: JobQueue, productIds: readonly number[]): Promise<void> {
  for (let start = 0; start < productIds.length; start += 500) {
    await jobs.enqueue<SearchRefreshPayload>(SEARCH_REFRESH_JOB, { productIds: productIds.slice(start, start + 500) });
  }
}

/**
 * Every `intervalMs`, this instance puts each queued mail on the job queue. Every instance sweeps;
 * the job's exclusive key keeps one job per mail, whoever enqueued it.
 */
export function startMailSweep(
  jobs: JobQueue,
  mailer: MailDelivery,
  logger: Logger,
  intervalMs = 1_000,
): { stop(): void } {
  let running = false;
  let warned = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const outboxId of await mailer.queuedIds(100)) {
        await jobs.enqueue<MailSendPayload>(MAIL_SEND_JOB, { outboxId }, { singletonKey: `mail:${outboxId}` });
      }
      warned = false;
    } catch (error) {
      if (!warned) logger.warn({ err: error }, "the mail sweep could not read the outbox; it keeps trying");
      warned = true;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  void sweep();
  return { stop: () => clearInterval(timer) };
}
