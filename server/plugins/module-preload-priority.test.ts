import { describe, expect, test } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority.ts";

const rewrite = (html: string) => lowerModulePreloadPriority(Buffer.from(html)).toString("utf8");

describe("lowerModulePreloadPriority", () => {
  test("marks the head's module preloads low priority and leaves everything else alone", () => {
    const html =
      '<!DOCTYPE html><html><head><title>Café</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
      '<body><p>Pumps – 2 HP</p><link rel="modulepreload" href="/assets/late.js"/></body></html>';
    expect(rewrite(html)).toBe(
      '<!DOCTYPE html><html><head><title>Café</title><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<body><p>Pumps – 2 HP</p><link rel="modulepreload" href="/assets/late.js"/></body></html>',
    );
  });

  test("returns a document without a head or without preloads unchanged", () => {
    const plain = Buffer.from("<p>no head</p>");
    expect(lowerModulePreloadPriority(plain)).toBe(plain);
    const noPreload = Buffer.from("<html><head><title>x</title></head><body></body></html>");
    expect(lowerModulePreloadPriority(noPreload)).toBe(noPreload);
  });
});
