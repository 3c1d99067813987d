import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoEquipmentModels } from "../../demo/seed/equipment.ts";
import { useFastPasswordHashingForTests } from "../../services/account/password-hashing.ts";
import { findModelsByNumber } from "../../services/equipment/model-lookup.ts";
import { mangleModelNumbers } from "../../services/equipment/model-mangling.ts";
import { findModelInQuery } from "../../services/search/model-number.ts";
import { Client, newCustomer, type SignedInCustomer } from "./support/account-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
let pat: SignedInCustomer;
let sam: SignedInCustomer;
const PUMP = "hayward-super-pump-sp2610x15";

beforeAll(async () => {
  useFastPasswordHashingForTests();
  store = await startTestStore({ products: 300 });
  pat = await newCustomer(store, "equipment-pat");
  sam = await newCustomer(store, "equipment-sam");
});
afterAll(() => store?.close());

interface Part {
  id: number;
  title: string;
  handle: string;
  price: number;
  partNumber: string | null;
  quantity: number;
  availableInventoryLevels: unknown[];
}
interface Detail {
  equipment: {
    handle: string;
    title: string;
    modelNumber: string;
    diagrams: { imageUrl: string; callouts: { key: string; label: string; x: number; y: number; parts: Part[] }[] }[];
    rebuildKits: { name: string; parts: Part[] }[];
  };
}

describe("equipment catalog", () => {
  test("GET /api/equipment lists models with pageInfo, by brand and type", async () => {
    const { status, body } = await store.json<{
      equipment: { handle: string; brand: string; type: string }[];
      pageInfo: { totalObjects: number; totalPages: number };
    }>("/api/equipment?brand=hayward&type=pump&limit=10");
    expect(status).toBe(200);
    expect(body.equipment).toHaveLength(10);
    expect(body.equipment.every((m) => m.brand === "Hayward" && m.type === "pump")).toBe(true);
    expect(body.pageInfo.totalObjects).toBeGreaterThan(10);
    expect((await store.json("/api/equipment?type=toaster")).status).toBe(400);
    expect((await store.json("/api/equipment?limit=0")).status).toBe(400);
  });

  test("GET /api/equipment?q= finds a model by its label number typed any way, first", async () => {
    for (const q of [
      "SP2610X15",
      "sp-2610-x15",
      "sp 2610 x15",
      "SP2610X15-B",
      "W3SP2610X15",
      "hayward super pump 1.5",
    ]) {
      const { body } = await store.json<{ equipment: { handle: string }[] }>(
        `/api/equipment?q=${encodeURIComponent(q)}`,
      );
      expect(body.equipment[0]?.handle, q).toBe(PUMP);
    }
  });

  test("GET /api/equipment/{handle} answers the diagram, its callouts and their parts as product cards", async () => {
    const { status, body } = await store.json<Detail>(`/api/equipment/${PUMP}`);
    expect(status).toBe(200);
    expect(body.equipment.title).toBe("Hayward Super Pump SP2610X15");
    const [diagram] = body.equipment.diagrams;
    expect(diagram.imageUrl).toBe(`/img/demo-diagram/${PUMP}.svg`);
    expect(diagram.callouts.length).toBeGreaterThanOrEqual(10);
    for (const callout of diagram.callouts) {
      expect(callout.parts.length, callout.label).toBeGreaterThan(0);
      expect(callout.x).toBeGreaterThanOrEqual(0);
      expect(callout.parts[0]).toMatchObject({
        handle: expect.any(String),
        price: expect.any(Number),
        quantity: expect.any(Number),
      });
      expect(callout.parts[0].availableInventoryLevels).toBeDefined();
    }
    expect((await store.json("/api/equipment/no-such-model")).status).toBe(404);
    expect((await store.json("/api/equipment/Bad%20Handle")).status).toBe(400);
  });

  test("the drawing of every model is served", async () => {
    const response = await store.get(`/img/demo-diagram/${PUMP}.svg`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("SP2610X15");
  });

  test("GET /api/products/filter?fits= lists only the parts that fit, and the product says what it fits", async () => {
    const detail = (await store.json<Detail>(`/api/equipment/${PUMP}`)).body.equipment;
    const partIds = new Set(detail.diagrams[0].callouts.flatMap((c) => c.parts.map((p) => p.id)));
    const { status, body } = await store.json<{
      products: { id: number; handle: string }[];
      pageInfo: { totalObjects: number };
    }>(`/api/products/filter?fits=${PUMP}&limit=76`);
    expect(status).toBe(200);
    expect(body.pageInfo.totalObjects).toBe(partIds.size);
    expect(body.products.every((p) => partIds.has(p.id))).toBe(true);
    const product = await store.json<{ product: { fitsEquipment: { handle: string; title: string }[] } }>(
      `/api/products/handle/${body.products[0].handle}`,
    );
    expect(product.body.product.fitsEquipment.map((m) => m.handle)).toContain(PUMP);
    expect((await store.json("/api/products/filter?fits=NOT%20A%20HANDLE")).status).toBe(400);
  });

  test("does it fit: yes for a part of the model, not listed for an unknown number", async () => {
    const detail = (await store.json<Detail>(`/api/equipment/${PUMP}`)).body.equipment;
    const part = detail.diagrams[0].callouts[0].parts[0];
    const yes = await store.json<{ fits: string }>(`/api/products/handle/${part.handle}/fits?model=sp-2610-x15`);
    expect(yes.body.fits).toBe("yes");
    const unknown = await store.json<{ fits: string }>(`/api/products/handle/${part.handle}/fits?model=ZZ999999`);
    expect(unknown.body.fits).toBe("not-listed");
    expect((await store.json(`/api/products/handle/${part.handle}/fits`)).status).toBe(400);
  });
});

describe("search understands model numbers", () => {
  test("a model number typed any way names the model; with a part word, that part of the model first", async () => {
    const { body } = await store.json<{
      products: { id: number; title: string }[];
      pageInfo: { equipment?: { handle: string; title: string } };
    }>("/api/products/filter?q=sp-2610x15%20seal");
    expect(body.pageInfo.equipment?.handle).toBe(PUMP);
    expect(body.products[0].title).toMatch(/seal/i);
    const detail = (await store.json<Detail>(`/api/equipment/${PUMP}`)).body.equipment;
    const seal = detail.diagrams[0].callouts.find((c) => c.label === "Shaft seal assembly");
    expect(seal?.parts.map((p) => p.id)).toContain(body.products[0].id);
    const plain = await store.json<{ pageInfo: { equipment?: { handle: string } } }>(
      "/api/products/filter?q=pool%20pump",
    );
    expect(plain.body.pageInfo.equipment).toBeUndefined();
  });

  test("a model number typed in part is completed in the same statement that looks up the whole ones", async () => {
    const statements: string[] = [];
    let counting = true;
    store.database.observeQueries((_seconds, statement) => {
      if (counting && statement.includes("equipment_model_keys")) statements.push(statement);
    });
    try {
      // No key is "sp2610x1": the number starts one (sp2610x15), found by the range the statement also reads.
      const partial = await findModelInQuery(store.database.db, "sp2610x1 seal");
      expect(partial).toMatchObject({ modelNumber: "SP2610X15", matchedText: "sp2610x1", rest: "seal" });
      expect(statements).toHaveLength(1);
      // A whole number found by its key: the range is not what names it.
      const whole = await findModelInQuery(store.database.db, "seal sp-2610-x15");
      expect(whole).toMatchObject({ modelNumber: "SP2610X15", matchedText: "sp-2610-x15", rest: "seal" });
      expect(statements).toHaveLength(2);
      expect(await findModelInQuery(store.database.db, "zz99999 seal")).toBeNull();
      expect(statements).toHaveLength(3);
    } finally {
      counting = false;
    }
  });

  test("mean reciprocal rank over 250 mangled model numbers of the demo catalog is at least 0.95", async () => {
    const db = store.database.db;
    const models = demoEquipmentModels();
    const numberToId = new Map<string, number>();
    const rows = (await db.execute(sql`select id, model_number from equipment_models`)) as unknown as {
      rows: { id: number; model_number: string }[];
    };
    for (const row of rows.rows) numberToId.set(row.model_number, row.id);
    const queries = mangleModelNumbers(models, 250);
    expect(queries.length).toBe(250);
    let sum = 0;
    let searchFirst = 0;
    const misses: string[] = [];
    for (const query of queries) {
      const wanted = numberToId.get(query.modelNumber);
      const found = await findModelsByNumber(db, query.query, 10);
      const rank = found.findIndex((m) => m.equipmentId === wanted) + 1;
      sum += rank > 0 ? 1 / rank : 0;
      if (rank !== 1) misses.push(`${query.query} (${query.how}) → rank ${rank}`);
      const inSearch = await findModelInQuery(db, query.query);
      if (inSearch?.modelNumber === query.modelNumber) searchFirst++;
    }
    const mrr = sum / queries.length;
    console.log(`model-number MRR ${mrr.toFixed(3)} over ${queries.length}; search names the model for ${searchFirst}`);
    if (misses.length) console.log(misses.slice(0, 20).join("\n"));
    expect(mrr).toBeGreaterThanOrEqual(0.95);
    expect(searchFirst / queries.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe("My equipment", () => {
  test("anonymous callers are refused", async () => {
    const guest = new Client(store);
    expect((await guest.get("/api/customer/equipment")).status).toBe(401);
    expect((await guest.call("POST", "/api/customer/equipment", { handle: PUMP })).status).toBe(401);
    expect((await guest.call("DELETE", `/api/customer/equipment/${PUMP}`)).status).toBe(401);
  });

  test("save with a nickname, list, rename, remove; each customer sees only their own", async () => {
    const saved = await pat.client.call<{ equipment: { handle: string; nickname: string | null }[] }>(
      "POST",
      "/api/customer/equipment",
      { handle: PUMP, nickname: "Backyard pump" },
      { "idempotency-key": "save-pump-1" },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.equipment).toEqual([expect.objectContaining({ handle: PUMP, nickname: "Backyard pump" })]);
    // A retry with the same key does nothing twice.
    const replay = await pat.client.call(
      "POST",
      "/api/customer/equipment",
      { handle: PUMP, nickname: "Backyard pump" },
      { "idempotency-key": "save-pump-1" },
    );
    expect(replay.status).toBe(200);
    expect((await sam.client.get<{ equipment: unknown[] }>("/api/customer/equipment")).body.equipment).toEqual([]);
    // Sam cannot remove Pat's model: it is not on Sam's list.
    expect((await sam.client.call("DELETE", `/api/customer/equipment/${PUMP}`)).status).toBe(404);
    expect((await pat.client.get<{ equipment: unknown[] }>("/api/customer/equipment")).body.equipment).toHaveLength(1);

    const renamed = await pat.client.call<{ equipment: { nickname: string }[] }>("POST", "/api/customer/equipment", {
      handle: PUMP,
      nickname: "Pool pump",
    });
    expect(renamed.body.equipment[0].nickname).toBe("Pool pump");
    expect((await pat.client.call("POST", "/api/customer/equipment", { handle: "no-such-model" })).status).toBe(404);
    expect(
      (await pat.client.call("POST", "/api/customer/equipment", { handle: PUMP, nickname: "x".repeat(61) })).status,
    ).toBe(400);
    expect(
      (await pat.client.call("POST", "/api/customer/equipment", { handle: PUMP, customerId: sam.customerId })).status,
    ).toBe(400);

    const removed = await pat.client.call("DELETE", `/api/customer/equipment/${PUMP}`);
    expect(removed.body).toEqual({ success: true });
    expect((await pat.client.get<{ equipment: unknown[] }>("/api/customer/equipment")).body.equipment).toEqual([]);
  });

  test("a guest's list merges on sign-in: known models kept, unknown ones skipped, nicknames kept", async () => {
    const filter = demoEquipmentModels().find((m) => m.type === "filter");
    const merged = await sam.client.call<{ equipment: { handle: string; nickname: string | null }[] }>(
      "POST",
      "/api/customer/equipment",
      {
        items: [
          { handle: PUMP, nickname: "Backyard pump" },
          { handle: filter?.handle ?? "", nickname: null },
          { handle: "removed-model" },
        ],
      },
    );
    expect(merged.status).toBe(200);
    expect(merged.body.equipment.map((m) => m.handle)).toEqual([PUMP, filter?.handle]);
    const fits = await store.json<{ fits: { handle: string; productIds: number[] }[] }>(
      `/api/equipment/fits?handles=${PUMP},${filter?.handle}`,
    );
    expect(fits.body.fits).toHaveLength(2);
    expect(fits.body.fits.every((f) => f.productIds.length > 0)).toBe(true);
  });
});
