// Relevance set: queries shoppers type, with the product that must come first (and, for some,
// products that must make the first few). The demo catalog is generated from a fixed seed, so the
// answers are stable; the well-known products open it (ids 1-30, demo/seed/content/hero-products.ts).
// A change to ranking, matching, typo correction or synonyms that breaks one of these fails here.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { refreshProductSearchData } from "../../services/search/search-index.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

interface RelevanceCase {
  q: string;
  /** The id of the product that must come first... */
  first?: number;
  /** ...or a pattern its title must match (when several products are equally right). */
  firstTitle?: RegExp;
  /** Ids that must appear within the first `within` results. */
  top?: number[];
  within?: number;
  /** The "did you mean" query the answer must report. */
  corrected?: string;
}

const cases: Record<string, RelevanceCase[]> = {
  "part numbers": [
    { q: "SP2610X15", first: 1 },
    { q: "sp2303vsp", first: 2 },
    { q: "011056", first: 3 },
    { q: "C-4950", first: 4 },
    { q: "c4950", first: 4 },
    { q: "R0358800", first: 5 },
    { q: "460732", first: 6 },
    { q: "EC-40", first: 7 },
    { q: "PRB25-IN", first: 8 },
    { q: "prb25in", first: 8 },
    { q: "SPX1600Z2", first: 9 },
    { q: "spx1600d", first: 10 },
    { q: "spx 1600 z4", first: 11 },
    { q: "O-375", first: 12 },
    { q: "T-CELL-15", first: 13 },
    { q: "520555", first: 14 },
    { q: "JXI400N", first: 15 },
    { q: "009261", first: 16 },
    { q: "99996403-PC", first: 18 },
    { q: "MX8", first: 19 },
    { q: "D45", first: 20 },
    { q: "26645EG", first: 21 },
    { q: "3721621 1V", first: 22 },
    { q: "0202-300029", first: 23 },
    { q: "6CH-940", first: 24 },
    { q: "4717", first: 26 },
    { q: "b2854", first: 27 },
    { q: "K-2006", first: 28 },
    { q: "WG1052AV", first: 30 },
  ],
  "part number prefixes and superseded numbers": [
    { q: "SPX1600", top: [9, 10, 11], within: 5 },
    { q: "sp2610", first: 1 },
    { q: "R0358801", first: 5 },
    { q: "EC40AC", first: 7 },
    { q: "GLX-CELL-15", first: 13 },
    { q: "T-CELL-15-A", first: 13 },
    { q: "520554", first: 14 },
    { q: "9-100-3105", first: 20 },
  ],
  misspellings: [
    { q: "chlorinater", firstTitle: /Chlorinator/, corrected: "chlorinator" },
    { q: "inteliflo pump", first: 3, corrected: "intelliflo pump" },
    { q: "cartrige filter", firstTitle: /Cartridge/, corrected: "cartridge filter" },
    { q: "hayword super pump", first: 1, corrected: "hayward super pump" },
    { q: "pentiar intelliflo", firstTitle: /^Pentair IntelliFlo/, corrected: "pentair intelliflo" },
    { q: "polaris swep hose", first: 20, corrected: "polaris sweep hose" },
    { q: "aqacal heatwave", firstTitle: /^AquaCal .*HeatWave .*Heat Pump/, corrected: "aquacal heatwave" },
    { q: "intellibrit light", first: 25, corrected: "intellibrite light" },
  ],
  synonyms: [
    { q: "swg", firstTitle: /Salt Cell|Salt Chlorine Generator/ },
    { q: "chlorinator cell", firstTitle: /Salt Cell/, top: [13, 14], within: 3 },
    { q: "salt cell", first: 13, top: [14], within: 3 },
    { q: "hot tub heater", first: 17 },
    { q: "ignitor", firstTitle: /Igniter/ },
    { q: "vs pump", firstTitle: /Variable Speed/ },
    { q: "oring", firstTitle: /O-Ring/ },
  ],
  "brand and type": [
    { q: "hayward super pump", first: 1, top: [2], within: 3 },
    { q: "pentair intelliflo", first: 3 },
    { q: "jandy jxi heater", first: 15 },
    { q: "taylor test kit", first: 28 },
    { q: "dolphin robotic cleaner", first: 18 },
    { q: "zodiac mx8", first: 19 },
    { q: "raypak pressure switch", first: 6 },
    { q: "intex sand filter pump", first: 21 },
    { q: "balboa spa heater", first: 17 },
    { q: "pentair intellibrite light", first: 25 },
    { q: "jandy never lube valve", first: 26 },
    { q: "century motor 1.5 hp", first: 27 },
    { q: "shaft seal", first: 9 },
    { q: "pump", firstTitle: /Pump$|Pump [A-Z0-9-]+$|Pool Pump/ },
  ],
  "as you type and accents": [
    { q: "hayward super pu", first: 1 },
    { q: "intellib", first: 25 },
    { q: "Háyward Súper Pump", first: 1 },
    { q: "taylor k-20", first: 28 },
  ],
};

let store: TestStore;
beforeAll(async () => {
  // The harness seeds the demo catalog and builds the search index.
  store = await startTestStore({ products: 1000 });
  // Seeding and indexing take a while on a busy two-core machine.
}, 300_000);
afterAll(() => store?.close());

interface Answer {
  products: { id: number; title: string }[];
  pageInfo: { correctedQuery: string | null };
}

test("the set holds at least 40 queries", () => {
  expect(Object.values(cases).flat().length).toBeGreaterThanOrEqual(40);
});

for (const [group, list] of Object.entries(cases)) {
  describe(group, () => {
    test.each(list.map((c) => [c.q, c] as const))("%s", async (_q, c) => {
      const { status, body } = await store.json<Answer>(
        `/api/products/filter?${new URLSearchParams({ q: c.q, limit: "8" })}`,
      );
      expect(status).toBe(200);
      const [first] = body.products;
      const shown = body.products.map((p) => `${p.id} ${p.title}`).join("\n");
      expect(first, `nothing found for "${c.q}"`).toBeDefined();
      if (c.first !== undefined) expect(first.id, `first for "${c.q}":\n${shown}`).toBe(c.first);
      if (c.firstTitle) expect(first.title, `first for "${c.q}":\n${shown}`).toMatch(c.firstTitle);
      if (c.top) {
        const ids = body.products.slice(0, c.within ?? 3).map((p) => p.id);
        expect(ids, `top ${c.within ?? 3} for "${c.q}":\n${shown}`).toEqual(expect.arrayContaining(c.top));
      }
      if (c.corrected !== undefined) expect(body.pageInfo.correctedQuery).toBe(c.corrected);
    });
  });
}

// Last, as it edits two products (with a word no other query uses).
describe("field weights", () => {
  test("a title match outranks a best seller that has the word only in its description and tags", async () => {
    const db = store.database.db;
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    // The best seller of the catalog (which would win any tie), and a slow seller to carry the word in its title.
    const [best] = await rowsOf<{ id: number }>(sql`select id from products order by sales_count desc, id limit 1`);
    const [slow] = await rowsOf<{ id: number }>(
      sql`select id from products where id > 30 and id <> ${best.id} order by sales_count asc, id limit 1`,
    );
    await db.execute(sql`update products set title = title || ' Marlinspike' where id = ${slow.id}`);
    await db.execute(
      sql`update products set description_html = coalesce(description_html, '') || '<p>Marlinspike marlinspike fit.</p>'
          where id = ${best.id}`,
    );
    const [tag] = await rowsOf<{ id: number }>(
      sql`insert into tags (prefix, value) values ('Fits', 'Marlinspike') returning id`,
    );
    await db.execute(sql`insert into product_tags (product_id, tag_id) values (${best.id}, ${tag.id})`);
    await refreshProductSearchData(db, [slow.id, best.id]);

    const { body } = await store.json<Answer>("/api/products/filter?q=marlinspike&limit=8");
    expect(body.products.map((p) => p.id)).toEqual([slow.id, best.id]);
  });
});
