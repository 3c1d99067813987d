import Fastify from "fastify";
import { describe, expect, test } from "vitest";
import { registerSecurityHeaders, type SecurityHeadersOptions } from "./security-headers.ts";

async function policy(options: SecurityHeadersOptions): Promise<Map<string, string[]>> {
  const app = Fastify();
  await registerSecurityHeaders(app, options);
  app.get("/", async () => "ok");
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  const header = String(response.headers["content-security-policy"]);
  return new Map(
    header.split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

describe("Content-Security-Policy", () => {
  test("with a gTagId, GA4's hosts are allowed as Google's CSP guide lists them", async () => {
    const csp = await policy({ https: false, dev: false, analytics: true });
    expect(csp.get("script-src")).toContain("https://*.googletagmanager.com");
    expect(csp.get("img-src")).toEqual(
      expect.arrayContaining(["https://*.google-analytics.com", "https://*.googletagmanager.com"]),
    );
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining([
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://*.googletagmanager.com",
      ]),
    );
  });

  test("without one, no Google Analytics host is allowed; the seal's origin only when given", async () => {
    const csp = await policy({ https: false, dev: false, imageOrigins: ["https://www.shopperapproved.com"] });
    const all = [...csp.values()].flat().join(" ");
    expect(all).not.toMatch(/googletagmanager|google-analytics|analytics\.google/);
    expect(csp.get("img-src")).toContain("https://www.shopperapproved.com");
    expect(csp.get("script-src")?.some((source) => source.startsWith("'nonce-"))).toBe(true);
    const plain = await policy({ https: false, dev: false });
    expect(plain.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  test("Stripe's hosts are allowed only when card payments go through Stripe", async () => {
    const stripe = await policy({ https: true, dev: false, stripe: true });
    expect(stripe.get("script-src")).toEqual(
      expect.arrayContaining(["https://js.stripe.com", "https://*.js.stripe.com"]),
    );
    expect(stripe.get("frame-src")).toEqual(
      expect.arrayContaining([
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        "https://hooks.stripe.com",
        "https://m.stripe.network",
      ]),
    );
    expect(stripe.get("connect-src")).toEqual(
      expect.arrayContaining(["https://api.stripe.com", "https://m.stripe.network"]),
    );
    for (const options of [
      { https: true, dev: false },
      { https: true, dev: false, stripe: false },
    ]) {
      const all = [...(await policy(options)).values()].flat().join(" ");
      expect(all).not.toMatch(/stripe/);
    }
  });

  test("the support chat provider's host is admitted only when a chat is configured", async () => {
    const csp = await policy({ https: false, dev: false, chatOrigin: "https://embed.chat.example" });
    for (const directive of ["script-src", "connect-src", "frame-src", "img-src"]) {
      expect(csp.get(directive), directive).toContain("https://embed.chat.example");
    }
    const plain = await policy({ https: false, dev: false, chatOrigin: null });
    expect([...plain.values()].flat()).not.toContain("https://embed.chat.example");
  });
});
