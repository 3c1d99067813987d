// The product cards a search answers come from the process's card cache once read, and a change made
// in the back office (stock, price) reaches the next search's cards at once: over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { productCardCache } from "../../services/catalog/product-cards.ts";
import { type CookieClient, signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface Card {
  id: number;
  title: string;
  price: number;
  availableInventoryLevels: Array<{ variantId: number; availableQuantity: number }>;
}

let store: TestStore;
let owner: CookieClient;
const statements: string[] = [];

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 60 });
  owner = await signInStaff(store, "owner");
  store.database.observeQueries((_seconds, statement) => statements.push(statement));
}, 240_000);

afterAll(() => store?.close());

async function search(path: string): Promise<{ cards: Card[]; cardQueries: number }> {
  statements.length = 0;
  const answer = await store.json<{ products: Card[] }>(path);
  expect(answer.status).toBe(200);
  return {
    cards: answer.body.products,
    cardQueries: statements.filter((statement) => statement.includes("product_cards(")).length,
  };
}

describe("product card cache", () => {
  it("reads a listing's cards once, then answers them from memory with the same fields", async () => {
    const first = await search("/api/products/filter?limit=12&sortBy=id_asc");
    expect(first.cards).toHaveLength(12);
    expect(first.cardQueries).toBe(1);
    const again = await search("/api/products/filter?limit=12&sortBy=id_asc");
    expect(again.cardQueries).toBe(0);
    expect(again.cards).toEqual(first.cards);
    // A page overlapping the first one reads only the cards it has not seen.
    const overlapping = await search("/api/products/filter?limit=16&sortBy=id_asc");
    expect(overlapping.cardQueries).toBe(1);
    expect(overlapping.cards.slice(0, 12)).toEqual(first.cards);
  });

  it("a stock adjustment and a price change in the back office reach the next search's cards", async () => {
    const { cards } = await search("/api/products/filter?limit=12&sortBy=id_asc");
    const card = cards.find((c) => c.availableInventoryLevels.length > 0);
    if (!card) throw new Error("The demo catalog has no card with an inventory level.");
    const level = card.availableInventoryLevels[0];
    const adjusted = await owner.call("POST", "/api/admin/stock/adjustments", {
      variantId: level.variantId,
      delta: 7,
      reason: "received",
    });
    expect(adjusted.status).toBe(201);
    const afterStock = (await search("/api/products/filter?limit=12&sortBy=id_asc")).cards.find(
      (c) => c.id === card.id,
    );
    expect(afterStock?.availableInventoryLevels[0].availableQuantity).toBe(level.availableQuantity + 7);

    const priced = await owner.call("POST", "/api/admin/products/bulk", {
      action: "price",
      productIds: [card.id],
      mode: "percent",
      value: 10,
    });
    expect(priced.status).toBeLessThan(300);
    const afterPrice = (await search("/api/products/filter?limit=12&sortBy=id_asc")).cards.find(
      (c) => c.id === card.id,
    );
    expect(afterPrice?.price).toBeGreaterThan(card.price);
  });

  it("keeps nothing when its size is 0", async () => {
    const saved = productCardCache.maxEntries;
    try {
      productCardCache.maxEntries = 0;
      await search("/api/products/filter?limit=8&sortBy=id_desc");
      expect((await search("/api/products/filter?limit=8&sortBy=id_desc")).cardQueries).toBe(1);
    } finally {
      productCardCache.maxEntries = saved;
    }
  });
});
