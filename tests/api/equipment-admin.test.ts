import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signInStaff } from "./support/staff-helpers.ts";
import { startTestStore, type TestStore } from "./support/test-store.ts";

let store: TestStore;
const PUMP = "hayward-super-pump-sp2610x15";

beforeAll(async () => {
  store = await startTestStore({ products: 300 });
});
afterAll(() => store?.close());

interface AdminModel {
  id: number;
  modelNumber: string;
  aliases: string[];
  diagrams: {
    callouts: {
      key: string;
      label: string;
      x: number;
      y: number;
      parts: { id: number; partNumber: string; quantity: number }[];
    }[];
  }[];
}

async function pumpId(): Promise<number> {
  const { body } = await store.json<{ equipment: { id: number }[] }>("/api/equipment?q=SP2610X15&limit=1");
  return body.equipment[0].id;
}

async function somePartNumbers(count: number): Promise<string[]> {
  const { body } = await store.json<{ products: { handle: string }[] }>("/api/products/filter?q=seal&limit=8");
  const numbers: string[] = [];
  for (const product of body.products) {
    const detail = await store.json<{ product: { productCode: string | null } }>(
      `/api/products/handle/${product.handle}`,
    );
    if (detail.body.product.productCode) numbers.push(detail.body.product.productCode);
    if (numbers.length === count) break;
  }
  return numbers;
}

describe("/api/admin/equipment", () => {
  test("support staff read, cannot write; anonymous callers are refused", async () => {
    const id = await pumpId();
    expect((await store.json("/api/admin/equipment")).status).toBe(401);
    const support = await signInStaff(store, "support");
    expect((await support.call("GET", `/api/admin/equipment/${id}`)).status).toBe(200);
    const refused = await support.call("POST", `/api/admin/equipment/${id}/callouts`, {
      keyNumber: "99",
      label: "Seal",
      x: 10,
      y: 10,
      parts: [{ partNumber: "X", quantity: 1, note: null }],
    });
    expect(refused.status).toBe(403);
  });

  test("a manager places a callout by position and part number; the store's model page shows it", async () => {
    const id = await pumpId();
    const manager = await signInStaff(store, "manager");
    const [partNumber] = await somePartNumbers(1);
    const saved = await manager.call<{ equipment: AdminModel }>("POST", `/api/admin/equipment/${id}/callouts`, {
      keyNumber: "40",
      label: "Extra seal",
      x: 12.5,
      y: 88,
      parts: [{ partNumber: partNumber.toLowerCase().replace(/(\d)/, "-$1"), quantity: 2, note: "Spare" }],
    });
    expect(saved.status).toBe(200);
    const callout = saved.body.equipment.diagrams[0].callouts.find((c) => c.key === "40");
    expect(callout).toMatchObject({ label: "Extra seal", x: 12.5, y: 88 });
    expect(callout?.parts[0]).toMatchObject({ partNumber, quantity: 2 });
    const unknown = await manager.call<{ error: string }>("POST", `/api/admin/equipment/${id}/callouts`, {
      keyNumber: "41",
      label: "Nothing",
      x: 1,
      y: 1,
      parts: [{ partNumber: "NOPE-0000", quantity: 1, note: null }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain("NOPE-0000");
    const removed = await manager.call("DELETE", `/api/admin/equipment/${id}/callouts/40`);
    expect(removed.status).toBe(200);
  });

  test("a manager renames a model and adds a label variant: the store finds it by the new variant", async () => {
    const id = await pumpId();
    const manager = await signInStaff(store, "manager");
    const current = (
      await manager.call<{ equipment: AdminModel & { name: string; series: string; description: string | null } }>(
        "GET",
        `/api/admin/equipment/${id}`,
      )
    ).body.equipment;
    const updated = await manager.call("PUT", `/api/admin/equipment/${id}`, {
      name: current.name,
      series: current.series,
      modelNumber: current.modelNumber,
      aliases: [...current.aliases, "SPX-2610-X15-NEW"],
      yearFrom: 1998,
      yearTo: null,
      description: current.description,
      diagramImageUrl: null,
    });
    expect(updated.status).toBe(200);
    const found = await store.json<{ equipment: { handle: string }[] }>("/api/equipment?q=spx2610x15new");
    expect(found.body.equipment[0]?.handle).toBe(PUMP);
    const bad = await manager.call("PUT", `/api/admin/equipment/${id}`, { name: "" });
    expect(bad.status).toBe(400);
  });

  test("the fitment CSV: a dry run lists the problems by row and writes nothing; a clean file imports atomically", async () => {
    const manager = await signInStaff(store, "manager");
    const [a, b] = await somePartNumbers(2);
    const broken = [
      "model_number,part_number,key,label,quantity",
      `SP2610X15,${a},50,Seal,1`,
      "NOSUCHMODEL,X,51,Lid,1",
      `SP2610X15,NOPE-1,52,Lid,zero`,
    ].join("\n");
    const dry = await manager.call<{ result: { applied: boolean; problems: { row: number; message: string }[] } }>(
      "POST",
      "/api/admin/equipment/import",
      { csv: broken, dryRun: false },
    );
    expect(dry.status).toBe(200);
    expect(dry.body.result.applied).toBe(false);
    expect(dry.body.result.problems.map((p) => p.row)).toEqual([3, 3, 4, 4]);
    const before = (await store.json<{ equipment: AdminModel }>(`/api/equipment/${PUMP}`)).body.equipment;
    expect(before.diagrams[0].callouts.some((c) => c.key === "50")).toBe(false);

    const clean = [
      "model_number,part_number,key,label,quantity,note",
      `sp-2610-x15,${a},50,Spare seal,2,`,
      `SP2610X15,${b},,Spare gasket,1,From the supplier`,
    ].join("\n");
    const check = await manager.call<{ result: { problems: unknown[]; partsMapped: number } }>(
      "POST",
      "/api/admin/equipment/import",
      { csv: clean, dryRun: true },
    );
    expect(check.body.result).toMatchObject({ problems: [], partsMapped: 2 });
    const applied = await manager.call<{ result: { applied: boolean; calloutsAdded: number } }>(
      "POST",
      "/api/admin/equipment/import",
      { csv: clean, dryRun: false },
    );
    expect(applied.body.result).toMatchObject({ applied: true, calloutsAdded: 2 });
    const after = (await store.json<{ equipment: AdminModel }>(`/api/equipment/${PUMP}`)).body.equipment;
    expect(after.diagrams[0].callouts.find((c) => c.key === "50")?.parts[0].quantity).toBe(2);
    expect(after.diagrams[0].callouts.some((c) => c.label === "Spare gasket")).toBe(true);
  });
});
