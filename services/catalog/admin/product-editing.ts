// A product as the back-office editor shows it (the form's values plus what the form does not edit:
// id, images, dates) — also the before/after snapshot the audit log keeps of a product change.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  collectionProducts,
  inventoryItems,
  inventoryLevels,
  optionValues,
  productImages,
  productOptions,
  products,
  productTags,
  tags,
  variantOptionValues,
  variants,
} from "../../../db/schema/catalog.ts";
import type { ProductStatus, ProductValues } from "../../../shared/admin/product.ts";
import { formatTagFilter } from "../../../shared/catalog-query.ts";
import { centsToAmount } from "../../../shared/money.ts";
import { NotFound } from "../../errors.ts";

export interface EditableImage {
  id: number;
  url: string;
  altText: string | null;
  position: number;
  width: number | null;
  height: number | null;
}

export interface EditableProduct extends Omit<ProductValues, "handle" | "descriptionHtml" | "variants"> {
  id: number;
  handle: string;
  descriptionHtml: string;
  status: ProductStatus;
  publishedAt: string | null;
  updatedAt: string;
  images: EditableImage[];
  variants: Array<ProductValues["variants"][number] & { id: number; title: string }>;
}

/** The product with everything the editor edits; NotFound when there is no such product. */
export async function loadProductForEditing(db: Database, productId: number): Promise<EditableProduct> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw new NotFound(`No product with id ${productId}. It may have been deleted.`);
  const [optionRows, variantRows, valueRows, stockRows, tagRows, categoryRows, images] = await Promise.all([
    db
      .select({ id: productOptions.id, name: productOptions.name, value: optionValues.value })
      .from(productOptions)
      .leftJoin(optionValues, eq(optionValues.optionId, productOptions.id))
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position), asc(productOptions.id), asc(optionValues.position), asc(optionValues.id)),
    db
      .select()
      .from(variants)
      .where(eq(variants.productId, productId))
      .orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({ variantId: variantOptionValues.variantId, optionId: optionValues.optionId, value: optionValues.value })
      .from(variantOptionValues)
      .innerJoin(optionValues, eq(optionValues.id, variantOptionValues.optionValueId))
      .innerJoin(variants, eq(variants.id, variantOptionValues.variantId))
      .where(eq(variants.productId, productId)),
    db
      .select({
        variantId: inventoryItems.variantId,
        tracked: inventoryItems.tracked,
        available: sql<number>`coalesce(sum(${inventoryLevels.available}), 0)::int`,
        backorder: sql<boolean>`coalesce(bool_or(${inventoryLevels.bypassNegativeQuantity}), false)`,
      })
      .from(inventoryItems)
      .innerJoin(variants, eq(variants.id, inventoryItems.variantId))
      .leftJoin(inventoryLevels, eq(inventoryLevels.inventoryItemId, inventoryItems.id))
      .where(eq(variants.productId, productId))
      .groupBy(inventoryItems.variantId, inventoryItems.tracked),
    db
      .select({ prefix: tags.prefix, value: tags.value })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, productId))
      .orderBy(asc(tags.prefix), asc(tags.value)),
    db
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, productId))
      .orderBy(asc(collectionProducts.collectionId)),
    db
      .select({
        id: productImages.id,
        url: productImages.url,
        altText: productImages.altText,
        position: productImages.position,
        width: productImages.width,
        height: productImages.height,
      })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
  ]);

  const options: Array<{ id: number; name: string; values: string[] }> = [];
  for (const row of optionRows) {
    let option = options.find((known) => known.id === row.id);
    if (!option) {
      option = { id: row.id, name: row.name, values: [] };
      options.push(option);
    }
    if (row.value !== null) option.values.push(row.value);
  }
  const stockByVariant = new Map(stockRows.map((row) => [row.variantId, row]));
  const published = product.publishedAt !== null && product.publishedAt.getTime() <= Date.now();
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    descriptionHtml: product.descriptionHtml ?? "",
    vendorId: product.vendorId,
    categoryIds: categoryRows.map((row) => row.id),
    tags: tagRows.map((tag) => formatTagFilter(tag)),
    partNumber: product.productCode,
    supersededPartNumbers: product.supersededPartNumbers,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    status: published ? "published" : "draft",
    publishedAt: product.publishedAt?.toISOString() ?? null,
    updatedAt: product.updatedAt.toISOString(),
    options: options.map(({ name, values }) => ({ name, values })),
    images,
    variants: variantRows.map((variant) => {
      const stock = stockByVariant.get(variant.id);
      return {
        id: variant.id,
        title: variant.title,
        optionValues: options.map(
          (option) => valueRows.find((row) => row.variantId === variant.id && row.optionId === option.id)?.value ?? "",
        ),
        sku: variant.sku ?? "",
        price: centsToAmount(variant.priceCents),
        compareAtPrice: variant.compareAtPriceCents === null ? null : centsToAmount(variant.compareAtPriceCents),
        cost: variant.costCents === null ? null : centsToAmount(variant.costCents),
        weightGrams: variant.weightGrams,
        stock: stock?.available ?? 0,
        backorder: stock?.backorder ?? false,
        tracked: stock?.tracked ?? true,
        lowStockThreshold: variant.lowStockThreshold,
      };
    }),
  };
}

/** The ids among `ids` that are products (bulk actions skip the rest with a message). */
export async function existingProductIds(db: Database, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...ids])));
  return rows.map((row) => row.id);
}
