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

/** The values of one database's TtlMap, as they stood when they were taken. */
export interface TtlEntries<K, V> {
  /** The key's value while it is fresh (it becomes the most recently used), else undefined. */
  get(key: K): V | undefined;
  /**
   * Keeps a value; past maxEntries the least recently used go first. Ignored when the key (or the whole
   * map) was forgotten since these entries were taken: the value may have been read before the change.
   */
  set(key: K, value: V): void;
}

export interface TtlMap<K, V> {
  /** Take the entries before reading the database, and set what it answered into them. */
  (db: Database): TtlEntries<K, V>;
  /** Forgets these keys of the database's map, or all of them (null). */
  forget(db: Database, keys: readonly K[] | null): void;
}

interface TtlMapState<K, V> {
  values: Map<K, { value: V; expiresAt: number }>;
  /** Counts the forget() calls; a key's last one is in `forgotten`. */
  sequence: number;
  forgotten: Map<K, number>;
}

/**
 * A per-database map of values that are read and written one by one (unlike TtlCache, which shares one
 * load per key), and forgotten one by one when the rows behind them change. A value read before a change
 * and set after it is never kept: forgetting everything replaces the database's map (the set goes into
 * the old one), forgetting keys marks them, and a set of a key marked since its entries were taken is
 * ignored. Not emptied by clearAllTtlCaches: its owner forgets what each change touches.
 */
export function createTtlMap<K, V>(ttlMs: number, maxEntries: () => number): TtlMap<K, V> {
  const states = new WeakMap<Database, TtlMapState<K, V>>();
  const stateOf = (db: Database) => {
    let state = states.get(db);
    if (!state) {
      state = { values: new Map(), sequence: 0, forgotten: new Map() };
      states.set(db, state);
    }
    return state;
  };
  const entries = (db: Database): TtlEntries<K, V> => {
    const state = stateOf(db);
    const since = state.sequence;
    const { values } = state;
    return {
      get(key) {
        const entry = values.get(key);
        if (!entry) return undefined;
        values.delete(key);
        if (entry.expiresAt <= Date.now()) return undefined;
        values.set(key, entry);
        return entry.value;
      },
      set(key, value) {
        const limit = maxEntries();
        if (limit <= 0 || (state.forgotten.get(key) ?? -1) > since) return;
        values.delete(key);
        values.set(key, { value, expiresAt: Date.now() + ttlMs });
        for (const oldest of values.keys()) {
          if (values.size <= limit) break;
          values.delete(oldest);
        }
      },
    };
  };
  return Object.assign(entries, {
    forget(db: Database, keys: readonly K[] | null) {
      const state = states.get(db);
      if (!state) return;
      // The marks are kept until they outnumber the values: then everything goes, which is as safe.
      if (keys === null || state.forgotten.size + keys.length > Math.max(1_000, maxEntries())) {
        states.delete(db);
        return;
      }
      state.sequence++;
      for (const key of keys) {
        state.values.delete(key);
        state.forgotten.set(key, state.sequence);
      }
    },
  });
}
