import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema/system.ts";
import type { JobQueue } from "../services/jobs/job-queue.ts";
import { purgeExpiredData } from "../services/retention/retention.ts";
import { deleteExpiredSessions } from "../services/session/session-store.ts";
import { deleteExpiredIdempotencyRecords } from "./plugins/idempotency.ts";

export const MAINTENANCE_JOB = "maintenance.hourly";

/**
 * Expired sessions, idempotency records and rate-limit windows go, and the retention periods of
 * services/retention/retention.ts are applied (visits, abandoned carts, e-mail texts, spent link tokens).
 */
export async function runMaintenance(db: Database): Promise<void> {
  await deleteExpiredSessions(db);
  await deleteExpiredIdempotencyRecords(db);
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
  await purgeExpiredData(db);
}

/**
 * Once an hour, on one instance only: a cron schedule of the job queue (one job per slot whatever
 * the number of instances), retried with backoff when it fails.
 */
export function registerMaintenanceJob(jobs: JobQueue, db: Database): void {
  jobs.register(MAINTENANCE_JOB, () => runMaintenance(db), {
    policy: "exclusive",
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 30 * 60,
  });
  jobs.schedule(MAINTENANCE_JOB, "7 * * * *");
}
