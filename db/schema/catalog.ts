// Catalog: vendors, products and their variants/stock/media, tags, collections, reviews, search dictionaries.
// Column names are derived from the camelCase keys by `casing: "snake_case"` (client and drizzle-kit).
import { relations, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { customers } from "./customers.ts";

/** PostgreSQL `tsvector`; the app fills it (weighted setweight(to_tsvector(...)) expressions), never the client. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const vendors = pgTable("vendors", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  handle: text().notNull().unique(),
  imageUrl: text(),
  descriptionHtml: text(),
  /** Denormalised count of published products; kept by the app (footer sorts by it). */
  productCount: integer().notNull().default(0),
});

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    handle: text().notNull().unique(),
    title: text().notNull(),
    seoTitle: text(),
    seoDescription: text(),
    isIndexed: boolean().notNull().default(true),
    descriptionHtml: text(),
    vendorId: integer().references(() => vendors.id, { onDelete: "set null" }),
    productType: text(),
    /** Manufacturer part number as printed. */
    productCode: text(),
    /** productCode lower-cased, alphanumerics only (e.g. "SPX-1600-Z1" -> "spx1600z1"); trigram indexed. */
    partNumberNormalized: text(),
    supersededPartNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    isFeatured: boolean().notNull().default(false),
    /** Units sold; drives sortBy=best_selling. */
    salesCount: integer().notNull().default(0),
    avgRating: numeric({ precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    totalReviews: integer().notNull().default(0),
    // Denormalised from the variants so lists sort and filter without a join.
    minPriceCents: integer().notNull().default(0),
    maxPriceCents: integer().notNull().default(0),
    compareAtPriceCents: integer(),
    availableForSale: boolean().notNull().default(false),
    weightGrams: integer(),
    freeShippingEligible: boolean().notNull().default(true),
    /** Large or oddly shaped: shipping quoted separately, never free. */
    oversized: boolean().notNull().default(false),
    legacyId: integer().unique("products_legacy_id_unique"),
    searchVector: tsvector(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Null = not published (hidden from the storefront). */
    publishedAt: timestamp({ withTimezone: true }).defaultNow(),
  },
  (t) => [
    // (vendorId, title) also serves vendorId lookups; the brand page sorts by title_asc.
    index("products_vendor_id_title_idx").on(t.vendorId, t.title),
    index("products_title_idx").on(t.title),
    index("products_min_price_cents_idx").on(t.minPriceCents),
    index("products_sales_count_idx").on(t.salesCount.desc()),
    index("products_avg_rating_idx").on(t.avgRating.desc(), t.totalReviews.desc()),
    index("products_created_at_idx").on(t.createdAt),
    index("products_is_featured_idx").on(t.id).where(sql`${t.isFeatured}`),
    index("products_available_for_sale_idx").on(t.availableForSale),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_part_number_trgm_idx").using("gin", t.partNumberNormalized.op("gin_trgm_ops")),
    index("products_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
    check("products_avg_rating_range", sql`${t.avgRating} between 0 and 5`),
    check("products_prices_non_negative", sql`${t.minPriceCents} >= 0 and ${t.maxPriceCents} >= ${t.minPriceCents}`),
  ],
);

export const productOptions = pgTable(
  "product_options",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text().notNull(),
    position: integer().notNull().default(1),
  },
  (t) => [unique("product_options_product_id_name_unique").on(t.productId, t.name)],
);

export const optionValues = pgTable(
  "option_values",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    optionId: integer()
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    value: text().notNull(),
    position: integer().notNull().default(1),
  },
  (t) => [unique("option_values_option_id_value_unique").on(t.optionId, t.value)],
);

export const variants = pgTable(
  "variants",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    title: text().notNull().default("Default Title"),
    position: integer().notNull().default(1),
    priceCents: integer().notNull(),
    compareAtPriceCents: integer(),
    sku: text(),
    weightGrams: integer(),
    availableForSale: boolean().notNull().default(true),
    /** What the store pays for one unit (back office only, never shown to shoppers). */
    costCents: integer(),
    /** Below this many in stock the variant is on the low-stock list; null = the store's setting. */
    lowStockThreshold: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("variants_product_id_position_idx").on(t.productId, t.position),
    index("variants_sku_idx").on(t.sku),
    uniqueIndex("variants_sku_lower_unique").on(sql`lower(${t.sku})`).where(sql`${t.sku} is not null`),
    check("variants_price_non_negative", sql`${t.priceCents} >= 0`),
    check("variants_cost_non_negative", sql`${t.costCents} >= 0`),
    check("variants_low_stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
  ],
);

export const variantOptionValues = pgTable(
  "variant_option_values",
  {
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    optionValueId: integer()
      .notNull()
      .references(() => optionValues.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.optionValueId] }),
    index("variant_option_values_option_value_id_idx").on(t.optionValueId),
  ],
);

export const inventoryLocations = pgTable("inventory_locations", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
});

export const inventoryItems = pgTable("inventory_items", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  variantId: integer()
    .notNull()
    .unique("inventory_items_variant_id_unique")
    .references(() => variants.id, { onDelete: "cascade" }),
  sku: text(),
  tracked: boolean().notNull().default(true),
});

export const inventoryLevels = pgTable(
  "inventory_levels",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    inventoryItemId: integer()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    locationId: integer()
      .notNull()
      .references(() => inventoryLocations.id, { onDelete: "restrict" }),
    available: integer().notNull().default(0),
    /** True: sell regardless of stock (available quantity is unlimited). */
    bypassNegativeQuantity: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  // The unique (inventoryItemId, locationId) index also serves lookups by inventoryItemId.
  (t) => [unique("inventory_levels_item_location_unique").on(t.inventoryItemId, t.locationId)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text().notNull(),
    altText: text(),
    position: integer().notNull().default(1),
    width: integer(),
    height: integer(),
  },
  (t) => [index("product_images_product_id_position_idx").on(t.productId, t.position)],
);

export const productModel3ds = pgTable(
  "product_model3ds",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text().notNull(),
    posterUrl: text(),
    position: integer().notNull().default(1),
  },
  (t) => [index("product_model3ds_product_id_position_idx").on(t.productId, t.position)],
);

/** A tag is shown as `${prefix}_${value}`, e.g. `Brand_Hayward`, `Horsepower_1.5 HP`. */
export const tags = pgTable(
  "tags",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    prefix: text().notNull(),
    value: text().notNull(),
  },
  (t) => [unique("tags_prefix_value_unique").on(t.prefix, t.value)],
);

export const productTags = pgTable(
  "product_tags",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index("product_tags_tag_id_idx").on(t.tagId)],
);

export const collections = pgTable(
  "collections",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Null for a top-level collection. Deleting a collection deletes its subtree. */
    parentId: integer().references((): AnyPgColumn => collections.id, { onDelete: "cascade" }),
    /** 1 = top level, 2 = child of a top-level collection, ... */
    level: smallint().notNull().default(1),
    position: integer().notNull().default(0),
    handle: text().notNull().unique(),
    title: text().notNull(),
    descriptionHtml: text(),
    seoTitle: text(),
    seoDescription: text(),
    isIndexed: boolean().notNull().default(true),
    imageUrl: text(),
    legacyId: integer().unique("collections_legacy_id_unique"),
    /** Denormalised; kept by the app. */
    productCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("collections_parent_id_position_idx").on(t.parentId, t.position),
    check("collections_level_positive", sql`${t.level} >= 1`),
  ],
);

export const collectionImages = pgTable(
  "collection_images",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    /** Theme placement name, e.g. 'topBanner', 'menuImage'. */
    placement: text().notNull(),
    imagePath: text().notNull(),
    altText: text(),
  },
  (t) => [unique("collection_images_collection_placement_unique").on(t.collectionId, t.placement)],
);

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_products_product_id_idx").on(t.productId),
  ],
);

export const collectionFeaturedProducts = pgTable(
  "collection_featured_products",
  {
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_featured_products_product_id_idx").on(t.productId),
  ],
);

export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const productReviews = pgTable(
  "product_reviews",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    authorName: text().notNull(),
    starsRating: smallint().notNull(),
    title: text(),
    body: text(),
    /** Shown on the product page; kept equal to status = 'approved'. */
    isPublished: boolean().notNull().default(true),
    /** A shopper's review waits as 'pending' until staff approve or reject it. */
    status: text().$type<ModerationStatus>().notNull().default("approved"),
    /** The reviewer's e-mail (guests), never shown. */
    email: text(),
    /** The reviewer bought the product (a paid order of theirs has it). */
    verifiedPurchase: boolean().notNull().default(false),
    moderatedAt: timestamp({ withTimezone: true }),
    /** The staff member who approved or rejected it. */
    moderatedBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_reviews_product_id_created_at_idx").on(t.productId, t.createdAt.desc()),
    index("product_reviews_status_created_at_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("product_reviews_product_customer_unique")
      .on(t.productId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    check("product_reviews_stars_rating_range", sql`${t.starsRating} between 1 and 5`),
    check("product_reviews_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Seller (store-wide) reviews for the footer carousel; url points to the external review page. */
export const siteReviews = pgTable(
  "site_reviews",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    url: text(),
    message: text(),
    name: text().notNull(),
    stars: smallint().notNull(),
    avatarUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("site_reviews_created_at_idx").on(t.createdAt.desc()),
    check("site_reviews_stars_range", sql`${t.stars} between 1 and 5`),
  ],
);

export const searchSynonyms = pgTable("search_synonyms", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  term: text().notNull().unique(),
  synonyms: text().array().notNull().default(sql`'{}'::text[]`),
});

/** Dictionary of catalog words for typo correction (its trigram index comes with the search migration). */
export const searchWords = pgTable("search_words", {
  word: text().primaryKey(),
  frequency: integer().notNull().default(1),
});

/** An old product handle (before a rename): the product page answers it with a 301 to the current one. */
export const productHandleRedirects = pgTable(
  "product_handle_redirects",
  {
    oldHandle: text().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("product_handle_redirects_product_id_idx").on(t.productId)],
);

export const STOCK_ADJUSTMENT_REASONS = [
  "received",
  "damaged",
  "count_correction",
  "other",
  "bulk_set",
  "product_edit",
  "import",
] as const;

/** Every change of a variant's stock made in the back office: who, when, by how much, why, and the result. */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    resultingStock: integer().notNull(),
    reason: text({ enum: STOCK_ADJUSTMENT_REASONS }).notNull(),
    note: text(),
    /** The staff member (no foreign key: the history outlives a removed account); their name as it was. */
    staffId: integer(),
    staffName: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("stock_adjustments_variant_id_created_at_idx").on(t.variantId, t.createdAt.desc()),
    check(
      "stock_adjustments_reason_known",
      sql`${t.reason} in ('received', 'damaged', 'count_correction', 'other', 'bulk_set', 'product_edit', 'import')`,
    ),
  ],
);

// Relations (relational queries).

export const vendorsRelations = relations(vendors, ({ many }) => ({
  products: many(products),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  vendor: one(vendors, { fields: [products.vendorId], references: [vendors.id] }),
  variants: many(variants),
  images: many(productImages),
  model3ds: many(productModel3ds),
  options: many(productOptions),
  productTags: many(productTags),
  reviews: many(productReviews),
  collectionProducts: many(collectionProducts),
}));

export const productOptionsRelations = relations(productOptions, ({ one, many }) => ({
  product: one(products, { fields: [productOptions.productId], references: [products.id] }),
  values: many(optionValues),
}));

export const optionValuesRelations = relations(optionValues, ({ one, many }) => ({
  option: one(productOptions, { fields: [optionValues.optionId], references: [productOptions.id] }),
  variantOptionValues: many(variantOptionValues),
}));

export const variantsRelations = relations(variants, ({ one, many }) => ({
  product: one(products, { fields: [variants.productId], references: [products.id] }),
  variantOptionValues: many(variantOptionValues),
  inventoryItem: one(inventoryItems),
}));

export const variantOptionValuesRelations = relations(variantOptionValues, ({ one }) => ({
  variant: one(variants, { fields: [variantOptionValues.variantId], references: [variants.id] }),
  optionValue: one(optionValues, { fields: [variantOptionValues.optionValueId], references: [optionValues.id] }),
}));

export const inventoryLocationsRelations = relations(inventoryLocations, ({ many }) => ({
  levels: many(inventoryLevels),
}));

export const inventoryItemsRelations = relations(inventoryItems, ({ one, many }) => ({
  variant: one(variants, { fields: [inventoryItems.variantId], references: [variants.id] }),
  levels: many(inventoryLevels),
}));

export const inventoryLevelsRelations = relations(inventoryLevels, ({ one }) => ({
  inventoryItem: one(inventoryItems, { fields: [inventoryLevels.inventoryItemId], references: [inventoryItems.id] }),
  location: one(inventoryLocations, { fields: [inventoryLevels.locationId], references: [inventoryLocations.id] }),
}));

export const productImagesRelations = relations(productImages, ({ one }) => ({
  product: one(products, { fields: [productImages.productId], references: [products.id] }),
}));

export const productModel3dsRelations = relations(productModel3ds, ({ one }) => ({
  product: one(products, { fields: [productModel3ds.productId], references: [products.id] }),
}));

export const tagsRelations = relations(tags, ({ many }) => ({
  productTags: many(productTags),
}));

export const productTagsRelations = relations(productTags, ({ one }) => ({
  product: one(products, { fields: [productTags.productId], references: [products.id] }),
  tag: one(tags, { fields: [productTags.tagId], references: [tags.id] }),
}));

export const collectionsRelations = relations(collections, ({ one, many }) => ({
  parent: one(collections, {
    fields: [collections.parentId],
    references: [collections.id],
    relationName: "collectionParent",
  }),
  children: many(collections, { relationName: "collectionParent" }),
  collectionProducts: many(collectionProducts),
  featuredProducts: many(collectionFeaturedProducts),
  images: many(collectionImages),
}));

export const collectionImagesRelations = relations(collectionImages, ({ one }) => ({
  collection: one(collections, { fields: [collectionImages.collectionId], references: [collections.id] }),
}));

export const collectionProductsRelations = relations(collectionProducts, ({ one }) => ({
  collection: one(collections, { fields: [collectionProducts.collectionId], references: [collections.id] }),
  product: one(products, { fields: [collectionProducts.productId], references: [products.id] }),
}));

export const collectionFeaturedProductsRelations = relations(collectionFeaturedProducts, ({ one }) => ({
  collection: one(collections, { fields: [collectionFeaturedProducts.collectionId], references: [collections.id] }),
  product: one(products, { fields: [collectionFeaturedProducts.productId], references: [products.id] }),
}));

export const productReviewsRelations = relations(productReviews, ({ one }) => ({
  product: one(products, { fields: [productReviews.productId], references: [products.id] }),
  customer: one(customers, { fields: [productReviews.customerId], references: [customers.id] }),
}));
