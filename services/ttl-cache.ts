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
const allCaches = new Set<WeakMap<Database, Map<unknown, unknown>>>();

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

/** The values of one database's TtlMap. */
export interface TtlEntries<K, V> {
  /** The key's value while it is fresh (it becomes the most recently used), else undefined. */
  get(key: K): V | undefined;
  /** Keeps a value; past maxEntries the least recently used go first. */
  set(key: K, value: V): void;
}

/**
 * A per-database map of values that are read and written one by one (unlike TtlCache, which shares one
 * load per key). A store change empties it with every other cache (clearAllTtlCaches) by detaching the
 * database's map: a value read before the change, and set after it, goes into the detached map and is
 * never served. Call `entries(db)` before reading the database and set into what it answered.
 */
export function createTtlMap<K, V>(ttlMs: number, maxEntries: () => number): (db: Database) => TtlEntries<K, V> {
  const maps = new WeakMap<Database, Map<K, { value: V; expiresAt: number }>>();
  allCaches.add(maps as WeakMap<Database, Map<unknown, unknown>>);
  return (db) => {
    let map = maps.get(db);
    if (!map) {
      map = new Map();
      maps.set(db, map);
    }
    const entries = map;
    return {
      get(key) {
        const entry = entries.get(key);
        if (!entry) return undefined;
        entries.delete(key);
        if (entry.expiresAt <= Date.now()) return undefined;
        entries.set(key, entry);
        return entry.value;
      },
      set(key, value) {
        const limit = maxEntries();
        if (limit <= 0) return;
        entries.delete(key);
        entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        for (const oldest of entries.keys()) {
          if (entries.size <= limit) break;
          entries.delete(oldest);
        }
      },
    };
  };
}
