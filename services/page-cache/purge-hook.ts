// Tells a cache in front of the store (a CDN, Varnish) which page tags a change dropped: a POST of
// `{"tags": [...], "prefixes": [...]}` to CACHE_PURGE_URL. The pages carry the same tags in their
// Surrogate-Key and Cache-Tag headers, so the hook only has to purge by tag. Sent from every instance
// that hears the change (the hook should be idempotent); a failure is logged, never retried.
import type { StoreChange } from "../changes/store-changes.ts";
import type { Logger } from "../logger.ts";
import { tagsForChange } from "./page-tags.ts";

export function createPurgeHook(options: {
  url: string;
  logger: Pick<Logger, "warn">;
  timeoutMs?: number;
}): (change: StoreChange) => Promise<void> {
  return async (change) => {
    const { tags, prefixes } = tagsForChange(change);
    try {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tags, prefixes }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      await response.body?.cancel();
      if (!response.ok) options.logger.warn({ status: response.status }, "The cache purge hook refused a purge");
    } catch (error) {
      options.logger.warn({ err: error }, "The cache purge hook could not be reached");
    }
  };
}
