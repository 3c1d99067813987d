import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { renderDemoAsset } from "../images/demo-image.ts";
import { dashedVariant, demoEquipmentModels } from "./equipment.ts";
import { type SeedSummary, seedDemoData } from "./seed.ts";

let handle: DatabaseHandle;
let summary: SeedSummary;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await migrateDatabase(handle);
  summary = await seedDemoData(handle.db, { products: 300 });
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe("demo equipment models", () => {
  it("has at least 300 models with unique handles and model numbers, each with 10 to 40 callouts", () => {
    const models = demoEquipmentModels();
    expect(models.length).toBeGreaterThanOrEqual(300);
    expect(new Set(models.map((m) => m.handle)).size).toBe(models.length);
    expect(new Set(models.map((m) => m.modelNumber.toLowerCase())).size).toBe(models.length);
    for (const model of models) {
      expect(model.callouts.length).toBeGreaterThanOrEqual(10);
      expect(model.callouts.length).toBeLessThanOrEqual(40);
      for (const c of model.callouts) {
        expect(c.x).toBeGreaterThanOrEqual(0);
        expect(c.x).toBeLessThanOrEqual(100);
        expect(c.y).toBeGreaterThanOrEqual(0);
        expect(c.y).toBeLessThanOrEqual(100);
      }
    }
  });

  it("is the same on every run", () => {
    const again = demoEquipmentModels().map((m) => [m.handle, m.aliases, m.callouts.map((c) => c.label)]);
    expect(JSON.stringify(again)).toContain("hayward-super-pump-sp2610x15");
    expect(again).toEqual(demoEquipmentModels().map((m) => [m.handle, m.aliases, m.callouts.map((c) => c.label)]));
  });

  it("prints label variants the way labels do", () => {
    expect(dashedVariant("SP2610X15")).toBe("SP-2610-X15");
  });

  it("draws each model's diagram and picture from its URL, and nothing for an unknown model", () => {
    const diagram = renderDemoAsset("/img/demo-diagram/hayward-super-pump-sp2610x15.svg");
    expect(diagram?.svg).toContain("SP2610X15");
    expect(diagram?.svg).toContain("EXPLODED VIEW");
    expect(renderDemoAsset("/img/demo-equipment/hayward-super-pump-sp2610x15.svg")?.svg).toContain("SP2610X15");
    expect(renderDemoAsset("/img/demo-diagram/no-such-model.svg")).toBeNull();
  });
});

describe("seeded equipment", () => {
  it("writes every model, and maps every callout to a product one can buy", async () => {
    expect(summary.equipmentModels).toBe(demoEquipmentModels().length);
    const [unmapped] = await rows<{ n: number }>(sql`
      select count(*)::int as n from equipment_callouts c
      where not exists (select 1 from equipment_callout_parts p where p.callout_id = c.id)`);
    expect(unmapped.n).toBe(0);
    const [counts] = await rows<{ min: number; max: number }>(sql`
      select min(n)::int as min, max(n)::int as max from (
        select count(*) as n from equipment_callouts group by diagram_id) s`);
    expect(counts.min).toBeGreaterThanOrEqual(10);
    expect(counts.max).toBeLessThanOrEqual(40);
    const [unpublished] = await rows<{ n: number }>(sql`
      select count(*)::int as n from equipment_callout_parts cp join products p on p.id = cp.product_id
      where p.published_at is null`);
    expect(unpublished.n).toBe(0);
  });

  it("keys each model by its number and its label variants", async () => {
    const found = await rows<{ handle: string }>(sql`
      select m.handle from equipment_model_keys k join equipment_models m on m.id = k.equipment_id
      where k.key = 'sp2610x15'`);
    expect(found.map((r) => r.handle)).toContain("hayward-super-pump-sp2610x15");
  });

  it("maps a pump's shaft seal to a shaft seal", async () => {
    const seals = await rows<{ title: string }>(sql`
      select p.title from equipment_callouts c
      join equipment_callout_parts cp on cp.callout_id = c.id
      join products p on p.id = cp.product_id
      join equipment_models m on m.id = cp.equipment_id
      where m.handle = 'hayward-super-pump-sp2610x15' and c.label = 'Shaft seal assembly'`);
    expect(seals.length).toBeGreaterThan(0);
    expect(seals[0].title).toMatch(/seal/i);
  });
});
