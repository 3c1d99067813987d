// A seeded generator of malformed and odd requests for the fuzz test: every route's method and path
// parameters, query values, headers and bodies of every content type. The same seed gives the same
// requests, so a failure replays with FUZZ_SEED.

/** mulberry32: small, fast and good enough to pick test inputs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** encodeURIComponent that also takes lone surrogates (sent as the escapes of their invalid UTF-8). */
export function escapeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\u0000")).replace(/%00/g, "%ED%A0%80");
  }
}

export interface FuzzRequest {
  /** The route pattern it was made from. */
  route: string;
  method: string;
  /** The request target as sent (already escaped, or deliberately not). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RoutePattern {
  method: string;
  /** A Fastify or React Router pattern: `/api/products/handle/:handle`, `/blog/*`, `/checkout/:checkoutId`. */
  url: string;
}

/** Values that exist in the store, so some requests get past lookups into the code behind them. */
export interface KnownValues {
  productHandles: string[];
  collectionHandles: string[];
  ids: number[];
  checkoutIds: string[];
  cookies: string[];
}

const METHODS = ["GET", "GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];
const FIELD_NAMES = [
  "q",
  "page",
  "limit",
  "pageSize",
  "sort",
  "sortBy",
  "t",
  "vendor",
  "email",
  "password",
  "token",
  "id",
  "handle",
  "quantity",
  "inventoryLevelId",
  "variantId",
  "productId",
  "lineItems",
  "code",
  "card",
  "shippingAddress",
  "shippingRateId",
  "expectedTotal",
  "firstName",
  "path",
  "intent",
  "_action",
  "countryCode",
  "zip",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzzboundary",
  "multipart/form-data",
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/octet-stream",
  "application/xml",
  "application/merge-patch+json",
  "image/png",
  "*/*",
  ";;;",
  "application/json; boundary=",
];

export class FuzzGenerator {
  private readonly random: () => number;
  private readonly known: KnownValues;
  constructor(seed: number, known: KnownValues) {
    this.random = seededRandom(seed);
    this.known = known;
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)];
  }

  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16)).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }

  /** A string of some kind: plausible, empty, unicode, control characters, SQL-ish, long or huge. */
  text(): string {
    switch (this.int(16)) {
      case 0:
        return "";
      case 1:
        return "pump";
      case 2:
        return this.pick(this.known.productHandles) ?? "pump";
      case 3:
        return "caf\u00e9 \u2603 \ud83d\udca7 \u0627\u0644\u0645\u0627\u0621";
      case 4:
        return "\u0000\u0001\u001f\u007f";
      case 5:
        return "' or 1=1 --; drop table orders;";
      case 6:
        return "../../../etc/passwd";
      case 7:
        return "<script>alert(1)</script>";
      case 8:
        return "x".repeat(300 + this.int(3000));
      case 9:
        return this.chance(0.1) ? "y".repeat(100_000 + this.int(200_000)) : "z".repeat(5_000);
      case 10:
        return "\ud800";
      case 11:
        return String(this.number());
      case 12:
        return "%00%C3%28%FF%";
      case 13:
        return "a@b";
      case 14:
        return `${this.int(10)}@example.com`;
      default:
        return "filter";
    }
  }

  number(): number {
    return this.pick([
      0,
      -1,
      1,
      2,
      3.5,
      -0,
      1e308,
      -1e308,
      2 ** 31,
      2 ** 53 + 1,
      Number.MAX_SAFE_INTEGER,
      999_999_999_999,
      this.pick(this.known.ids.length ? this.known.ids : [1]),
    ]);
  }

  /** A JSON value of any type, nested up to `depth`. */
  value(depth = 3): unknown {
    const kind = this.int(depth > 0 ? 9 : 6);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
      case 3:
        return this.number();
      case 4:
      case 5:
        return this.text();
      case 6:
      case 7:
        return this.object(depth - 1);
      default:
        return Array.from({ length: this.int(4) }, () => this.value(depth - 1));
    }
  }

  object(depth = 2): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const count = this.int(6);
    for (let i = 0; i < count; i++) {
      const key = this.chance(0.85) ? this.pick(FIELD_NAMES) : this.pick(["__proto__", "constructor", "", "a.b", "0"]);
      result[key] = this.value(depth);
    }
    return result;
  }

  /** A path parameter: real, numeric, odd, escaped odd bytes, raw latin-1 bytes, long. */
  param(name: string): string {
    const n = this.int(14);
    if (n === 0 && name.toLowerCase().includes("checkout") && this.known.checkoutIds.length)
      return this.pick(this.known.checkoutIds);
    if (n <= 1 && this.known.productHandles.length) return this.pick(this.known.productHandles);
    if (n === 2 && this.known.collectionHandles.length) return this.pick(this.known.collectionHandles);
    if (n <= 4) return String(this.number());
    if (n === 5) return this.pick(["%00", "%C3%28", "%FF", "%E2%82", "%", "%zz", "%2F", "%2e%2e", "a%00b"]);
    if (n === 6) return "\u00e9\u00ff\u0080"; // sent as raw latin-1 bytes
    if (n === 7) return "a".repeat(400 + this.int(3000));
    if (n === 8) return this.pick(["..", ".", "~", "-", "_", "null", "undefined", "NaN", "true", "[]", "{}"]);
    if (n === 9) return this.uuid();
    return escapeText(this.text().slice(0, 200)) || "x";
  }

  query(): string {
    if (this.chance(0.35)) return "";
    const parts: string[] = [];
    const count = this.chance(0.05) ? 150 : 1 + this.int(5);
    for (let i = 0; i < count; i++) {
      const key = this.chance(0.8)
        ? this.pick(FIELD_NAMES)
        : this.pick(["a[]", "a[b]", "", "%00", "%C3%28", "__proto__"]);
      const raw = this.chance(0.15)
        ? this.pick(["%00", "%C3%28", "%FF", "%", "+", "%2B%2B", "a=b=c"])
        : escapeText(this.chance(0.5) ? this.text().slice(0, 5000) : String(this.value(0)));
      parts.push(this.chance(0.1) ? key : `${key}=${raw}`);
    }
    return `?${parts.join("&")}`;
  }

  /** Fills a route pattern's parameters and wildcard. */
  fill(pattern: string): string {
    let path = pattern.replace(/:([A-Za-z0-9_]+)\??/g, (_match, name: string) => this.param(name));
    path = path.replace(/\*/g, () => Array.from({ length: 1 + this.int(3) }, () => this.param("splat")).join("/"));
    if (this.chance(0.05)) path += "/";
    if (this.chance(0.03)) path = path.replace(/^\/api/, "/API");
    return path;
  }

  body(contentType: string | undefined): Buffer | undefined {
    const kind = this.int(12);
    if (kind === 0) return undefined;
    if (kind === 1) return Buffer.alloc(0);
    if (kind === 2)
      return Buffer.from(this.pick(["{", '{"a":', "[1,2", "nul", "{'a':1}", "\u0000", '{"a":1}}', "1e99999"]));
    if (kind === 3) {
      // Deep nesting: arrays or objects thousands of levels down.
      const depth = 100 + this.int(20_000);
      return Buffer.from(
        this.chance(0.5) ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      );
    }
    if (kind === 4) return Buffer.from(Array.from({ length: 1 + this.int(4000) }, () => this.int(256)));
    if (kind === 5) return Buffer.alloc(this.chance(0.8) ? 70_000 : 1_100_000 + this.int(500_000), "A");
    if (contentType?.startsWith("multipart/form-data")) {
      const fields = Object.entries(this.object(0))
        .map(
          ([key, value]) =>
            `--fuzzboundary\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`,
        )
        .join("");
      return Buffer.from(this.chance(0.2) ? fields : `${fields}--fuzzboundary--\r\n`);
    }
    if (contentType?.startsWith("application/x-www-form-urlencoded")) {
      return Buffer.from(
        Object.entries(this.object(0))
          .map(([key, value]) => `${escapeText(key)}=${this.chance(0.1) ? "%C3%28%00" : escapeText(String(value))}`)
          .join("&"),
      );
    }
    return Buffer.from(JSON.stringify(this.chance(0.2) ? this.value(4) : this.object(3)) ?? "null");
  }

  request(route: RoutePattern): FuzzRequest {
    const method = this.chance(0.7) ? route.method : this.pick(METHODS);
    const headers: Record<string, string> = {};
    if (this.chance(0.4) && this.known.cookies.length) headers.cookie = this.pick(this.known.cookies);
    else if (this.chance(0.1))
      headers.cookie = this.pick(["store_sid=x", "store_sid=%00", "store_sid=", "a=b; store_sid=\u00ff"]);
    if (this.chance(0.3)) headers.accept = this.pick(["application/json", "text/html", "*/*", "image/webp", ""]);
    if (this.chance(0.1)) headers["idempotency-key"] = this.chance(0.5) ? this.uuid() : "x".repeat(this.int(400));
    if (this.chance(0.05)) headers["accept-encoding"] = this.pick(["br", "gzip", "deflate", "identity", "*", "zz"]);
    if (this.chance(0.05)) headers["x-forwarded-for"] = this.pick(["1.2.3.4", "not an ip", "::1, 10.0.0.1"]);
    if (this.chance(0.05)) headers.range = this.pick(["bytes=0-10", "bytes=-1", "bytes=9999999-", "lines=1"]);
    let body: Buffer | undefined;
    if (method !== "GET" && method !== "HEAD" && this.chance(0.85)) {
      const contentType = this.chance(0.9) ? this.pick(CONTENT_TYPES) : undefined;
      if (contentType) headers["content-type"] = contentType;
      body = this.body(contentType);
    }
    return {
      route: `${route.method} ${route.url}`,
      method,
      path: `${this.fill(route.url)}${this.query()}`,
      headers,
      body,
    };
  }
}
