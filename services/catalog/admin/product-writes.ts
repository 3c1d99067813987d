// Creating and changing a product from the back office (and from anything else that writes whole
// products, such as an import): one validation (shared/admin/product.ts), one transaction, then the
// product's search data and every cache are refreshed so shoppers see the change at once.
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import {
  collectionProducts,
  collections,
  inventoryItems,
  inventoryLevels,
  optionValues,
  productHandleRedirects,
  productOptions,
  products,
  productTags,
  tags,
  variantOptionValues,
  variants,
  vendors,
} from "../../../db/schema/catalog.ts";
import {
  handleFromTitle,
  type ProductInput,
  type ProductValues,
  productInputSchema,
  variantTitle,
} from "../../../shared/admin/product.ts";
import { parseTagFilter } from "../../../shared/catalog-query.ts";
import { amountToCents } from "../../../shared/money.ts";
import { Conflict, InvalidInput, NotFound } from "../../errors.ts";
import { normalizePartNumber } from "../../search/search-text.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import {
  afterCatalogWrite,
  type CatalogWriteContext,
  inTransaction,
  type Transaction,
} from "./catalog-write-context.ts";
import { defaultLocationId, ensureInventoryLevel, moveStock } from "./inventory.ts";
import { sanitizeDescriptionHtml } from "./product-description.ts";
import { type EditableProduct, loadProductForEditing } from "./product-editing.ts";
import { refreshCategoryCounts, refreshProductSummaries, refreshVendorCounts } from "./product-summary.ts";

/** Validates a product write; InvalidInput names every field to fix ("variants.1.sku: Enter a SKU"). */
export function parseProductInput(input: unknown): ProductValues {
  const parsed = productInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new InvalidInput(
    parsed.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
      .join("; "),
  );
}

export interface SavedProduct {
  product: EditableProduct;
  created: boolean;
}

/**
 * Creates a product (no `productId`) or replaces an existing one's editable fields with `input`.
 * Variants are matched by id (kept, so carts keep them), new ones are added, missing ones removed.
 */
export async function saveProduct(
  ctx: CatalogWriteContext,
  input: ProductInput | ProductValues,
  productId?: number,
): Promise<SavedProduct> {
  const values = parseProductInput(input);
  const { id, before } = await inTransaction(ctx.db, async (tx) => {
    const before = productId === undefined ? null : await lockAndLoad(tx, productId);
    const id = await writeProduct(tx, ctx, values, before);
    const after = await loadProductForEditing(tx, id);
    await auditCatalogChange(tx, ctx, {
      action: before ? "product.update" : "product.create",
      entity: "product",
      entityId: id,
      before,
      after,
    });
    return { id, before };
  });
  await afterCatalogWrite(ctx, [id], [{ kind: "product", ids: [id] }]);
  return { product: await loadProductForEditing(ctx.db, id), created: before === null };
}

async function lockAndLoad(tx: Transaction, productId: number): Promise<EditableProduct> {
  // Two editors saving at once are serialised on the product's row.
  const locked = await tx.execute(sql`select id from products where id = ${productId} for update`);
  if ((locked as unknown as { rows: unknown[] }).rows.length === 0) {
    throw new NotFound(`No product with id ${productId}. It may have been deleted.`);
  }
  return loadProductForEditing(tx, productId);
}

async function writeProduct(
  tx: Transaction,
  ctx: CatalogWriteContext,
  values: ProductValues,
  before: EditableProduct | null,
): Promise<number> {
  const handle = await chooseHandle(tx, values, before);
  if (values.vendorId !== null) {
    const [vendor] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, values.vendorId));
    if (!vendor) throw new InvalidInput(`vendorId: no brand with id ${values.vendorId}. Choose a brand from the list.`);
  }
  const categoryIds = [...new Set(values.categoryIds)];
  if (categoryIds.length > 0) {
    const found = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, categoryIds));
    const missing = categoryIds.filter((wanted) => !found.some((row) => row.id === wanted));
    if (missing.length > 0) throw new InvalidInput(`categoryIds: no category with id ${missing.join(", ")}.`);
  }
  await checkSkusFree(tx, values, before?.id ?? null);
  const ownVariantIds = new Set(before?.variants.map((variant) => variant.id) ?? []);
  values.variants.forEach((variant, index) => {
    if (variant.id && !ownVariantIds.has(variant.id)) {
      throw new InvalidInput(`variants.${index}.id: variant ${variant.id} is not one of this product's variants.`);
    }
  });

  const partNumber = values.partNumber;
  const row = {
    title: values.title,
    handle,
    descriptionHtml: sanitizeDescriptionHtml(values.descriptionHtml),
    vendorId: values.vendorId,
    productCode: partNumber,
    partNumberNormalized: partNumber ? normalizePartNumber(partNumber) || null : null,
    supersededPartNumbers: [...new Set(values.supersededPartNumbers)],
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    publishedAt:
      values.status === "published"
        ? before?.status === "published" && before.publishedAt
          ? new Date(before.publishedAt)
          : // The transaction's own time: counted as published by the statements that follow in it.
            sql`now()`
        : null,
    updatedAt: new Date(),
  };
  let productId: number;
  if (before) {
    productId = before.id;
    await tx.update(products).set(row).where(eq(products.id, productId));
    if (before.handle !== handle) {
      // The old address keeps working (301 to the new one); an address that had been redirected
      // elsewhere now belongs to this product again.
      await tx
        .insert(productHandleRedirects)
        .values({ oldHandle: before.handle, productId })
        .onConflictDoUpdate({ target: productHandleRedirects.oldHandle, set: { productId, createdAt: new Date() } });
    }
  } else {
    const [created] = await tx.insert(products).values(row).returning({ id: products.id });
    productId = created.id;
  }
  await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.oldHandle, handle));

  await writeOptionsAndVariants(tx, ctx, productId, values, before);
  await writeTags(tx, productId, values.tags);
  await writeCategories(tx, productId, categoryIds);
  await refreshProductSummaries(tx, [productId]);
  await refreshVendorCounts(tx, [before?.vendorId ?? null, values.vendorId]);
  await refreshCategoryCounts(tx, [...(before?.categoryIds ?? []), ...categoryIds]);
  return productId;
}

/** The handle asked for (refused when another product has it), or one made from the title (made unique). */
async function chooseHandle(tx: Transaction, values: ProductValues, before: EditableProduct | null): Promise<string> {
  const taken = async (candidate: string) => {
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(before ? and(eq(products.handle, candidate), ne(products.id, before.id)) : eq(products.handle, candidate))
      .limit(1);
    return other !== undefined;
  };
  if (values.handle) {
    if (await taken(values.handle)) {
      throw new Conflict(`handle: another product already uses "${values.handle}". Choose another handle.`);
    }
    return values.handle;
  }
  if (before) return before.handle;
  const base = handleFromTitle(values.title) || "product";
  for (let suffix = 1; suffix < 1000; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Conflict("handle: could not make a free handle from the title. Enter one.");
}

/** A SKU names one variant in the store (case aside): another product's SKU is refused by name. */
async function checkSkusFree(tx: Transaction, values: ProductValues, productId: number | null): Promise<void> {
  const wanted = values.variants.map((variant) => variant.sku.toLowerCase());
  const clashes = await tx
    .select({ sku: variants.sku, productId: variants.productId, title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        sql`lower(${variants.sku}) = any(${sql.param(wanted)}::text[])`,
        productId === null ? undefined : ne(variants.productId, productId),
      ),
    )
    .limit(5);
  if (clashes.length === 0) return;
  const first = clashes[0];
  const index = wanted.indexOf((first.sku ?? "").toLowerCase());
  throw new Conflict(
    `variants.${index}.sku: the SKU "${first.sku}" is already used by "${first.title}" (product ${first.productId}). SKUs must be unique.`,
  );
}

async function writeOptionsAndVariants(
  tx: Transaction,
  ctx: CatalogWriteContext,
  productId: number,
  values: ProductValues,
  before: EditableProduct | null,
): Promise<void> {
  // Options are rewritten whole (their values are only labels); variants keep their ids.
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));
  const valueIds: Array<Map<string, number>> = [];
  for (const [index, option] of values.options.entries()) {
    const [made] = await tx
      .insert(productOptions)
      .values({ productId, name: option.name, position: index + 1 })
      .returning({ id: productOptions.id });
    const ids = new Map<string, number>();
    if (option.values.length > 0) {
      const rows = await tx
        .insert(optionValues)
        .values(option.values.map((value, position) => ({ optionId: made.id, value, position: position + 1 })))
        .returning({ id: optionValues.id, value: optionValues.value });
      for (const row of rows) ids.set(row.value.toLowerCase(), row.id);
    }
    valueIds.push(ids);
  }

  const keptIds = values.variants.map((variant) => variant.id).filter((id): id is number => Boolean(id));
  await tx
    .delete(variants)
    .where(
      keptIds.length > 0
        ? and(eq(variants.productId, productId), notInArray(variants.id, keptIds))
        : eq(variants.productId, productId),
    );
  // SKUs move between kept variants in one save: clear them first so the unique index never sees two.
  if (keptIds.length > 0) await tx.update(variants).set({ sku: null }).where(inArray(variants.id, keptIds));

  const locationId = await defaultLocationId(tx);
  const previous = new Map(before?.variants.map((variant) => [variant.id, variant]) ?? []);
  for (const [index, variant] of values.variants.entries()) {
    const row = {
      productId,
      title: variantTitle(variant.optionValues),
      position: index + 1,
      priceCents: amountToCents(variant.price),
      compareAtPriceCents: variant.compareAtPrice === null ? null : amountToCents(variant.compareAtPrice),
      costCents: variant.cost === null ? null : amountToCents(variant.cost),
      sku: variant.sku,
      weightGrams: variant.weightGrams,
      lowStockThreshold: variant.lowStockThreshold,
      availableForSale: true,
      updatedAt: new Date(),
    };
    let variantId: number;
    if (variant.id) {
      variantId = variant.id;
      await tx.update(variants).set(row).where(eq(variants.id, variantId));
    } else {
      const [made] = await tx.insert(variants).values(row).returning({ id: variants.id });
      variantId = made.id;
    }
    const links = variant.optionValues.map((value, optionIndex) => ({
      variantId,
      optionValueId: valueIds[optionIndex]?.get(value.toLowerCase()) as number,
    }));
    if (links.length > 0) await tx.insert(variantOptionValues).values(links);

    const level = await ensureInventoryLevel(tx, variantId, variant.sku, locationId);
    await tx
      .update(inventoryLevels)
      .set({ bypassNegativeQuantity: variant.backorder, updatedAt: new Date() })
      .where(eq(inventoryLevels.id, level.levelId));
    await tx
      .update(inventoryItems)
      .set({ tracked: variant.tracked })
      .where(and(eq(inventoryItems.variantId, variantId), ne(inventoryItems.tracked, variant.tracked)));
    // Stock is the variant's total over its locations; the difference goes to the default one.
    const current = previous.get(variantId)?.stock ?? level.available;
    const delta = variant.stock - current;
    if (delta !== 0) {
      await moveStock(tx, { variantId, levelId: level.levelId, delta, reason: "product_edit", actor: ctx.actor });
    }
  }
}

async function writeTags(tx: Transaction, productId: number, tagTexts: readonly string[]): Promise<void> {
  await tx.delete(productTags).where(eq(productTags.productId, productId));
  const parsed = [
    ...new Map(
      tagTexts.map((text) => {
        const tag = parseTagFilter(text);
        return [`${tag.prefix.toLowerCase()}\u0000${tag.value.toLowerCase()}`, tag];
      }),
    ).values(),
  ];
  if (parsed.length === 0) return;
  await tx
    .insert(tags)
    .values(parsed.map((tag) => ({ prefix: tag.prefix, value: tag.value })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      sql`(${tags.prefix}, ${tags.value}) in (${sql.join(
        parsed.map((tag) => sql`(${tag.prefix}, ${tag.value})`),
        sql`, `,
      )})`,
    );
  await tx
    .insert(productTags)
    .values(rows.map((row) => ({ productId, tagId: row.id })))
    .onConflictDoNothing();
}

async function writeCategories(tx: Transaction, productId: number, categoryIds: readonly number[]): Promise<void> {
  await tx
    .delete(collectionProducts)
    .where(
      categoryIds.length > 0
        ? and(
            eq(collectionProducts.productId, productId),
            notInArray(collectionProducts.collectionId, [...categoryIds]),
          )
        : eq(collectionProducts.productId, productId),
    );
  for (const collectionId of categoryIds) {
    // A new product goes to the end of the category's own order.
    await tx.execute(sql`
      insert into collection_products (collection_id, product_id, position)
      select ${collectionId}, ${productId}, coalesce(max(position), 0) + 1 from collection_products where collection_id = ${collectionId}
      on conflict (collection_id, product_id) do nothing`);
  }
}
