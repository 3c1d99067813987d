// Recently viewed products: product ids in localStorage as
// one comma-separated string, newest first, at most 25.

export const RECENTLY_VIEWED_KEY = "recentlyViewedProducts";
export const RECENTLY_VIEWED_MAX = 25;

/** The ids of a stored value, in order; junk entries and repeats are dropped. */
export function parseRecentlyViewed(raw: string | null | undefined): number[] {
  if (!raw) return [];
  const ids: number[] = [];
  for (const part of raw.split(",")) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const id = Number(text);
    if (Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids.slice(0, RECENTLY_VIEWED_MAX);
}

export function formatRecentlyViewed(ids: readonly number[]): string {
  return ids.slice(0, RECENTLY_VIEWED_MAX).join(",");
}

/** Puts `id` first (moving it if already present) and keeps the newest 25. */
export function addRecentlyViewed(raw: string | null | undefined, id: number): string {
  const ids = parseRecentlyViewed(raw).filter((existing) => existing !== id);
  return formatRecentlyViewed([id, ...ids]);
}

export function removeRecentlyViewed(raw: string | null | undefined, id: number): string {
  return formatRecentlyViewed(parseRecentlyViewed(raw).filter((existing) => existing !== id));
}

/** The part of the Storage API used here, so tests and private-mode browsers can stand in. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Storage may be missing (server) or throw (privacy settings, full quota): history is a nicety. */
function safely<T>(fallback: T, action: () => T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readRecentlyViewed(storage: KeyValueStorage | undefined): number[] {
  if (!storage) return [];
  return safely([], () => parseRecentlyViewed(storage.getItem(RECENTLY_VIEWED_KEY)));
}

/** Records a product view; answers the new list. */
export function recordRecentlyViewed(storage: KeyValueStorage | undefined, id: number): number[] {
  if (!storage || !Number.isSafeInteger(id) || id <= 0) return readRecentlyViewed(storage);
  return safely([], () => {
    const next = addRecentlyViewed(storage.getItem(RECENTLY_VIEWED_KEY), id);
    storage.setItem(RECENTLY_VIEWED_KEY, next);
    return parseRecentlyViewed(next);
  });
}

/** Removes a product from the history (the carousel's history mode); answers the new list. */
export function forgetRecentlyViewed(storage: KeyValueStorage | undefined, id: number): number[] {
  if (!storage) return [];
  return safely([], () => {
    const next = removeRecentlyViewed(storage.getItem(RECENTLY_VIEWED_KEY), id);
    storage.setItem(RECENTLY_VIEWED_KEY, next);
    return parseRecentlyViewed(next);
  });
}
