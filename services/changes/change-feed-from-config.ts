import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client.ts";
import {
  createSharedChangeFeed,
  postgresChangeTransport,
  redisChangeTransport,
  type SharedFeedLogger,
} from "./shared-changes.ts";
import { createLocalChangeFeed, type StoreChange, type StoreChangeFeed } from "./store-changes.ts";

export type ChangeFeedKind = "redis" | "postgres" | "local";

/** Which feed a store gets: Redis when REDIS_URL is set, LISTEN/NOTIFY on a server database, else local. */
export function changeFeedKind(database: Pick<DatabaseHandle, "kind" | "url">, redisUrl?: string): ChangeFeedKind {
  if (redisUrl) return "redis";
  if (database.kind === "postgres" && database.url) return "postgres";
  return "local";
}

/**
 * The change feed for a store process: one that reaches every instance when several can run (a
 * PostgreSQL server, or Redis), a local one on the embedded database (one process per DATA_DIR).
 */
export function createChangeFeed(options: {
  database: DatabaseHandle;
  redisUrl?: string;
  logger?: SharedFeedLogger;
}): StoreChangeFeed & { ready?: Promise<void>; kind: ChangeFeedKind } {
  const { database, redisUrl, logger } = options;
  const kind = changeFeedKind(database, redisUrl);
  if (kind === "redis" && redisUrl) {
    return Object.assign(createSharedChangeFeed(redisChangeTransport({ url: redisUrl, logger }), logger), { kind });
  }
  if (kind === "postgres" && database.url) {
    const transport = postgresChangeTransport({
      url: database.url,
      logger,
      // NOTIFY through the store's pool: the listening connection may be reconnecting.
      notify: async (channel, payload) => {
        await database.db.execute(sql`select pg_notify(${channel}, ${payload})`);
      },
    });
    return Object.assign(createSharedChangeFeed(transport, logger), { kind });
  }
  return Object.assign(createLocalChangeFeed(), { kind });
}

/**
 * For a command run beside the store (the seeder, the catalog import): tells the running instances what
 * it changed, over the same feed they listen to (nothing to tell on the embedded database, which no
 * running store shares).
 */
export async function announceChanges(
  database: DatabaseHandle,
  changes: StoreChange[],
  redisUrl = process.env.REDIS_URL || undefined,
): Promise<void> {
  if (changeFeedKind(database, redisUrl) === "local") return;
  const feed = createChangeFeed({ database, redisUrl });
  try {
    for (const change of changes) await feed.publish(change);
  } finally {
    await feed.close();
  }
}
