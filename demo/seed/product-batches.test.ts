import { describe, expect, it } from "vitest";
import { type BatchSource, type EncodedBatch, inlineBatches, workerBatches } from "./product-batches.ts";

async function drain(source: BatchSource) {
  const batches: EncodedBatch[] = [];
  try {
    for await (const batch of source.batches) batches.push(batch);
    return { batches, totals: await source.totals() };
  } finally {
    await source.close();
  }
}

describe("product batches", () => {
  const options = { products: 1250, seed: 7, batchSize: 400 };

  it("a worker thread builds exactly the batches this thread builds, in order", async () => {
    const inline = await drain(inlineBatches(options));
    const worker = await drain(workerBatches(options));
    expect(inline.batches.map((batch) => batch.products)).toEqual([400, 400, 400, 50]);
    expect(worker.batches).toEqual(inline.batches);
    expect(worker.totals).toEqual(inline.totals);
    expect(inline.totals.featured.length).toBeGreaterThan(0);
    expect(inline.totals.equipmentParts.length).toBeGreaterThan(0);
  });

  it("ids carry over from batch to batch: products, variants and tags are numbered once", async () => {
    const { batches, totals } = await drain(inlineBatches(options));
    const column = (batch: EncodedBatch, table: string, name: string) => {
      const rows = batch.tables.find((t) => t.table === table);
      if (!rows) return [];
      const at = rows.columns.findIndex((c) => c.name === name);
      return rows.statements.flatMap((literals) =>
        literals[at]
          .slice(1, -1)
          .split(",")
          .map((v) => Number(v.slice(1, -1))),
      );
    };
    const productIds = batches.flatMap((batch) => column(batch, "products", "id"));
    expect(productIds).toEqual(Array.from({ length: 1250 }, (_, i) => i + 1));
    const variantIds = batches.flatMap((batch) => column(batch, "variants", "id"));
    expect(new Set(variantIds).size).toBe(variantIds.length);
    expect(variantIds).toEqual([...variantIds].sort((a, b) => a - b));
    // A tag is written with the batch that first uses it, once.
    expect(batches.flatMap((batch) => column(batch, "tags", "id")).length).toBe(totals.tags);
  });

  it("a failing worker rejects the seed instead of hanging it", async () => {
    const source = workerBatches({ products: 10, seed: 1, batchSize: Number.NaN });
    await expect(drain(source)).rejects.toThrow(/batchSize must be at least 1/);
  });
});
