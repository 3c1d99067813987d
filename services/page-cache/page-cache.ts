// Shopper pages kept as finished, compressed HTML (brotli, gzip and identity), in memory, bounded by bytes
// (least recently used copies go first). Each copy carries the tags of what it shows (page-tags.ts); a
// store change drops the copies whose tags it touches. The page renderer (server/plugins/react-router.ts)
// fills and serves it; the copy's inline scripts are hashed once, for the Content-Security-Policy it is
// served with (a cached page carries no nonce).
import { createHash } from "node:crypto";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { pageCacheLookups, pageCachePurges } from "../metrics/metrics.ts";

export type PageEncoding = "br" | "gzip" | "identity";

export interface CachedPage {
  status: number;
  /** The rendered answer's own headers (content type, links...), without per-request ones. */
  headers: [string, string][];
  bodies: Record<PageEncoding, Buffer>;
  tags: string[];
  /** `'sha256-…'` sources for every inline script of the document. */
  scriptHashes: string[];
  storedAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** Bytes of bodies kept at most; 0 keeps nothing. */
  maxBytes: number;
  /** How long a copy is served, in milliseconds. */
  ttlMs: number;
  /**
   * How long after a purge a page showing what it touched may still have been read before the change
   * (pages read from a read replica that lags the primary): such pages are served but not kept. 0 by default.
   */
  settleMs?: number;
  now?: () => number;
}

/** Inline `<script>` elements (no src): what a hash source must cover. JSON data blocks run nothing. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for the document's inline scripts, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/**
 * The policy with its nonce source replaced by the hash sources: the same policy otherwise. A policy
 * without a nonce (development) is returned as it is.
 */
export function policyWithHashes(policy: string, hashes: string[]): string {
  if (!/'nonce-[^']*'/.test(policy)) return policy;
  return policy.replace(/'nonce-[^']*'/, hashes.length > 0 ? hashes.join(" ") : "");
}

/** The encoding to answer with for an Accept-Encoding header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

export interface PageCache {
  readonly enabled: boolean;
  get(key: string): CachedPage | undefined;
  /** Where the purge history stands: taken before a page is rendered, handed to `store`. */
  marker(): number;
  /**
   * Compresses and keeps a rendered page; returns the stored copy. Undefined when caching is off, the
   * page is too big, or a purge since `renderedSince` (a `marker()`) touched one of its tags: the page
   * may show what that change replaced.
   */
  store(
    key: string,
    page: { status: number; headers: [string, string][]; html: Buffer; tags: string[] },
    renderedSince?: number,
  ): CachedPage | undefined;
  /** Drops the copies carrying any of these tags or a tag starting with one of the prefixes; returns how many. */
  purge(tags: readonly string[], prefixes?: readonly string[]): number;
  clear(): void;
  stats(): { entries: number; bytes: number; maxBytes: number };
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  // The last purges, so a page rendered while one happened is not kept with what it replaced.
  let sequence = 0;
  const recentPurges: { sequence: number; at: number; tags: Set<string>; prefixes: readonly string[] }[] = [];
  const settleMs = options.settleMs ?? 0;

  function purgedSince(since: number, tags: readonly string[]): boolean {
    if (since >= sequence) return false;
    const oldest = recentPurges[0];
    // Older than the history kept: assume it was touched.
    if (!oldest || oldest.sequence > since + 1) return true;
    return recentPurges.some(
      (purge) =>
        purge.sequence > since &&
        tags.some((tag) => purge.tags.has(tag) || purge.prefixes.some((prefix) => tag.startsWith(prefix))),
    );
  }

  function remove(key: string): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    entries.delete(key);
    bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
    return true;
  }

  return {
    enabled: options.maxBytes > 0,
    get(key) {
      const entry = entries.get(key);
      if (!entry || now() - entry.storedAt >= options.ttlMs) {
        if (entry) remove(key);
        pageCacheLookups.inc({ result: "miss" });
        return undefined;
      }
      // Most recently used last: eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      pageCacheLookups.inc({ result: "hit" });
      return entry;
    },
    marker() {
      if (settleMs <= 0) return sequence;
      // Purges within the settle time count as after the render began.
      const settled = now() - settleMs;
      for (let index = recentPurges.length - 1; index >= 0; index--) {
        const purge = recentPurges[index];
        if (purge && purge.at <= settled) return purge.sequence;
      }
      return (recentPurges[0]?.sequence ?? sequence + 1) - 1;
    },
    store(key, page, renderedSince) {
      if (options.maxBytes <= 0) return undefined;
      if (renderedSince !== undefined && purgedSince(renderedSince, page.tags)) return undefined;
      const html = page.html;
      const br = brotliCompressSync(html, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      });
      const gzip = gzipSync(html, { level: 6 });
      const size = html.length + br.length + gzip.length;
      if (size > options.maxBytes) return undefined;
      const entry: CachedPage = {
        status: page.status,
        headers: page.headers,
        bodies: { br, gzip, identity: html },
        tags: page.tags,
        scriptHashes: inlineScriptHashes(html.toString("utf8")),
        storedAt: now(),
        bytes: size,
      };
      remove(key);
      entries.set(key, entry);
      bytes += size;
      for (const tag of entry.tags) {
        const keys = byTag.get(tag) ?? new Set<string>();
        keys.add(key);
        byTag.set(tag, keys);
      }
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return entry;
    },
    purge(tags, prefixes = []) {
      sequence++;
      recentPurges.push({ sequence, at: now(), tags: new Set(tags), prefixes });
      if (recentPurges.length > 256) recentPurges.shift();
      const keys = new Set<string>();
      for (const tag of tags) for (const key of byTag.get(tag) ?? []) keys.add(key);
      if (prefixes.length > 0) {
        for (const [tag, tagged] of byTag) {
          if (prefixes.some((prefix) => tag.startsWith(prefix))) for (const key of tagged) keys.add(key);
        }
      }
      let dropped = 0;
      for (const key of keys) if (remove(key)) dropped++;
      if (dropped > 0) pageCachePurges.inc(dropped);
      return dropped;
    },
    clear() {
      entries.clear();
      byTag.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, maxBytes: options.maxBytes }),
  };
}
