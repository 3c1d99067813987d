import type { Database } from "../db/client.ts";

/** How long shared, rarely edited data is reused unless a cache says otherwise. */
export const DEFAULT_CACHE_TTL_MS = 60_000;

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export interface TtlCache<T> {
  /** The cached value of the key, or load()'s (shared by concurrent callers; a failure is not kept). */
  (db: Database, key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry of the database (its source was just rebuilt). */
  clear(db: Database): void;
}

/** Every cache made here, so that a store change can empty them all at once (clearAllTtlCaches). */
const allCaches = new Set<WeakMap<Database, Map<string, unknown>>>();

/** Forgets every cached entry of the database in every cache of this process (the store changed). */
export function clearAllTtlCaches(db: Database): void {
  for (const caches of allCaches) caches.delete(db);
}

/**
 * A per-database, per-key cache of promises: concurrent requests share one query, failures are not
 * kept, and past maxEntries the expired entries (then the oldest) are dropped.
 */
export function createTtlCache<T>(ttlMs = DEFAULT_CACHE_TTL_MS, maxEntries = 500): TtlCache<T> {
  const caches = new WeakMap<Database, Map<string, Entry<T>>>();
  allCaches.add(caches);
  const cached = (db: Database, key: string, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    cache.set(key, { value, expiresAt: now + ttlMs });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    if (cache.size > maxEntries) {
      for (const [name, entry] of cache) if (entry.expiresAt <= now || cache.size > maxEntries) cache.delete(name);
    }
    return value;
  };
  return Object.assign(cached, { clear: (db: Database) => void caches.delete(db) });
}
