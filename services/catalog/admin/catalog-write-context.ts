// What every back-office catalog write needs: the database, the change feed that tells caches (and,
// with several instances, every instance) what changed, and who is writing (for the audit log and
// the stock history). A script (an import on the command line) writes with no staff member.
import type { z } from "zod";
import type { Database } from "../../../db/client.ts";
import type { StoreChange, StoreChangeFeed } from "../../changes/store-changes.ts";
import { InvalidInput } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { enqueueSearchRefresh } from "../../jobs/store-jobs.ts";
import { refreshProductSearchData } from "../../search/search-index.ts";

/** More products than this (a category move, a brand rename) are refreshed by the job queue, not in the request. */
export const SYNC_SEARCH_REFRESH_LIMIT = 500;

/** Who writes, as the audit log records them (services/audit's AuditActor) plus the name the stock history shows. */
export interface StaffActor {
  staffId: number | null;
  /** How the stock history names them (their name, or e-mail, as it was at the time). */
  name: string | null;
  staffEmail?: string | null;
  requestId?: string | null;
  ipAddress?: string | null;
}

export interface CatalogWriteContext {
  db: Database;
  changes: Pick<StoreChangeFeed, "publish">;
  actor: StaffActor | null;
  /** The store's job queue: large search refreshes go there (without it they run in the request). */
  jobs?: Pick<JobQueue, "enqueue">;
}

/** The transaction handle Drizzle passes to db.transaction's callback, typed as the database. */
export type Transaction = Database;

export function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Transaction));
}

/**
 * After a write has committed: the products' search rows are refreshed (text, tags, categories; the
 * triggers already moved prices and stock), then every cache is told. A shopper sees the change on
 * the next request, on any page.
 */
export async function afterCatalogWrite(
  ctx: CatalogWriteContext,
  productIds: readonly number[],
  changes: readonly StoreChange[],
): Promise<void> {
  const ids = [...new Set(productIds)];
  try {
    if (ids.length > SYNC_SEARCH_REFRESH_LIMIT && ctx.jobs) {
      // The job refreshes and then publishes again, so caches drop what they kept meanwhile.
      await enqueueSearchRefresh(ctx.jobs as JobQueue, ids);
    } else if (ids.length > 0) {
      await refreshProductSearchData(ctx.db, ids);
    }
  } finally {
    // The write has committed whatever the refresh did: caches drop what it changed in any case.
    for (const change of changes) await ctx.changes.publish(change);
  }
}

/** The input as the schema reads it, or InvalidInput naming each field to fix ("variants.1.sku: Enter a SKU"). */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new InvalidInput(
    parsed.error.issues.map((issue) => `${issue.path.map(String).join(".") || what}: ${issue.message}`).join("; "),
  );
}
