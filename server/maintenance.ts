import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema/system.ts";
import { purgeExpiredData } from "../services/retention/retention.ts";
import { deleteExpiredSessions } from "../services/session/session-store.ts";
import { deleteExpiredIdempotencyRecords } from "./plugins/idempotency.ts";

const HOUR = 60 * 60 * 1000;

/**
 * Once an hour: expired sessions, idempotency records and rate-limit windows go, and the retention periods
 * of services/retention/retention.ts are applied (visits, abandoned carts, e-mail texts, spent link tokens).
 */
export function startMaintenance(db: Database, onError: (error: unknown) => void): ReturnType<typeof setInterval> {
  const run = async () => {
    await deleteExpiredSessions(db);
    await deleteExpiredIdempotencyRecords(db);
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date()));
    await purgeExpiredData(db);
  };
  const timer = setInterval(() => void run().catch(onError), HOUR);
  timer.unref();
  return timer;
}
