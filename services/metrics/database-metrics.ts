import type { DatabaseHandle } from "../../db/client.ts";
import { dbQueryDuration, watchPool } from "./metrics.ts";

const observed = new WeakSet<DatabaseHandle>();

/** Reports a database's statement latency and (PostgreSQL) pool use under `pool="name"`. */
export function observeDatabase(database: DatabaseHandle, name: string): void {
  if (observed.has(database)) return;
  observed.add(database);
  const histogram = dbQueryDuration.labels({ pool: name });
  database.observeQueries((seconds) => histogram.observe(seconds));
  if (database.readPool) {
    const replicaHistogram = dbQueryDuration.labels({ pool: "replica" });
    database.observeReadQueries((seconds) => replicaHistogram.observe(seconds));
    const replica = database.readPool;
    watchPool("replica", () => ({
      total: replica.totalCount,
      idle: replica.idleCount,
      waiting: replica.waitingCount,
      max: replica.options.max ?? 10,
    }));
  }
  const pool = database.pool;
  if (pool) {
    watchPool(name, () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }));
  } else {
    // The embedded database: one connection, always open.
    watchPool(name, () => ({ total: 1, idle: 1, waiting: 0, max: 1 }));
  }
}
