// The product cards a search answers come from the process's card cache once read, and a change made
// in the back office (stock, price) reaches the next search's cards at once: over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { loadCardRows, productCardCache } from "../../services/catalog/product-cards.ts";
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

  it("a change forgets only the cards it touches", async () => {
    const ids = (await search("/api/products/filter?limit=12&sortBy=id_asc")).cards.map((c) => c.id);
    const [first, ...others] = ids;
    const reads = async (wanted: number[]) => {
      statements.length = 0;
      const rows = await loadCardRows(store.database.readDb, wanted);
      expect(rows.map((row) => row.id)).toEqual(wanted);
      return statements.filter((statement) => statement.includes("product_cards(")).length;
    };
    expect(await reads(ids)).toBe(0);
    await store.services.changes.publish({ kind: "stock", ids: [first] });
    expect(await reads(others)).toBe(0);
    expect(await reads([first])).toBe(1);
    // Categories, content, settings, discounts and equipment show on no card: all are kept.
    for (const kind of ["category", "content", "settings", "discount", "equipment"] as const) {
      await store.services.changes.publish({ kind });
    }
    expect(await reads(ids)).toBe(0);
    // A brand's name is on cards: a brand change forgets them all, as does a product change naming none.
    await store.services.changes.publish({ kind: "brand", ids: [1] });
    expect(await reads(others)).toBe(1);
    expect(await reads(ids)).toBe(1);
    await store.services.changes.publish({ kind: "price" });
    expect(await reads(others)).toBe(1);
  });

  it("a product taken off sale has no card (recently viewed, order pages, equipment diagrams ask by id)", async () => {
    const ids = (await search("/api/products/filter?limit=4&sortBy=id_desc")).cards.map((c) => c.id);
    expect((await loadCardRows(store.database.readDb, ids)).map((row) => row.id)).toEqual(ids);
    const unpublished = await owner.call("POST", "/api/admin/products/bulk", {
      action: "unpublish",
      productIds: [ids[1]],
    });
    expect(unpublished.status).toBeLessThan(300);
    const left = [ids[0], ...ids.slice(2)];
    expect((await loadCardRows(store.database.readDb, ids)).map((row) => row.id)).toEqual(left);
    // Nor when the cache is cold.
    await store.services.changes.publish({ kind: "product" });
    expect((await loadCardRows(store.database.readDb, ids)).map((row) => row.id)).toEqual(left);
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
