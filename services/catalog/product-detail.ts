// Product detail: one product by handle with its variants, stock, options, media, reviews and
// collections, in one statement: an indexed lookup for the product and one JSON aggregate per child
// table keyed by the product id (no per-variant queries, one round trip).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { jsonColumn, queryRows } from "../../db/rows.ts";
import { centsToAmount } from "../../shared/money.ts";
import { DEFAULT_VARIANT_TITLE, firstShownVariant } from "../../shared/variant-selection.ts";
import { NotFound } from "../errors.ts";
import { type FitsEquipment, type FitsEquipmentRow, fitsEquipmentJson, toFitsEquipment } from "./product-fits.ts";

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

/** What the product page needs besides the detail: the free-shipping flag and shipping weights. */
export interface ProductShippingFacts {
  /** Eligible for free shipping and not oversized. */
  freeShippingEligible: boolean;
  /** The product's own shipping weight (grams), or null. */
  weightGrams: number | null;
  /** Each variant's own weight (grams) where set. */
  variantWeightGrams: Map<number, number>;
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
  return (await getProductPage(db, handle, options)).detail;
}

/**
 * The product page's data in one statement (one round trip): the product, its variants, stock,
 * options, media, collections (and reviews when asked), and its shipping facts. Each child list is a
 * JSON aggregate served by an index on product_id (or reached through variants' one).
 */
export async function getProductPage(
  db: Database,
  handle: string,
  options: { reviews?: boolean } = {},
): Promise<{ detail: ProductDetail; shipping: ProductShippingFacts }> {
  const withReviews = options.reviews ?? true;
  const reviews = withReviews
    ? sql`(select coalesce(json_agg(json_build_object('id', r.id, 'starsRating', r.stars_rating, 'author', r.author_name,
          'title', r.title, 'body', r.body, 'verifiedPurchase', r.verified_purchase, 'createdAt', r.created_at) order by r.created_at desc, r.id desc), '[]')
        from (select * from product_reviews r where r.product_id = p.id and r.is_published
              order by r.created_at desc, r.id desc limit ${PRODUCT_DETAIL_REVIEW_LIMIT}) r)`
    : sql`'[]'::json`;
  const [row] = await queryRows<DetailRow>(
    db,
    sql`select p.id, p.handle, p.title, p.seo_title as "seoTitle", p.seo_description as "seoDescription",
      p.is_indexed as "isIndexed", p.description_html as "descriptionHtml", p.product_type as "productType",
      p.product_code as "productCode", p.superseded_part_numbers as "supersededPartNumbers",
      p.is_featured as "isFeatured", p.avg_rating as "avgRating", p.total_reviews as "totalReviews",
      p.min_price_cents as "minPriceCents", p.max_price_cents as "maxPriceCents",
      p.compare_at_price_cents as "compareAtPriceCents", p.available_for_sale as "availableForSale",
      vn.name as vendor, vn.handle as "vendorHandle",
      (p.free_shipping_eligible and not p.oversized) as "freeShippingEligible", p.weight_grams as "weightGrams",
      (select coalesce(json_agg(json_build_object('id', v.id, 'title', v.title, 'position', v.position,
          'priceCents', v.price_cents, 'compareAtPriceCents', v.compare_at_price_cents, 'sku', v.sku,
          'availableForSale', v.available_for_sale, 'weightGrams', v.weight_grams) order by v.position, v.id), '[]')
        from variants v where v.product_id = p.id) as variants,
      (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'altText', i.alt_text, 'width', i.width,
          'height', i.height) order by i.position, i.id), '[]')
        from product_images i where i.product_id = p.id) as images,
      (select coalesce(json_agg(json_build_object('id', m.id, 'posterUrl', m.poster_url, 'url', m.url)
          order by m.position, m.id), '[]')
        from product_model3ds m where m.product_id = p.id) as models,
      (select coalesce(json_agg(json_build_object('optionId', o.id, 'optionName', o.name, 'optionPosition', o.position,
          'value', ov.value) order by o.position, o.id, ov.position, ov.id), '[]')
        from product_options o left join option_values ov on ov.option_id = o.id where o.product_id = p.id) as options,
      (select coalesce(json_agg(json_build_object('variantId', vov.variant_id, 'optionId', ov.option_id,
          'value', ov.value)), '[]')
        from variants v join variant_option_values vov on vov.variant_id = v.id
        join option_values ov on ov.id = vov.option_value_id where v.product_id = p.id) as selected,
      (select coalesce(json_agg(json_build_object('variantId', ii.variant_id, 'inventoryItemId', ii.id,
          'itemSku', ii.sku, 'tracked', ii.tracked, 'levelId', il.id, 'locationId', il.location_id,
          'available', il.available, 'bypassNegativeQuantity', il.bypass_negative_quantity) order by il.id), '[]')
        from variants v join inventory_items ii on ii.variant_id = v.id
        left join inventory_levels il on il.inventory_item_id = ii.id where v.product_id = p.id) as inventory,
      ${reviews} as reviews,
      -- Most specific category first: the page names the product's collection from the first entry.
      (select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'handle', c.handle)
          order by c.level desc, c.position, c.id), '[]')
        from collection_products cp join collections c on c.id = cp.collection_id
        where cp.product_id = p.id) as collections,
      ${fitsEquipmentJson(sql`p.id`)} as fits
    from products p left join vendors vn on vn.id = p.vendor_id
    where p.handle = ${handle} and p.published_at is not null and p.published_at <= now()
    limit 1`,
  );
  if (!row) throw new NotFound(`No product with the handle "${handle}".`);
  const variantRows = jsonColumn<(VariantRow & { weightGrams: number | null })[]>(row.variants, []);
  const variantWeightGrams = new Map<number, number>();
  for (const variant of variantRows) {
    if (variant.weightGrams !== null) variantWeightGrams.set(variant.id, variant.weightGrams);
  }
  const detail = buildProductDetail(
    { ...row, avgRating: Number(row.avgRating), supersededPartNumbers: row.supersededPartNumbers ?? [] },
    {
      variantRows: variantRows.map(({ weightGrams: _weight, ...variant }) => variant),
      images: jsonColumn<ProductImage[]>(row.images, []),
      models: jsonColumn<ProductModel3D[]>(row.models, []),
      optionRows: jsonColumn<OptionValueRow[]>(row.options, []),
      selectedRows: jsonColumn<SelectedOptionRow[]>(row.selected, []),
      inventoryRows: jsonColumn<InventoryRow[]>(row.inventory, []),
      reviews: jsonColumn<(Omit<ProductReview, "createdAt"> & { createdAt: string })[]>(row.reviews, []).map(
        (review) => ({ ...review, createdAt: new Date(review.createdAt).toISOString() }),
      ),
      collectionRows: jsonColumn<ProductCollectionRef[]>(row.collections, []),
      fits: toFitsEquipment(jsonColumn<FitsEquipmentRow[]>(row.fits, [])),
    },
  );
  return {
    detail,
    shipping: {
      freeShippingEligible: row.freeShippingEligible === true,
      weightGrams: row.weightGrams,
      variantWeightGrams,
    },
  };
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

type Json = unknown[] | string | null;

interface DetailRow extends Omit<ProductRow, "avgRating"> {
  avgRating: number | string;
  freeShippingEligible: boolean | null;
  weightGrams: number | null;
  variants: Json;
  images: Json;
  models: Json;
  options: Json;
  selected: Json;
  inventory: Json;
  reviews: Json;
  collections: Json;
  fits: Json;
}

interface ChildRows {
  variantRows: VariantRow[];
  images: ProductImage[];
  models: ProductModel3D[];
  optionRows: OptionValueRow[];
  selectedRows: SelectedOptionRow[];
  inventoryRows: InventoryRow[];
  reviews: ProductReview[];
  collectionRows: ProductCollectionRef[];
  fits: FitsEquipment[];
}

function buildProductDetail(product: ProductRow, rows: ChildRows): ProductDetail {
  const { variantRows, images, models, optionRows, selectedRows, inventoryRows, reviews, collectionRows, fits } = rows;
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
    Reviews: reviews,
    Collections: collectionRows.map(({ id, title, handle }) => ({ id, title, handle })),
    Options: withSelectedValues(options, defaultVariant),
    Variants: variantList,
    fitsEquipment: fits,
  };
}
