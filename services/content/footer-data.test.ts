// The footer's minute-long cache is one of the store's shared caches: a store change empties it.
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client.ts";
import { clearAllTtlCaches } from "../ttl-cache.ts";
import { loadFooterData } from "./footer-data.ts";

let brandName = "Hayward";
vi.mock("../catalog/vendors.ts", () => ({
  listVendors: vi.fn(async () => ({ vendors: [{ name: brandName, productCount: 3 }] })),
}));
vi.mock("../catalog/navigation.ts", () => ({
  DEFAULT_NAV_DEPTH: 2,
  getNavigation: vi.fn(async () => [{ collectionId: 1, title: "Pumps", url: "/collections/pumps" }]),
}));

/** Just enough of a database for the rating query. */
const db = { select: () => ({ from: async () => [{ average: "4.5", count: 2 }] }) } as unknown as Database;

describe("the footer's data", () => {
  it("is reused until the store changes, then read again", async () => {
    expect((await loadFooterData(db, "/collections")).brands[0]?.name).toBe("Hayward");
    brandName = "Pentair";
    // Within the minute, the same answer.
    expect((await loadFooterData(db, "/collections")).brands[0]?.name).toBe("Hayward");
    // A store change empties every shared cache of the database (services/store-services.ts).
    clearAllTtlCaches(db);
    const footer = await loadFooterData(db, "/collections");
    expect(footer.brands[0]?.name).toBe("Pentair");
    expect(footer.categories).toEqual([{ title: "Pumps", url: "/collections/pumps" }]);
    expect(footer.rating).toEqual({ average: 4.5, count: 2 });
  });
});
