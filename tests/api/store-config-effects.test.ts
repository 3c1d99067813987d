// What the store's configuration changes over HTTP: the currency every money text uses (the theme's),
// and the third parties the Content-Security-Policy admits.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  CODES,
  createProduct,
  installCommerceFixtures,
  type ProductFixture,
  Shopper,
} from "../../fixtures/checkout-fixtures.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let part: ProductFixture;

beforeAll(async () => {
  store = await startTestStore({
    products: 0,
    // The top-level storeCurrency stays USD: the theme's value is the one shown (spec shopping §1).
    storeConfig: (config) => ({
      ...config,
      themeConfig: { ...config.themeConfig, storeCurrency: "EUR" },
      reviewsUrl: "https://reviews.example/bluelagoonparts",
      supportChat: { scriptUrl: "https://embed.chat.example/{id}/widget.js", id: "store-42" },
    }),
  });
  await installCommerceFixtures(store.database.db);
  part = await createProduct(store.database.db, { title: "Salt Cell", priceCents: 6000, available: 100 });
});
afterAll(() => store?.close());

describe("currency", () => {
  test("the cart's API words money in the theme's currency", async () => {
    expect(store.services.config.store.storeCurrency).toBe("USD");
    const shopper = new Shopper(store.baseUrl);
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
    });
    expect(added.status).toBe(200);
    const refused = await shopper.call<{ error: string }>(
      "POST",
      `/api/checkouts/${added.body.checkout.id}/discountCodes?code=${CODES.fixed}`,
      { headers: { "content-type": "application/json" } },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain("€100.00");
    expect(refused.body.error).not.toContain("$");
  });
});

describe("Content-Security-Policy", () => {
  async function policy(): Promise<Map<string, string[]>> {
    const response = await store.get("/api/health");
    return new Map(
      String(response.headers.get("content-security-policy"))
        .split(";")
        .map((directive) => {
          const [name, ...sources] = directive.trim().split(/\s+/);
          return [name, sources] as [string, string[]];
        }),
    );
  }

  test("admits the review provider's image host, for its reviewers' avatars", async () => {
    expect((await policy()).get("img-src")).toContain("https://reviews.example");
  });

  test("admits the configured support chat provider's host for its script", async () => {
    const csp = await policy();
    expect(csp.get("script-src")).toContain("https://embed.chat.example");
    expect(csp.get("frame-src")).toContain("https://embed.chat.example");
  });
});
