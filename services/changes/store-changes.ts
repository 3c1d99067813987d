// What changed in the store, told to everything that keeps a copy of it. A write (the back office, an
// import, an order taking the last unit, the seeder) publishes a change; caches subscribe and drop what
// the change touches. This process's feed delivers locally; a store with several instances replaces it
// with one that also carries changes between them (PostgreSQL LISTEN/NOTIFY, or Redis when set).

export const STORE_CHANGE_KINDS = [
  "product",
  "price",
  "stock",
  "category",
  "brand",
  "content",
  "settings",
  "discount",
  "equipment",
] as const;
export type StoreChangeKind = (typeof STORE_CHANGE_KINDS)[number];

export interface StoreChange {
  kind: StoreChangeKind;
  /** The rows it touched (product ids for product/price/stock, category ids, ...); none means "any". */
  ids?: readonly (number | string)[];
}

export type StoreChangeListener = (change: StoreChange) => void;

export interface StoreChangeFeed {
  /** Tells every subscriber (on every instance, for a shared feed) once the write has committed. */
  publish(change: StoreChange): Promise<void>;
  /** Listens for changes; returns the function that stops listening. */
  subscribe(listener: StoreChangeListener): () => void;
  close(): Promise<void>;
}

/** A feed for one process: subscribers hear the changes published in this process only. */
export function createLocalChangeFeed(): StoreChangeFeed {
  const listeners = new Set<StoreChangeListener>();
  return {
    async publish(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // One broken subscriber must not stop the others (nor fail the write that published).
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
