import { describe, expect, it } from "vitest";
import { bulkActionSchema, changedPriceCents, stockAdjustmentSchema } from "./catalog.ts";
import { handleFromTitle, productInputSchema } from "./product.ts";

describe("changedPriceCents", () => {
  it("changes by percent, rounding half away from zero to the cent", () => {
    expect(changedPriceCents(1999, "percent", 10)).toBe(2199); // 21.989 -> 21.99
    expect(changedPriceCents(1005, "percent", 50)).toBe(1508); // 15.075 -> 15.08
    expect(changedPriceCents(899, "percent", -15)).toBe(764); // 7.6415 -> 7.64
    expect(changedPriceCents(1, "percent", 50)).toBe(2); // 1.5 cents -> 2
  });

  it("changes by an amount and never goes below zero", () => {
    expect(changedPriceCents(1999, "amount", 5)).toBe(2499);
    expect(changedPriceCents(1999, "amount", -0.5)).toBe(1949);
    expect(changedPriceCents(300, "amount", -10)).toBe(0);
    expect(changedPriceCents(1999, "percent", -100)).toBe(0);
  });
});

describe("back-office schemas", () => {
  it("refuses an empty bulk selection and a zero change with clear messages", () => {
    const empty = bulkActionSchema.safeParse({ action: "publish", productIds: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0].message).toBe("Select at least one product");
    const zero = bulkActionSchema.safeParse({ action: "price", productIds: [1], mode: "percent", value: 0 });
    expect(zero.error?.issues[0].message).toBe("must not be 0");
  });

  it("asks for a note with Other and the right sign for received and damaged stock", () => {
    const issues = (input: object) =>
      stockAdjustmentSchema
        .safeParse({ variantId: 1, ...input })
        .error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues({ delta: 3, reason: "other" })).toEqual(["note: Say what happened (a note is needed for Other)"]);
    expect(issues({ delta: -3, reason: "received" })).toEqual(["delta: Received stock is a positive number"]);
    expect(issues({ delta: 3, reason: "damaged" })).toEqual(["delta: Damaged stock is a negative number"]);
    expect(issues({ delta: -2, reason: "count_correction" })).toBeUndefined();
  });

  it("makes handles from titles and refuses malformed ones", () => {
    expect(handleFromTitle("Pentair 2 HP Pump (230V) – Café")).toBe("pentair-2-hp-pump-230v-cafe");
    const bad = productInputSchema.safeParse({
      title: "X",
      handle: "Bad Handle",
      status: "draft",
      variants: [{ sku: "A", price: 1, stock: 0 }],
    });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual(["handle"]);
  });

  it("refuses prices with more than 2 decimals and variants without an option to tell them apart", () => {
    const result = productInputSchema.safeParse({
      title: "X",
      status: "draft",
      variants: [
        { sku: "A", price: 1.005, stock: 0 },
        { sku: "B", price: 1, stock: 0 },
      ],
    });
    expect(result.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toContain(
      "variants.0.price: may have at most 2 decimals",
    );
    const second = productInputSchema.safeParse({
      title: "X",
      status: "draft",
      variants: [
        { sku: "A", price: 1, stock: 0 },
        { sku: "B", price: 1, stock: 0 },
      ],
    });
    expect(second.error?.issues[0].message).toBe("Add an option (Size, Voltage...) to offer more than one variant");
  });
});
