import { describe, expect, it } from "vitest";
import {
  availableQuantity,
  chooseOption,
  defaultVariant,
  findSelectedVariant,
  firstShownVariant,
  initialSelection,
  isCardAddToCartDisabled,
  parseVariantParam,
  quantityInCart,
  remainingQuantity,
  type SelectableVariant,
  UNLIMITED,
} from "./variant-selection.ts";

const SIZE = 1;
const COLOUR = 2;

function variant(
  id: number,
  position: number,
  options: Record<number, string>,
  extra: Partial<SelectableVariant> = {},
): SelectableVariant {
  return {
    id,
    title: Object.values(options).join(" / ") || "Default Title",
    variantPosition: position,
    availableQuantity: 5,
    availableInventoryLevels: [{ id: id * 10, bypassNegativeQuantity: false }],
    Options: Object.entries(options).map(([optionId, value]) => ({
      id: Number(optionId),
      VariantSelectedOptions: { optionValueSelected: value },
    })),
    ...extra,
  };
}

const variants = [
  variant(11, 1, { [SIZE]: "1 HP", [COLOUR]: "Grey" }),
  variant(12, 2, { [SIZE]: "1.5 HP", [COLOUR]: "Grey" }),
  variant(13, 3, { [SIZE]: "1.5 HP", [COLOUR]: "Black" }),
  // A duplicate combination: the first match wins.
  variant(14, 4, { [SIZE]: "1.5 HP", [COLOUR]: "Black" }),
];

describe("findSelectedVariant", () => {
  it("finds the first variant whose options all match", () => {
    expect(findSelectedVariant(variants, { [SIZE]: "1.5 HP", [COLOUR]: "Black" })?.id).toBe(13);
    expect(findSelectedVariant(variants, { [SIZE]: "1 HP", [COLOUR]: "Grey" })?.id).toBe(11);
  });

  it("finds none when the selection is incomplete or matches nothing", () => {
    expect(findSelectedVariant(variants, { [SIZE]: "1.5 HP" })).toBeNull();
    expect(findSelectedVariant(variants, { [SIZE]: "2 HP", [COLOUR]: "Grey" })).toBeNull();
    expect(findSelectedVariant(variants, {})).toBeNull();
  });

  it("selects the only variant automatically", () => {
    const only = [variant(21, 1, { [SIZE]: "1 HP" })];
    expect(findSelectedVariant(only, {})?.id).toBe(21);
  });
});

describe("chooseOption", () => {
  it("sets and clears values without changing the input map", () => {
    const start = { [SIZE]: "1 HP" };
    const chosen = chooseOption(start, COLOUR, "Grey");
    expect(chosen).toEqual({ [SIZE]: "1 HP", [COLOUR]: "Grey" });
    expect(start).toEqual({ [SIZE]: "1 HP" });
    expect(chooseOption(chosen, SIZE, null)).toEqual({ [COLOUR]: "Grey" });
    expect(chooseOption(chosen, SIZE, "")).toEqual({ [COLOUR]: "Grey" });
  });

  it("updates which variant is selected", () => {
    let selected = chooseOption({}, SIZE, "1.5 HP");
    expect(findSelectedVariant(variants, selected)).toBeNull();
    selected = chooseOption(selected, COLOUR, "Grey");
    expect(findSelectedVariant(variants, selected)?.id).toBe(12);
    selected = chooseOption(selected, COLOUR, null);
    expect(findSelectedVariant(variants, selected)).toBeNull();
  });
});

describe("defaultVariant", () => {
  it("prefers the variant titled 'Default Title'", () => {
    const list = [variant(31, 1, { [SIZE]: "A" }), { ...variant(32, 2, {}), title: "Default Title" }];
    expect(defaultVariant(list)?.id).toBe(32);
  });

  it("falls back to the variant at position 1", () => {
    const list = [variant(41, 2, { [SIZE]: "B" }), variant(42, 1, { [SIZE]: "A" })];
    expect(defaultVariant(list)?.id).toBe(42);
  });

  it("is none when neither exists", () => {
    expect(defaultVariant([variant(51, 3, { [SIZE]: "A" })])).toBeNull();
    expect(defaultVariant([])).toBeNull();
  });
});

describe("initialSelection", () => {
  it("preselects ?variant= by numeric id, with its options", () => {
    const start = initialSelection(variants, "13");
    expect(start.variant?.id).toBe(13);
    expect(start.selected).toEqual({ [SIZE]: "1.5 HP", [COLOUR]: "Black" });
  });

  it("ignores a non-numeric or unknown ?variant= and uses the default", () => {
    expect(initialSelection(variants, "abc").variant?.id).toBe(11);
    expect(initialSelection(variants, "999").variant?.id).toBe(11);
    expect(initialSelection(variants, null).variant?.id).toBe(11);
  });

  it("is empty without variants", () => {
    expect(initialSelection([], "1")).toEqual({ variant: null, selected: {} });
  });
});

describe("parseVariantParam", () => {
  it("reads positive whole numbers only", () => {
    expect(parseVariantParam("42")).toBe(42);
    expect(parseVariantParam(" 7 ")).toBe(7);
    expect(parseVariantParam("0")).toBeNull();
    expect(parseVariantParam("-3")).toBeNull();
    expect(parseVariantParam("4e2")).toBeNull();
    expect(parseVariantParam(undefined)).toBeNull();
  });
});

describe("stock", () => {
  const stocked = variant(61, 1, {}, { availableQuantity: 4 });
  const bypass = variant(
    62,
    1,
    {},
    {
      availableQuantity: 0,
      availableInventoryLevels: [
        { id: 1, bypassNegativeQuantity: false },
        { id: 2, bypassNegativeQuantity: true },
      ],
    },
  );

  it("is the variant's quantity, or unlimited when any level bypasses negative quantity", () => {
    expect(availableQuantity(stocked)).toBe(4);
    expect(availableQuantity(bypass)).toBe(UNLIMITED);
    expect(availableQuantity({ ...stocked, availableQuantity: -2 })).toBe(0);
  });

  it("subtracts every cart line of the variant's levels", () => {
    const lines = [
      { inventoryLevelId: 610, quantity: 1 },
      { inventoryLevelId: 999, quantity: 5 },
      { inventoryLevelId: 610, quantity: 2 },
    ];
    expect(quantityInCart(lines, [610])).toBe(3);
    expect(remainingQuantity(stocked, lines)).toBe(1);
    expect(remainingQuantity(stocked, [{ inventoryLevelId: 610, quantity: 9 }])).toBe(0);
    expect(remainingQuantity(bypass, [{ inventoryLevelId: 2, quantity: 100 }])).toBe(UNLIMITED);
  });
});

describe("isCardAddToCartDisabled", () => {
  const ready = {
    cartBusy: false,
    availableForSale: true,
    availableQuantity: 3,
    bypassNegativeQuantity: false,
    quantityInCart: 0,
    price: 10,
  };

  it("is enabled for a product that can be bought", () => {
    expect(isCardAddToCartDisabled(ready)).toBe(false);
  });

  it("is disabled while the cart updates or when not for sale", () => {
    expect(isCardAddToCartDisabled({ ...ready, cartBusy: true })).toBe(true);
    expect(isCardAddToCartDisabled({ ...ready, availableForSale: false })).toBe(true);
  });

  it("is disabled when nothing is left to add, unless stock is unlimited", () => {
    expect(isCardAddToCartDisabled({ ...ready, quantityInCart: 3 })).toBe(true);
    expect(isCardAddToCartDisabled({ ...ready, availableQuantity: 0 })).toBe(true);
    expect(isCardAddToCartDisabled({ ...ready, availableQuantity: 0, bypassNegativeQuantity: true })).toBe(false);
  });

  it("refuses a zero price on the search page only", () => {
    expect(isCardAddToCartDisabled({ ...ready, price: 0 })).toBe(false);
    expect(isCardAddToCartDisabled({ ...ready, price: 0, onSearchPage: true })).toBe(true);
    expect(isCardAddToCartDisabled({ ...ready, price: 5, onSearchPage: true })).toBe(false);
  });
});

describe("firstShownVariant", () => {
  it("is the only variant, else the default variant, else none", () => {
    expect(firstShownVariant([variant(61, 4, { [SIZE]: "A" })])?.id).toBe(61);
    expect(firstShownVariant([variant(62, 2, { [SIZE]: "B" }), variant(63, 1, { [SIZE]: "A" })])?.id).toBe(63);
    expect(firstShownVariant([variant(64, 2, { [SIZE]: "B" }), variant(65, 3, { [SIZE]: "C" })])).toBeNull();
    expect(firstShownVariant([])).toBeNull();
  });
});
