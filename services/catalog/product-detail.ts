// Product detail: one product by handle with its
// variants, stock, options, media, reviews and collections. One indexed lookup for the product, then one
// set-based query per child table keyed by the product id (no per-variant queries).
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  collectionProducts,
  collections,
  inventoryItems,
  inventoryLevels,
  optionValues,
  productImages,
  productModel3ds,
  productOptions,
  productReviews,
  products,
  variantOptionValues,
  variants,
  vendors,
} from "../../db/schema/catalog.ts";
import { centsToAmount } from "../../shared/money.ts";
import { DEFAULT_VARIANT_TITLE, firstShownVariant } from "../../shared/variant-selection.ts";
import { NotFound } from "../errors.ts";
import { type FitsEquipment, fitsEquipmentOf } from "./product-fits.ts";
import { productIsPublished } from "./published.ts";

/** The detail page shows the latest reviews; the rest are counted in totalReviews. */
export const PRODUCT_DETAIL_REVIEW_LIMIT = 50;
export { DEFAULT_VARIANT_TITLE };

export interface ProductImage {
  id: number;
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
}

export interface ProductModel3D {
  id: number;
  posterUrl: string | null;
  url: string;
}

export interface ProductReview {
  id: number;
  starsRating: number;
  author: string;
  title: string | null;
  body: string | null;
  /** The reviewer bought the product from the store. */
  verifiedPurchase: boolean;
  createdAt: string;
}

export interface ProductCollectionRef {
  id: number;
  title: string;
  handle: string;
}

export interface ProductOption {
  id: number;
  name: string;
  position: number;
  values: string[];
}

/** A product's own option: its values and the one selected on the variant shown first. */
export interface ProductOptionWithSelection extends ProductOption {
  /** Null when the product starts with no variant selected (the shopper chooses). */
  VariantSelectedOptions: { optionValueSelected: string | null };
}

/** An option as a variant carries it: the chosen value sits under VariantSelectedOptions. */
export interface VariantOption {
  id: number;
  name: string;
  VariantSelectedOptions: { optionValueSelected: string };
}

export interface VariantInventoryLevel {
  /** The inventoryLevelId a cart line is added with. */
  id: number;
  variantId: number;
  locationId: number;
  availableQuantity: number;
  /** True: sells regardless of stock, so the available quantity is unlimited. */
  bypassNegativeQuantity: boolean;
}

export interface ProductVariant {
  id: number;
  title: string;
  variantPosition: number;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  /** Sum over the locations; meaningless (unlimited) when a level bypasses negative quantity. */
  availableQuantity: number;
  sku: string | null;
  InventoryItem: { id: number; sku: string | null } | null;
  /** Sellable levels first: a client adding "the first level" gets one that can ship. */
  availableInventoryLevels: VariantInventoryLevel[];
  Options: VariantOption[];
}

export interface ProductDetail {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  descriptionHtml: string | null;
  vendor: string | null;
  vendorHandle: string | null;
  productType: string | null;
  /** SKU of the default variant. */
  sku: string | null;
  productCode: string | null;
  supersededPartNumbers: string[];
  /** Price of the default variant (the one shown before a choice is made). */
  price: number;
  compareAtPrice: number | null;
  minPrice: number;
  maxPrice: number;
  availableForSale: boolean;
  isFeatured: boolean;
  imageUrl: string | null;
  avgRating: number;
  totalReviews: number;
  Images: ProductImage[];
  Model3Ds: ProductModel3D[];
  Reviews: ProductReview[];
  Collections: ProductCollectionRef[];
  Options: ProductOptionWithSelection[];
  Variants: ProductVariant[];
  /** The equipment models whose diagrams name this product, by brand, series and model number. */
  fitsEquipment: FitsEquipment[];
}

// Row shapes the assembly works on (exported for the unit tests).
export interface VariantRow {
  id: number;
  title: string;
  position: number;
  priceCents: number;
  compareAtPriceCents: number | null;
  sku: string | null;
  availableForSale: boolean;
}
export interface OptionValueRow {
  optionId: number;
  optionName: string;
  optionPosition: number;
  value: string | null;
}
export interface SelectedOptionRow {
  variantId: number;
  optionId: number;
  value: string;
}
export interface InventoryRow {
  variantId: number;
  inventoryItemId: number;
  itemSku: string | null;
  tracked: boolean;
  levelId: number | null;
  locationId: number | null;
  available: number | null;
  bypassNegativeQuantity: boolean | null;
}

/** The variant shown before the shopper chooses: the product page's rule (shared/variant-selection.ts). */
export function pickDefaultVariant<T extends { title: string; variantPosition: number }>(list: T[]): T | undefined {
  return firstShownVariant(list) ?? undefined;
}

/** Each option with the value the variant shown first carries (null without one). */
export function withSelectedValues(
  options: readonly ProductOption[],
  shown: Pick<ProductVariant, "Options"> | undefined,
): ProductOptionWithSelection[] {
  return options.map((option) => ({
    ...option,
    VariantSelectedOptions: {
      optionValueSelected:
        shown?.Options.find((own) => own.id === option.id)?.VariantSelectedOptions.optionValueSelected ?? null,
    },
  }));
}

/** Product options with their values in display order. */
export function buildProductOptions(rows: OptionValueRow[]): ProductOption[] {
  const byId = new Map<number, ProductOption>();
  for (const row of rows) {
    let option = byId.get(row.optionId);
    if (!option) {
      option = { id: row.optionId, name: row.optionName, position: row.optionPosition, values: [] };
      byId.set(row.optionId, option);
    }
    if (row.value !== null) option.values.push(row.value);
  }
  return [...byId.values()].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * Builds the variants: selected options in the product's option order, inventory levels summed.
 * `productForSale` is the product's own flag: a product taken off sale sells no variant.
 */
export function buildVariants(input: {
  variants: VariantRow[];
  options: ProductOption[];
  selected: SelectedOptionRow[];
  inventory: InventoryRow[];
  productForSale: boolean;
}): ProductVariant[] {
  const optionOrder = new Map(input.options.map((option, index) => [option.id, index]));
  const optionNames = new Map(input.options.map((option) => [option.id, option.name]));
  const selectedByVariant = new Map<number, VariantOption[]>();
  for (const row of input.selected) {
    const list = selectedByVariant.get(row.variantId) ?? [];
    list.push({
      id: row.optionId,
      name: optionNames.get(row.optionId) ?? "",
      VariantSelectedOptions: { optionValueSelected: row.value },
    });
    selectedByVariant.set(row.variantId, list);
  }
  const inventoryByVariant = new Map<number, InventoryRow[]>();
  for (const row of input.inventory) {
    const list = inventoryByVariant.get(row.variantId) ?? [];
    list.push(row);
    inventoryByVariant.set(row.variantId, list);
  }

  return input.variants.map((variant) => {
    const rows = inventoryByVariant.get(variant.id) ?? [];
    const item = rows[0];
    const levels: VariantInventoryLevel[] = rows
      .filter((row) => row.levelId !== null)
      .map((row) => ({
        id: row.levelId as number,
        variantId: variant.id,
        locationId: row.locationId as number,
        availableQuantity: Math.max(0, row.available ?? 0),
        // An untracked item never runs out: the same promise as bypassing negative quantity.
        bypassNegativeQuantity: Boolean(row.bypassNegativeQuantity) || !row.tracked,
      }))
      .sort(
        (a, b) =>
          Number(isSellable(b)) - Number(isSellable(a)) || b.availableQuantity - a.availableQuantity || a.id - b.id,
      );
    const availableQuantity = levels.reduce((sum, level) => sum + level.availableQuantity, 0);
    const hasStock = levels.some(isSellable);
    const options = (selectedByVariant.get(variant.id) ?? []).sort(
      (a, b) => (optionOrder.get(a.id) ?? 0) - (optionOrder.get(b.id) ?? 0),
    );
    return {
      id: variant.id,
      title: variant.title,
      variantPosition: variant.position,
      price: centsToAmount(variant.priceCents),
      compareAtPrice: variant.compareAtPriceCents === null ? null : centsToAmount(variant.compareAtPriceCents),
      availableForSale: input.productForSale && variant.availableForSale && hasStock,
      availableQuantity,
      sku: item?.itemSku ?? variant.sku,
      InventoryItem: item ? { id: item.inventoryItemId, sku: item.itemSku ?? variant.sku } : null,
      availableInventoryLevels: levels,
      Options: options,
    };
  });
}

function isSellable(level: VariantInventoryLevel): boolean {
  return level.bypassNegativeQuantity || level.availableQuantity > 0;
}

/**
 * The product by handle, published only (NotFound otherwise), with everything its page and
 * GET /api/products/{handle} show. `reviews: false` leaves Reviews empty and skips their query, for
 * callers that load the reviews separately (the product page fetches them when their block shows).
 */
export async function getProductByHandle(
  db: Database,
  handle: string,
  options: { reviews?: boolean } = {},
): Promise<ProductDetail> {
  const [product] = await db
    .select({
      id: products.id,
      handle: products.handle,
      title: products.title,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      isIndexed: products.isIndexed,
      descriptionHtml: products.descriptionHtml,
      productType: products.productType,
      productCode: products.productCode,
      supersededPartNumbers: products.supersededPartNumbers,
      isFeatured: products.isFeatured,
      avgRating: products.avgRating,
      totalReviews: products.totalReviews,
      minPriceCents: products.minPriceCents,
      maxPriceCents: products.maxPriceCents,
      compareAtPriceCents: products.compareAtPriceCents,
      availableForSale: products.availableForSale,
      vendor: vendors.name,
      vendorHandle: vendors.handle,
    })
    .from(products)
    .leftJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.handle, handle), productIsPublished()))
    .limit(1);
  if (!product) throw new NotFound(`No product with the handle "${handle}".`);
  return loadProductDetail(db, product, options.reviews ?? true);
}

type ProductRow = {
  id: number;
  handle: string;
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  isIndexed: boolean;
  descriptionHtml: string | null;
  productType: string | null;
  productCode: string | null;
  supersededPartNumbers: string[];
  isFeatured: boolean;
  avgRating: number;
  totalReviews: number;
  minPriceCents: number;
  maxPriceCents: number;
  compareAtPriceCents: number | null;
  availableForSale: boolean;
  vendor: string | null;
  vendorHandle: string | null;
};

async function loadProductDetail(db: Database, product: ProductRow, withReviews: boolean): Promise<ProductDetail> {
  const productId = product.id;
  // Independent lookups, each served by an index on product_id (or reached through variants' one).
  const [variantRows, images, models, optionRows, selectedRows, inventoryRows, reviews, collectionRows, fits] =
    await Promise.all([
      db
        .select({
          id: variants.id,
          title: variants.title,
          position: variants.position,
          priceCents: variants.priceCents,
          compareAtPriceCents: variants.compareAtPriceCents,
          sku: variants.sku,
          availableForSale: variants.availableForSale,
        })
        .from(variants)
        .where(eq(variants.productId, productId))
        .orderBy(asc(variants.position), asc(variants.id)),
      db
        .select({
          id: productImages.id,
          url: productImages.url,
          altText: productImages.altText,
          width: productImages.width,
          height: productImages.height,
        })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      db
        .select({ id: productModel3ds.id, posterUrl: productModel3ds.posterUrl, url: productModel3ds.url })
        .from(productModel3ds)
        .where(eq(productModel3ds.productId, productId))
        .orderBy(asc(productModel3ds.position), asc(productModel3ds.id)),
      db
        .select({
          optionId: productOptions.id,
          optionName: productOptions.name,
          optionPosition: productOptions.position,
          value: optionValues.value,
        })
        .from(productOptions)
        .leftJoin(optionValues, eq(optionValues.optionId, productOptions.id))
        .where(eq(productOptions.productId, productId))
        .orderBy(
          asc(productOptions.position),
          asc(productOptions.id),
          asc(optionValues.position),
          asc(optionValues.id),
        ),
      db
        .select({
          variantId: variantOptionValues.variantId,
          optionId: optionValues.optionId,
          value: optionValues.value,
        })
        .from(variants)
        .innerJoin(variantOptionValues, eq(variantOptionValues.variantId, variants.id))
        .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
        .where(eq(variants.productId, productId)),
      db
        .select({
          variantId: inventoryItems.variantId,
          inventoryItemId: inventoryItems.id,
          itemSku: inventoryItems.sku,
          tracked: inventoryItems.tracked,
          levelId: inventoryLevels.id,
          locationId: inventoryLevels.locationId,
          available: inventoryLevels.available,
          bypassNegativeQuantity: inventoryLevels.bypassNegativeQuantity,
        })
        .from(variants)
        .innerJoin(inventoryItems, eq(inventoryItems.variantId, variants.id))
        .leftJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
        .where(eq(variants.productId, productId))
        .orderBy(asc(inventoryLevels.id)),
      withReviews
        ? db
            .select({
              id: productReviews.id,
              starsRating: productReviews.starsRating,
              author: productReviews.authorName,
              title: productReviews.title,
              body: productReviews.body,
              verifiedPurchase: productReviews.verifiedPurchase,
              createdAt: productReviews.createdAt,
            })
            .from(productReviews)
            .where(and(eq(productReviews.productId, productId), eq(productReviews.isPublished, true)))
            .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
            .limit(PRODUCT_DETAIL_REVIEW_LIMIT)
        : [],
      db
        .select({ id: collections.id, title: collections.title, handle: collections.handle, level: collections.level })
        .from(collectionProducts)
        .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
        .where(eq(collectionProducts.productId, productId))
        // Most specific category first: the page names the product's collection from the first entry.
        .orderBy(desc(collections.level), asc(collections.position), asc(collections.id)),
      fitsEquipmentOf(db, productId),
    ]);

  const options = buildProductOptions(optionRows);
  const variantList = buildVariants({
    variants: variantRows,
    options,
    selected: selectedRows,
    inventory: inventoryRows,
    productForSale: product.availableForSale,
  });
  const defaultVariant = pickDefaultVariant(variantList);

  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    isIndexed: product.isIndexed,
    descriptionHtml: product.descriptionHtml,
    vendor: product.vendor,
    vendorHandle: product.vendorHandle,
    productType: product.productType,
    sku: defaultVariant?.sku ?? null,
    productCode: product.productCode,
    supersededPartNumbers: product.supersededPartNumbers,
    price: defaultVariant ? defaultVariant.price : centsToAmount(product.minPriceCents),
    compareAtPrice: defaultVariant
      ? defaultVariant.compareAtPrice
      : product.compareAtPriceCents === null
        ? null
        : centsToAmount(product.compareAtPriceCents),
    minPrice: centsToAmount(product.minPriceCents),
    maxPrice: centsToAmount(product.maxPriceCents),
    availableForSale: variantList.some((variant) => variant.availableForSale),
    isFeatured: product.isFeatured,
    imageUrl: images[0]?.url ?? null,
    avgRating: Number(product.avgRating),
    totalReviews: product.totalReviews,
    Images: images,
    Model3Ds: models,
    Reviews: reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
    Collections: collectionRows.map(({ id, title, handle }) => ({ id, title, handle })),
    Options: withSelectedValues(options, defaultVariant),
    Variants: variantList,
    fitsEquipment: fits,
  };
}
