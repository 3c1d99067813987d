import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";

/**
 * Runs `work` in a transaction without the server's per-statement time limit (db/client.ts sets one
 * for requests): an import's statements over 100,000 rows may need longer.
 */
export async function withoutStatementTimeout<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return work(tx as unknown as Database);
  });
}
