import { createHash, randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, inlineScriptHashes, pickEncoding, policyWithHashes } from "./page-cache.ts";
import { PageHints, tagsForChange } from "./page-tags.ts";

const html = (text: string) => Buffer.from(`<!doctype html><html><body>${text}</body></html>`);
const page = (text: string, tags: string[]) => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][],
  html: html(text),
  tags,
});

describe("the page cache", () => {
  it("keeps brotli, gzip and plain copies of a page", () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.store("a", page("hello".repeat(200), ["product:1"]));
    const entry = cache.get("a");
    expect(entry).toBeDefined();
    expect(brotliDecompressSync(entry?.bodies.br as Buffer).toString()).toContain("hellohello");
    expect(gunzipSync(entry?.bodies.gzip as Buffer).toString()).toBe(entry?.bodies.identity.toString());
  });

  it("drops the least recently used copies beyond its size", () => {
    const cache = createPageCache({ maxBytes: 3_000, ttlMs: 60_000 });
    // About 1,350 bytes a copy (random hex compresses to half): two fit, three do not.
    const noise = (_seed: string) => randomBytes(300).toString("hex");
    cache.store("a", page(noise("a"), []));
    cache.store("b", page(noise("b"), []));
    cache.get("a");
    cache.store("c", page(noise("c"), []));
    expect(cache.stats().bytes).toBeLessThanOrEqual(3_000);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
  });

  it("keeps nothing with 0 bytes, and forgets copies older than its time to live", () => {
    expect(createPageCache({ maxBytes: 0, ttlMs: 60_000 }).store("a", page("x", []))).toBeUndefined();
    let now = 0;
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 1_000, now: () => now });
    cache.store("a", page("x", []));
    now = 999;
    expect(cache.get("a")).toBeDefined();
    now = 1_000;
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops exactly the copies a change touches", () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.store("product-1", page("one", ["product:1", "settings"]));
    cache.store("product-2", page("two", ["product:2", "settings"]));
    cache.store("category", page("list", ["listing", "product:1", "product:2"]));
    cache.store("about", page("about", ["product", "settings"]));
    // Under $100, showing product 2 only: product 1's new price may bring it into this list.
    cache.store("under-100", page("cheap", ["listing", "product:2"]));
    const price = tagsForChange({ kind: "price", ids: [1] });
    expect(cache.purge(price.tags, price.prefixes)).toBe(4);
    expect(cache.get("under-100")).toBeUndefined();
    expect(cache.get("product-2")).toBeDefined();
    expect(cache.get("product-1")).toBeUndefined();
    expect(cache.get("category")).toBeUndefined();
    expect(cache.get("about")).toBeUndefined();
    const all = tagsForChange({ kind: "stock" });
    expect(cache.purge(all.tags, all.prefixes)).toBe(1);
    cache.store("under-100", page("cheap", ["listing", "product:2"]));
    const stock = tagsForChange({ kind: "stock", ids: [1] });
    expect(cache.purge(stock.tags, stock.prefixes)).toBe(0);
    cache.store("x", page("x", ["settings"]));
    const settings = tagsForChange({ kind: "settings", ids: ["announcement"] });
    expect(cache.purge(settings.tags, settings.prefixes)).toBe(1);
  });

  it("does not keep a page rendered while a change touching it was purged", () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const before = cache.marker();
    cache.purge(["product:7"]);
    expect(cache.store("seven", page("old price", ["product:7"]), before)).toBeUndefined();
    expect(cache.store("eight", page("other", ["product:8"]), before)).toBeDefined();
    expect(cache.store("seven", page("new price", ["product:7"]), cache.marker())).toBeDefined();
  });

  it("with a settle time (a lagging read replica), does not keep a page rendered soon after a purge touching it", () => {
    let now = 10_000;
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, settleMs: 2_000, now: () => now });
    cache.purge(["product:7"]);
    now += 500;
    expect(cache.store("seven", page("maybe old", ["product:7"]), cache.marker())).toBeUndefined();
    expect(cache.store("eight", page("other", ["product:8"]), cache.marker())).toBeDefined();
    now += 2_000;
    expect(cache.store("seven", page("new price", ["product:7"]), cache.marker())).toBeDefined();
  });
});

describe("page tags", () => {
  it("a page that names no product depends on every product", () => {
    const hints = new PageHints();
    hints.tag("settings");
    expect(hints.finalTags()).toEqual(["product", "settings"]);
    hints.tagProducts([3]);
    expect(hints.finalTags()).toEqual(["product:3", "settings"]);
  });

  it("a product change also drops the lists; a change without ids the whole kind", () => {
    expect(tagsForChange({ kind: "product", ids: [5] })).toEqual({
      tags: ["product", "product:5", "listing"],
      prefixes: [],
    });
    expect(tagsForChange({ kind: "category" })).toEqual({ tags: ["category"], prefixes: ["category:"] });
  });

  it("remembers the first reason a page may not be kept", () => {
    const hints = new PageHints();
    expect(hints.uncacheable).toBeNull();
    hints.markPersonal("session");
    hints.markUncacheable("listing failed");
    expect(hints.uncacheable).toBe("personal: session");
  });
});

describe("HTTP details", () => {
  it("picks brotli, then gzip, else none", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });

  it("hashes inline scripts (not JSON data, not scripts with src) and puts the hashes in place of the nonce", () => {
    const document =
      '<script>window.a=1</script><script type="module">import "x"</script><script src="/a.js"></script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script>';
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(document)).toEqual([hash("window.a=1"), hash('import "x"')]);
    expect(policyWithHashes("default-src 'self'; script-src 'self' 'nonce-abc' https://x", ["'sha256-1'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-1' https://x",
    );
  });
});
