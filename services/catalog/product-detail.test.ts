import { describe, expect, test } from "vitest";
import { initialSelection } from "../../shared/variant-selection.ts";
import {
  buildProductOptions,
  buildVariants,
  type InventoryRow,
  type OptionValueRow,
  pickDefaultVariant,
  type VariantRow,
  withSelectedValues,
} from "./product-detail.ts";

const optionRows: OptionValueRow[] = [
  { optionId: 7, optionName: "Voltage", optionPosition: 2, value: "115V" },
  { optionId: 7, optionName: "Voltage", optionPosition: 2, value: "230V" },
  { optionId: 3, optionName: "Horsepower", optionPosition: 1, value: "1 HP" },
  { optionId: 3, optionName: "Horsepower", optionPosition: 1, value: "1.5 HP" },
];

const variantRows: VariantRow[] = [
  {
    id: 10,
    title: "1 HP / 115V",
    position: 1,
    priceCents: 49999,
    compareAtPriceCents: 59999,
    sku: "V-10",
    availableForSale: true,
  },
  {
    id: 11,
    title: "1.5 HP / 230V",
    position: 2,
    priceCents: 64900,
    compareAtPriceCents: null,
    sku: "V-11",
    availableForSale: true,
  },
  {
    id: 12,
    title: "1.5 HP / 115V",
    position: 3,
    priceCents: 62900,
    compareAtPriceCents: null,
    sku: null,
    availableForSale: true,
  },
];

function level(variantId: number, levelId: number, available: number, bypass = false, tracked = true): InventoryRow {
  return {
    variantId,
    inventoryItemId: variantId * 100,
    itemSku: variantId === 12 ? null : `ITEM-${variantId}`,
    tracked,
    levelId,
    locationId: levelId,
    available,
    bypassNegativeQuantity: bypass,
  };
}

describe("product options and variants", () => {
  test("options come in position order with their values", () => {
    expect(buildProductOptions(optionRows)).toEqual([
      { id: 3, name: "Horsepower", position: 1, values: ["1 HP", "1.5 HP"] },
      { id: 7, name: "Voltage", position: 2, values: ["115V", "230V"] },
    ]);
    expect(buildProductOptions([{ optionId: 1, optionName: "Size", optionPosition: 1, value: null }])).toEqual([
      { id: 1, name: "Size", position: 1, values: [] },
    ]);
  });

  test("each variant carries its selected value under VariantSelectedOptions, in option order", () => {
    const options = buildProductOptions(optionRows);
    const [first] = buildVariants({
      variants: variantRows,
      options,
      selected: [
        { variantId: 10, optionId: 7, value: "115V" },
        { variantId: 10, optionId: 3, value: "1 HP" },
      ],
      inventory: [],
      productForSale: true,
    });
    expect(first.Options).toEqual([
      { id: 3, name: "Horsepower", VariantSelectedOptions: { optionValueSelected: "1 HP" } },
      { id: 7, name: "Voltage", VariantSelectedOptions: { optionValueSelected: "115V" } },
    ]);
    expect(first.price).toBe(499.99);
    expect(first.compareAtPrice).toBe(599.99);
    expect(first.variantPosition).toBe(1);
  });

  test("stock: quantities add up, sellable levels come first, bypass or untracked means for sale", () => {
    const variants = buildVariants({
      variants: variantRows,
      options: [],
      selected: [],
      inventory: [
        level(10, 1, 0),
        level(10, 2, 4),
        level(10, 3, -2),
        level(11, 4, 0, true),
        level(12, 5, 0, false, false),
      ],
      productForSale: true,
    });
    const [a, b, c] = variants;
    expect(a.availableQuantity).toBe(4);
    expect(a.availableInventoryLevels.map((l) => l.id)).toEqual([2, 1, 3]);
    expect(a.availableInventoryLevels[0]).toEqual({
      id: 2,
      variantId: 10,
      locationId: 2,
      availableQuantity: 4,
      bypassNegativeQuantity: false,
    });
    expect(a.availableForSale).toBe(true);
    expect(a.sku).toBe("ITEM-10");
    expect(a.InventoryItem).toEqual({ id: 1000, sku: "ITEM-10" });
    expect(b.availableForSale).toBe(true);
    expect(b.availableInventoryLevels[0].bypassNegativeQuantity).toBe(true);
    expect(c.availableForSale).toBe(true);
    expect(c.availableInventoryLevels[0].bypassNegativeQuantity).toBe(true);
    // No item SKU: the variant's own (null here) stands in.
    expect(c.InventoryItem).toEqual({ id: 1200, sku: null });
  });

  test("no stock, no inventory, or a product off sale: not for sale", () => {
    const variants = buildVariants({
      variants: variantRows.slice(0, 2),
      options: [],
      selected: [],
      inventory: [level(10, 1, 0)],
      productForSale: true,
    });
    expect(variants.map((v) => v.availableForSale)).toEqual([false, false]);
    expect(variants[1].InventoryItem).toBeNull();
    expect(variants[1].availableInventoryLevels).toEqual([]);
    const offSale = buildVariants({
      variants: variantRows.slice(0, 1),
      options: [],
      selected: [],
      inventory: [level(10, 1, 5)],
      productForSale: false,
    });
    expect(offSale[0].availableForSale).toBe(false);
  });

  test("the default variant is titled 'Default Title', else the first by position", () => {
    expect(
      pickDefaultVariant([
        { title: "Large", variantPosition: 1 },
        { title: "Default Title", variantPosition: 2 },
      ])?.title,
    ).toBe("Default Title");
    expect(
      pickDefaultVariant([
        { title: "B", variantPosition: 2 },
        { title: "A", variantPosition: 1 },
      ])?.title,
    ).toBe("A");
    expect(pickDefaultVariant([])).toBeUndefined();
  });

  test("the server starts from the variant the product page starts from: no 'Default Title' and none at position 1 is none", () => {
    const variants = [
      { id: 1, title: "B", variantPosition: 2, availableQuantity: 1, availableInventoryLevels: [], Options: [] },
      { id: 2, title: "C", variantPosition: 3, availableQuantity: 1, availableInventoryLevels: [], Options: [] },
    ];
    expect(initialSelection(variants, null).variant).toBeNull();
    expect(pickDefaultVariant(variants)).toBeUndefined();
    // A product with one variant starts with it, wherever it sits.
    expect(pickDefaultVariant([variants[1]])?.title).toBe("C");
    expect(initialSelection([variants[1]], null).variant?.title).toBe("C");
  });

  test("the product's own options carry the value selected on the variant shown first", () => {
    const options = buildProductOptions(optionRows);
    const variants = buildVariants({
      variants: variantRows,
      options,
      selected: [
        { variantId: 10, optionId: 3, value: "1 HP" },
        { variantId: 10, optionId: 7, value: "115V" },
        { variantId: 11, optionId: 3, value: "1.5 HP" },
        { variantId: 11, optionId: 7, value: "230V" },
      ],
      inventory: [],
      productForSale: true,
    });
    const shown = pickDefaultVariant(variants);
    expect(shown?.id).toBe(10);
    expect(withSelectedValues(options, shown).map((option) => [option.name, option.VariantSelectedOptions])).toEqual([
      ["Horsepower", { optionValueSelected: "1 HP" }],
      ["Voltage", { optionValueSelected: "115V" }],
    ]);
    expect(withSelectedValues(options, undefined)[0].VariantSelectedOptions).toEqual({ optionValueSelected: null });
  });
});
