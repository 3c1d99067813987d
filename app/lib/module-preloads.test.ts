import { describe, expect, test } from "vitest";
import { moveModulePreloadsToHead } from "./module-preloads.ts";

describe("moveModulePreloadsToHead", () => {
  test("moves the body's module preloads to the end of the head, all low priority, and leaves the rest alone", () => {
    const html =
      '<!DOCTYPE html><html><head><title>Café</title><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link rel="stylesheet" href="/assets/app.css"/></head>' +
      '<body><p>Pumps – 2 HP</p><link rel="modulepreload" href="/assets/b.js"/>' +
      '<link rel="modulepreload" href="/assets/c.js"/><script type="module">import("/assets/b.js")</script></body></html>';
    expect(moveModulePreloadsToHead(html)).toBe(
      '<!DOCTYPE html><html><head><title>Café</title><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/c.js"/></head>' +
        '<body><p>Pumps – 2 HP</p><script type="module">import("/assets/b.js")</script></body></html>',
    );
  });

  test("returns a document without a head or without preloads unchanged", () => {
    const plain = "<p>no head</p>";
    expect(moveModulePreloadsToHead(plain)).toBe(plain);
    const noPreload = "<html><head><title>x</title></head><body></body></html>";
    expect(moveModulePreloadsToHead(noPreload)).toBe(noPreload);
  });
});
