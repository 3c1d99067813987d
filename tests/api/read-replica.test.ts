// DATABASE_READ_URL: catalog and search reads go to the read replica, writes and checkout never do.
// The "replica" is the same PostgreSQL database opened a second time with read-only sessions, so a
// write sent to it would fail. Each statement is told apart by the pool it ran on (and its SQL text).
// Needs a PostgreSQL server on 127.0.0.1:5432.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { seedDemoData } from "../../demo/seed/seed.ts";
import { APPROVED_CARD, MAINLAND_ADDRESS, Shopper } from "../../fixtures/checkout-fixtures.ts";
import { rebuildSearchIndex } from "../../services/search/search-index.ts";
import { answersOn } from "./support/tcp-proxy.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "./support/throwaway-database.ts";

const SERVER = "postgres://postgres@127.0.0.1:5432";
const available = await answersOn("127.0.0.1", 5432);
if (!available) console.log("read-replica: no PostgreSQL server on 127.0.0.1:5432, skipped");

let own: ThrowawayDatabase;
let database: DatabaseHandle;
let store: TestStore;
/** Every statement each pool ran, in order. */
const primary: string[] = [];
const replica: string[] = [];
/** A product in stock, a category with products, a word of the product's title. */
let part: { handle: string; levelId: number; word: string };
let category: string;

beforeAll(async () => {
  if (!available) return;
  own = await createThrowawayDatabase(`${SERVER}/postgres`, "store_replica");
  database = await openDatabase({ url: own.url, readUrl: own.url, poolSize: 3 });
  await migrateDatabase(database);
  await seedDemoData(database.db, { products: 40 });
  await rebuildSearchIndex(database.db);
  const found = await database.db.execute(sql`
    select p.handle, p.title, l.id as "levelId"
    from products p
    join variants v on v.product_id = p.id
    join inventory_items i on i.variant_id = v.id
    join inventory_levels l on l.inventory_item_id = i.id
    where p.available_for_sale and v.available_for_sale and l.available > 10
      and exists (select 1 from collection_products cp where cp.product_id = p.id)
    order by p.id limit 1`);
  const row = (found as unknown as { rows: Array<{ handle: string; title: string; levelId: number }> }).rows[0];
  const word = row.title.split(/\s+/).find((part) => /^[A-Za-z]{4,}$/.test(part)) ?? row.title;
  part = { handle: row.handle, levelId: row.levelId, word: word.toLowerCase() };
  const collection = await database.db.execute(sql`
    select c.handle from collections c
    join collection_products cp on cp.collection_id = c.id
    join products p on p.handle = ${row.handle} and p.id = cp.product_id
    limit 1`);
  category = (collection as unknown as { rows: Array<{ handle: string }> }).rows[0].handle;
  database.observeQueries((_seconds, statement) => primary.push(statement));
  database.observeReadQueries((_seconds, statement) => replica.push(statement));
  store = await startTestStore({ database, products: 0, pages: true });
});

afterAll(async () => {
  if (!available) return;
  await store?.close();
  await database?.close();
  await own?.drop();
});

/** The tables a statement reads or writes (drizzle quotes every name; hand-written SQL names them plainly). */
function tablesOf(statement: string): string[] {
  const names = [...statement.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)].map((match) => match[1]);
  return [...new Set(names.map((name) => name.toLowerCase()))].sort();
}

/** Renders a page and answers what each pool ran for it. */
async function render(path: string, cookie: string | null = null) {
  const before = { primary: primary.length, replica: replica.length };
  const response = await fetch(`${store.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  expect(response.status, `${path}: ${html.slice(0, 200)}`).toBe(200);
  return { html, primary: primary.slice(before.primary), replica: replica.slice(before.replica) };
}

describe.skipIf(!available)("a read replica", () => {
  test("the replica's sessions refuse writes", async () => {
    const failure = await database.readDb.execute(sql`create table replica_write_probe (id int)`).then(
      () => null,
      (error: Error & { cause?: Error }) => error,
    );
    expect(String(failure?.cause?.message ?? failure?.message)).toMatch(/read-only transaction/);
  });

  test("catalog and search reads of the API go to the replica", async () => {
    const before = { primary: primary.length, replica: replica.length };
    expect((await store.json(`/api/products/handle/${part.handle}`)).status).toBe(200);
    expect((await store.json(`/api/products/filter?q=${encodeURIComponent(part.word)}`)).status).toBe(200);
    expect((await store.json("/api/collections")).status).toBe(200);
    expect(replica.length - before.replica).toBeGreaterThanOrEqual(3);
    expect(primary.slice(before.primary)).toEqual([]);
  });

  test("the home, category, product and search pages read the catalog from the replica only", async () => {
    const pages = {
      home: "/",
      category: `/collections/${category}`,
      product: `/products/${part.handle}`,
      search: `/searchresults.asp?q=${encodeURIComponent(part.word)}`,
    };
    for (const [page, path] of Object.entries(pages)) {
      // Twice: the first render fills the minute caches, the second is what most visitors get.
      for (const round of [1, 2]) {
        const rendered = await render(path);
        // A visitor without a session: not one statement on the primary.
        expect(rendered.primary, `${page} (render ${round}) on the primary`).toEqual([]);
        if (round === 1) expect(rendered.replica.length, `${page} on the replica`).toBeGreaterThan(0);
      }
    }
    const product = await render(pages.product);
    expect(product.html).toContain(part.handle);
  });

  test("with a session and a cart, pages read nothing on the primary; the header's summary reads only the session and the cart there", async () => {
    const shopper = new Shopper(store.baseUrl);
    const added = await shopper.call("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      key: randomUUID(),
    });
    expect(added.status).toBe(200);
    for (const path of ["/", `/collections/${category}`, `/products/${part.handle}`]) {
      // The page is the same for every visitor (the page cache's rule): the browser asks for the cart
      // count and sign-in state afterwards, so the page itself reads nothing personal.
      const rendered = await render(path, shopper.cookie);
      expect(rendered.primary, path).toEqual([]);
    }
    const before = { primary: primary.length, replica: replica.length };
    const summary = await fetch(`${store.baseUrl}/api/session/summary`, { headers: { cookie: shopper.cookie ?? "" } });
    expect(summary.status).toBe(200);
    expect(await summary.json()).toEqual({ cartCount: 1, signedIn: false });
    const ran = primary.slice(before.primary);
    // The visitor's session row, their open cart and its item count for the header: nothing else.
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.length).toBeLessThanOrEqual(SESSION_AND_CART.length);
    for (const statement of ran) {
      expect(
        SESSION_AND_CART.some((pattern) => pattern.test(statement)),
        `the summary ran on the primary: ${statement}`,
      ).toBe(true);
    }
    expect(SESSION_AND_CART[0].test(ran[0]), "the session first").toBe(true);
    expect(replica.slice(before.replica)).toEqual([]);
  });

  test("the cart and checkout (writes and transactions) stay on the primary and succeed", async () => {
    const replicaBefore = replica.length;
    const primaryBefore = primary.length;
    const shopper = new Shopper(store.baseUrl);
    const added = await shopper.call<{ checkout: { id: string } }>("POST", "/api/checkouts/lineItems", {
      body: { inventoryLevelId: part.levelId, quantity: 1 },
      key: randomUUID(),
    });
    expect(added.status).toBe(200);
    const placed = await shopper.call<{ order: { id: number } }>(
      "POST",
      `/api/checkouts/${added.body.checkout.id}/complete`,
      {
        body: { email: "replica@example.com", shippingAddress: MAINLAND_ADDRESS, card: APPROVED_CARD },
        key: randomUUID(),
      },
    );
    expect(placed.status).toBe(200);
    expect(replica.length).toBe(replicaBefore);
    expect(primary.length - primaryBefore).toBeGreaterThan(5);
    // The order page right after placing it reads the order from the primary (a replica may lag behind).
    const page = await render(`/account/orders/${placed.body.order.id}?placed=1`, shopper.cookie);
    expect(page.primary.some((statement) => tablesOf(statement).includes("orders"))).toBe(true);
    expect(page.replica.filter((statement) => tablesOf(statement).includes("orders"))).toEqual([]);
  });
});

/** The statements the header's summary runs on the primary for a visitor with a session (and a cart). */
const SESSION_AND_CART = [
  // The session (services/session/session-store.ts).
  /^select .* from "sessions" where \("sessions"\."id" = \$1 /,
  // The visitor's open cart (services/checkout/visitor-checkout.ts)...
  /^select "id" from "checkouts" where \("checkouts"\."id" = \$1 and "checkouts"\."status" = \$2/,
  // ...and its item count for the header's cart badge (services/checkout/visitor-cart.ts).
  /^select coalesce\(sum\("quantity"\), 0\)::int from "checkout_line_items" where/,
];
