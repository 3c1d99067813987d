// Variant choice and stock.
// The types are structural so the product page, the cart and the API shapes all fit.

export const DEFAULT_VARIANT_TITLE = "Default Title";

export interface SelectableOption {
  id: number;
  name?: string;
  VariantSelectedOptions: { optionValueSelected: string };
}

export interface InventoryLevelLike {
  id: number;
  bypassNegativeQuantity: boolean;
}

export interface SelectableVariant {
  id: number;
  title: string;
  variantPosition: number;
  availableQuantity: number;
  availableInventoryLevels: readonly InventoryLevelLike[];
  Options: readonly SelectableOption[];
}

/** Option id → chosen value. A cleared option is absent. */
export type SelectedOptions = Readonly<Record<number, string>>;

/** Choosing a value sets it; choosing null (clearing) removes it. */
export function chooseOption(selected: SelectedOptions, optionId: number, value: string | null): SelectedOptions {
  const next: Record<number, string> = { ...selected };
  if (value === null || value === "") delete next[optionId];
  else next[optionId] = value;
  return next;
}

/** The options a variant carries, as a selection map. */
export function optionsOfVariant(variant: Pick<SelectableVariant, "Options">): SelectedOptions {
  const map: Record<number, string> = {};
  for (const option of variant.Options) map[option.id] = option.VariantSelectedOptions.optionValueSelected;
  return map;
}

/**
 * The first variant whose options all match the selection, otherwise none. A product with exactly
 * one variant always has it selected.
 */
export function findSelectedVariant<V extends SelectableVariant>(
  variants: readonly V[],
  selected: SelectedOptions,
): V | null {
  if (variants.length === 1) return variants[0];
  for (const variant of variants) {
    const allMatch = variant.Options.every(
      (option) => selected[option.id] === option.VariantSelectedOptions.optionValueSelected,
    );
    if (allMatch) return variant;
  }
  return null;
}

/** The default variant: the one titled 'Default Title', else the one at position 1 (spec §4). */
export function defaultVariant<V extends { title: string; variantPosition: number }>(variants: readonly V[]): V | null {
  return (
    variants.find((variant) => variant.title === DEFAULT_VARIANT_TITLE) ??
    variants.find((variant) => variant.variantPosition === 1) ??
    null
  );
}

/**
 * The variant a product starts with before the shopper chooses: its only variant, else the default
 * variant, else none (the shopper picks). The one rule of the product page and of the server's product
 * answer (its sku, price and the options' selected values).
 */
export function firstShownVariant<V extends { title: string; variantPosition: number }>(
  variants: readonly V[],
): V | null {
  return variants.length === 1 ? variants[0] : defaultVariant(variants);
}

/** Reads `?variant=` as a numeric id; anything else is no preselection. */
export function parseVariantParam(value: string | null | undefined): number | null {
  if (value == null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The variant and option map a product page starts with: `?variant=` preselects by id when it names
 * one of the product's variants, else the only variant, else the default variant, else nothing.
 */
export function initialSelection<V extends SelectableVariant>(
  variants: readonly V[],
  variantParam: string | null | undefined,
): { variant: V | null; selected: SelectedOptions } {
  const wanted = parseVariantParam(variantParam);
  const variant =
    (wanted !== null ? variants.find((candidate) => candidate.id === wanted) : undefined) ??
    firstShownVariant(variants);
  return variant ? { variant, selected: optionsOfVariant(variant) } : { variant: null, selected: {} };
}

/** Infinity stands for "unlimited". */
export const UNLIMITED = Number.POSITIVE_INFINITY;

/** Available quantity of a variant: its quantity, or unlimited if any level bypasses negative quantity. */
export function availableQuantity(variant: Pick<SelectableVariant, "availableQuantity" | "availableInventoryLevels">) {
  if (variant.availableInventoryLevels.some((level) => level.bypassNegativeQuantity)) return UNLIMITED;
  return Math.max(0, variant.availableQuantity);
}

export interface CartLineLike {
  inventoryLevelId: number;
  quantity: number;
}

/** How many units of these inventory levels are already in the cart. */
export function quantityInCart(lines: readonly CartLineLike[], inventoryLevelIds: readonly number[]): number {
  const ids = new Set(inventoryLevelIds);
  let total = 0;
  for (const line of lines) if (ids.has(line.inventoryLevelId)) total += Math.max(0, line.quantity);
  return total;
}

/** What can still be added: available quantity minus what the cart already holds (never below 0). */
export function remainingQuantity(
  variant: Pick<SelectableVariant, "availableQuantity" | "availableInventoryLevels">,
  cartLines: readonly CartLineLike[],
): number {
  const available = availableQuantity(variant);
  if (available === UNLIMITED) return UNLIMITED;
  const inCart = quantityInCart(
    cartLines,
    variant.availableInventoryLevels.map((level) => level.id),
  );
  return Math.max(0, available - inCart);
}

export interface CardAddToCartState {
  cartBusy: boolean;
  availableForSale: boolean;
  availableQuantity: number;
  bypassNegativeQuantity: boolean;
  quantityInCart: number;
  price: number;
  /** The results page also refuses zero prices ('Please call us for price'). */
  onSearchPage?: boolean;
}

/**
 * Card add-to-cart: disabled while the cart updates, when not for sale, when nothing is left
 * to add (unlimited when bypassNegativeQuantity), or on the search page when the price is 0.
 */
export function isCardAddToCartDisabled(state: CardAddToCartState): boolean {
  if (state.cartBusy || !state.availableForSale) return true;
  if (!state.bypassNegativeQuantity && state.availableQuantity - state.quantityInCart <= 0) return true;
  return Boolean(state.onSearchPage) && !(state.price > 0);
}
