/**
 * The rows of the generated products, built and encoded batch by batch (row-encoding.ts) away from the
 * seed's database connection: on a worker thread for a large catalog (product-worker.ts), so that
 * generating and encoding the next batch never holds up the statements of the batch being written.
 * Ids are assigned here, in generation order, so child rows need no RETURNING round trips.
 */
import { Worker } from "node:worker_threads";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  collectionProducts,
  inventoryItems,
  inventoryLevels,
  optionValues,
  productImages,
  productModel3ds,
  productOptions,
  productReviews,
  products,
  productTags,
  tags,
  variantOptionValues,
  variants,
} from "../../db/schema/catalog.ts";
import { type AttributeRecord, attributeRecord } from "../../services/search/search-attributes.ts";
import { brands } from "./content/brands.ts";
import { type FlatCategory, flattenCategories } from "./content/categories.ts";
import { EQUIPMENT_TEMPLATE_KEYS, type EquipmentPartCandidate } from "./equipment.ts";
import { DEFAULT_SEED, type GeneratedProduct, generateProducts } from "./generate-catalog.ts";
import { type EncodedRows, encodeRows } from "./row-encoding.ts";

/** Every table a batch of products writes parents first. */
export const PRODUCT_BATCH_TABLES: readonly PgTable[] = [
  products,
  productOptions,
  optionValues,
  variants,
  variantOptionValues,
  inventoryItems,
  inventoryLevels,
  productImages,
  productModel3ds,
  tags,
  productTags,
  collectionProducts,
  productReviews,
];

const TOP_FEATURED = 8;
const SUB_FEATURED = 4;

export interface CollectionIndex {
  flat: FlatCategory[];
  idByHandle: Map<string, number>;
  /** Collection ids of a leaf and all its ancestors, leaf first. */
  ancestry: Map<string, number[]>;
}

export function indexCollections(): CollectionIndex {
  const flat = flattenCategories();
  const idByHandle = new Map(flat.map((c, i) => [c.handle, i + 1]));
  const byHandle = new Map(flat.map((c) => [c.handle, c]));
  const ancestry = new Map<string, number[]>();
  for (const c of flat) {
    const chain: number[] = [];
    let node: FlatCategory | undefined = c;
    while (node) {
      chain.push(idByHandle.get(node.handle) ?? 0);
      node = node.parentHandle ? byHandle.get(node.parentHandle) : undefined;
    }
    ancestry.set(c.handle, chain);
  }
  return { flat, idByHandle, ancestry };
}

/** The demo brands' ids: their position in the brand list, from 1. */
export const demoVendorIds = (): Map<string, number> => new Map(brands.map((b, i) => [b.handle, i + 1]));

interface FeaturedCandidate {
  id: number;
  score: number;
}

/** Keeps the best `limit` candidates (featured first, then best sellers) per collection. */
function offerFeatured(
  pool: Map<number, FeaturedCandidate[]>,
  collectionId: number,
  candidate: FeaturedCandidate,
  limit: number,
) {
  const list = pool.get(collectionId) ?? [];
  if (list.length < limit || candidate.score > list[list.length - 1].score) {
    list.push(candidate);
    list.sort((a, b) => b.score - a.score || a.id - b.id);
    if (list.length > limit) list.pop();
    pool.set(collectionId, list);
  }
}

/** One batch of products, encoded table by table in the order they are written. */
export interface EncodedBatch {
  products: number;
  variants: number;
  reviews: number;
  /** Parents before children; the products' rows carry the inputs of their search vector. */
  tables: EncodedRows[];
  /** The products' search_product_attributes rows, as JSON (insertAttributeRecords). */
  attributesJson: string;
}

/** What the whole run adds up to, once every batch is built. */
export interface BatchTotals {
  tags: number;
  /** Per top-level and second-level collection: its featured products' ids, best first. */
  featured: [collectionId: number, productIds: number[]][];
  equipmentParts: EquipmentPartCandidate[];
}

/** Builds the rows of successive batches; ids, tags, positions and featured picks carry over. */
export class ProductRowsBuilder {
  private readonly ids = { option: 0, optionValue: 0, variant: 0, tag: 0 };
  private readonly tagIds = new Map<string, number>();
  private readonly vendorIds = demoVendorIds();
  private readonly index = indexCollections();
  private readonly positions = new Map<number, number>();
  private readonly featured = new Map<number, FeaturedCandidate[]>();
  private readonly equipmentParts: EquipmentPartCandidate[] = [];

  build(batch: readonly GeneratedProduct[]): EncodedBatch {
    const productRows: (typeof products.$inferInsert)[] = [];
    const optionRows: (typeof productOptions.$inferInsert)[] = [];
    const optionValueRows: (typeof optionValues.$inferInsert)[] = [];
    const variantRows: (typeof variants.$inferInsert)[] = [];
    const variantOptionRows: (typeof variantOptionValues.$inferInsert)[] = [];
    const itemRows: (typeof inventoryItems.$inferInsert)[] = [];
    const levelRows: (typeof inventoryLevels.$inferInsert)[] = [];
    const imageRows: (typeof productImages.$inferInsert)[] = [];
    const modelRows: (typeof productModel3ds.$inferInsert)[] = [];
    const newTagRows: (typeof tags.$inferInsert)[] = [];
    const productTagRows: (typeof productTags.$inferInsert)[] = [];
    const collectionRows: (typeof collectionProducts.$inferInsert)[] = [];
    const reviewRows: (typeof productReviews.$inferInsert)[] = [];
    const attributeRows: AttributeRecord[] = [];
    // The text of each product's search vector, which its row is written with (computed in SQL).
    const searchSkus: string[][] = [];
    const searchTagWords: string[] = [];
    const searchCollectionTitles: (string | null)[] = [];

    for (const p of batch) {
      const productId = p.index + 1;
      if (EQUIPMENT_TEMPLATE_KEYS.has(p.templateKey)) {
        this.equipmentParts.push({
          productId,
          vendorHandle: p.vendorHandle,
          templateKey: p.templateKey,
          partName: p.partName,
          kind: p.kind,
        });
      }

      productRows.push({
        id: productId,
        handle: p.handle,
        title: p.title,
        seoTitle: null,
        seoDescription: p.seoDescription,
        isIndexed: true,
        descriptionHtml: p.descriptionHtml,
        vendorId: this.vendorIds.get(p.vendorHandle) ?? null,
        productType: p.productType,
        productCode: p.productCode,
        partNumberNormalized: p.partNumberNormalized,
        supersededPartNumbers: p.supersededPartNumbers,
        isFeatured: p.isFeatured,
        salesCount: p.salesCount,
        avgRating: p.avgRating,
        totalReviews: p.totalReviews,
        minPriceCents: p.minPriceCents,
        maxPriceCents: p.maxPriceCents,
        compareAtPriceCents: p.compareAtPriceCents,
        availableForSale: p.availableForSale,
        weightGrams: p.weightGrams,
        freeShippingEligible: p.freeShippingEligible,
        oversized: p.oversized,
        legacyId: p.legacyId,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
        publishedAt: p.createdAt,
      });

      // Option values by "option name\0value" for the variant links.
      const valueIds = new Map<string, number>();
      p.options.forEach((option, optionIndex) => {
        const optionId = ++this.ids.option;
        optionRows.push({ id: optionId, productId, name: option.name, position: optionIndex + 1 });
        option.values.forEach((value, valueIndex) => {
          const valueId = ++this.ids.optionValue;
          optionValueRows.push({ id: valueId, optionId, value, position: valueIndex + 1 });
          valueIds.set(`${optionIndex}\0${value}`, valueId);
        });
      });

      for (const v of p.variants) {
        const variantId = ++this.ids.variant;
        variantRows.push({
          id: variantId,
          productId,
          title: v.title,
          position: v.position,
          priceCents: v.priceCents,
          compareAtPriceCents: v.compareAtPriceCents,
          sku: v.sku,
          weightGrams: v.weightGrams,
          availableForSale: v.availableForSale,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        });
        v.optionValues.forEach((value, optionIndex) => {
          const optionValueId = valueIds.get(`${optionIndex}\0${value}`);
          if (optionValueId) variantOptionRows.push({ variantId, optionValueId });
        });
        // One inventory item and one level per variant: the ids line up with the variant id.
        itemRows.push({ id: variantId, variantId, sku: v.sku, tracked: true });
        levelRows.push({
          id: variantId,
          inventoryItemId: variantId,
          locationId: 1,
          available: v.available,
          bypassNegativeQuantity: v.bypassNegativeQuantity,
        });
      }

      p.images.forEach((image, i) => {
        imageRows.push({ productId, url: image.url, altText: image.altText, position: i + 1, width: 800, height: 800 });
      });
      if (p.model3d) modelRows.push({ productId, url: p.model3d.url, posterUrl: p.model3d.posterUrl, position: 1 });

      for (const [prefix, value] of p.tags) {
        const key = `${prefix}\0${value}`;
        let tagId = this.tagIds.get(key);
        if (!tagId) {
          tagId = ++this.ids.tag;
          this.tagIds.set(key, tagId);
          newTagRows.push({ id: tagId, prefix, value });
        }
        productTagRows.push({ productId, tagId });
      }
      // The search attributes are read here, from the generated product, while the database writes the
      // previous batch: the search rebuild then only fills in products that lack them. Tags in id order,
      // as the rebuild reads them.
      const tagsById = p.tags
        .map((tag) => ({ tag, id: this.tagIds.get(`${tag[0]}\0${tag[1]}`) ?? 0 }))
        .sort((a, b) => a.id - b.id)
        .map(({ tag }) => tag);
      attributeRows.push(
        attributeRecord(productId, {
          title: p.title,
          productCode: p.productCode,
          productType: p.productType,
          tags: tagsById,
          descriptionHtml: p.descriptionHtml,
        }),
      );
      searchTagWords.push(tagsById.map(([, value]) => value).join(" "));
      searchSkus.push(p.variants.map((v) => v.sku));

      const score = (p.isFeatured ? 1_000_000 : 0) + p.salesCount;
      const collectionTitles: string[] = [];
      for (const handle of p.collectionHandles) {
        const collectionId = this.index.idByHandle.get(handle);
        if (!collectionId) continue;
        const position = (this.positions.get(collectionId) ?? 0) + 1;
        this.positions.set(collectionId, position);
        collectionRows.push({ collectionId, productId, position });
        collectionTitles.push(this.index.flat[collectionId - 1].title);
      }
      searchCollectionTitles.push(collectionTitles.length ? collectionTitles.join(" ") : null);
      const chain = this.index.ancestry.get(p.collectionHandles[0]) ?? [];
      const top = chain[chain.length - 1];
      const second = chain[chain.length - 2];
      if (top) offerFeatured(this.featured, top, { id: productId, score }, TOP_FEATURED);
      if (second) offerFeatured(this.featured, second, { id: productId, score }, SUB_FEATURED);

      for (const r of p.reviews) {
        reviewRows.push({
          productId,
          authorName: r.authorName,
          starsRating: r.rating,
          title: r.title,
          body: r.body,
          isPublished: true,
          createdAt: r.createdAt,
        });
      }
    }

    const tables = [
      encodeRows(products, productRows, [
        { name: "search_skus", type: "text[]", values: searchSkus },
        { name: "search_tag_words", type: "text", values: searchTagWords },
        { name: "search_collection_titles", type: "text", values: searchCollectionTitles },
        { name: "search_attribute_words", type: "text", values: attributeRows.map((a) => a.words) },
      ]),
      encodeRows(productOptions, optionRows),
      encodeRows(optionValues, optionValueRows),
      encodeRows(variants, variantRows),
      encodeRows(variantOptionValues, variantOptionRows),
      encodeRows(inventoryItems, itemRows),
      encodeRows(inventoryLevels, levelRows),
      encodeRows(productImages, imageRows),
      encodeRows(productModel3ds, modelRows),
      encodeRows(tags, newTagRows),
      encodeRows(productTags, productTagRows),
      encodeRows(collectionProducts, collectionRows),
      encodeRows(productReviews, reviewRows),
    ].filter((table) => table.statements.length > 0);
    return {
      products: batch.length,
      variants: variantRows.length,
      reviews: reviewRows.length,
      tables,
      attributesJson: JSON.stringify(attributeRows),
    };
  }

  totals(): BatchTotals {
    return {
      tags: this.tagIds.size,
      featured: [...this.featured].map(([collectionId, list]) => [collectionId, list.map((c) => c.id)]),
      equipmentParts: this.equipmentParts,
    };
  }
}

export interface BatchOptions {
  products: number;
  seed?: number;
  batchSize: number;
}

/** What a source of batches hands out: each batch, then the totals. */
export interface BatchSource {
  batches: AsyncIterable<EncodedBatch>;
  /** Resolves once every batch has been handed out. */
  totals(): Promise<BatchTotals>;
  /** Stops early (the seed failed): ends the worker. */
  close(): Promise<void>;
}

/** Builds the batches in this thread: for small catalogs, where starting a thread costs more than it saves. */
export function inlineBatches(options: BatchOptions): BatchSource {
  const builder = new ProductRowsBuilder();
  async function* batches(): AsyncGenerator<EncodedBatch> {
    if (!(options.batchSize >= 1)) throw new Error(`batchSize must be at least 1, got ${options.batchSize}`);
    let batch: GeneratedProduct[] = [];
    for (const product of generateProducts({ products: options.products, seed: options.seed ?? DEFAULT_SEED })) {
      batch.push(product);
      if (batch.length >= options.batchSize) {
        yield builder.build(batch);
        batch = [];
      }
    }
    if (batch.length) yield builder.build(batch);
  }
  return { batches: batches(), totals: async () => builder.totals(), close: async () => {} };
}

/** Messages from product-worker.ts. */
export type WorkerMessage = { batch: EncodedBatch } | { totals: BatchTotals };

/**
 * Builds the batches on a worker thread, at most two ahead of the one being written: the next batch
 * is ready when the database finishes the current one, and memory stays bounded.
 */
export function workerBatches(options: BatchOptions): BatchSource {
  const worker = new Worker(new URL("./product-worker.ts", import.meta.url), { workerData: options });
  const ready: EncodedBatch[] = [];
  let totals: BatchTotals | null = null;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on("message", (message: WorkerMessage) => {
    if ("batch" in message) ready.push(message.batch);
    else totals = message.totals;
    notify();
  });
  worker.on("error", (error) => {
    failure = error;
    notify();
  });
  worker.on("exit", (code) => {
    // A clean exit comes after the totals; messages still queued are delivered first.
    setImmediate(() => {
      if (!totals && !failure) failure = new Error(`The product generator stopped (exit code ${code}).`);
      notify();
    });
  });
  const next = async (): Promise<EncodedBatch | null> => {
    for (;;) {
      const batch = ready.shift();
      if (batch) {
        // Room for one more: the worker builds it while this one is written.
        worker.postMessage("more");
        return batch;
      }
      if (failure) throw failure;
      if (totals) return null;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  async function* batches(): AsyncGenerator<EncodedBatch> {
    for (let batch = await next(); batch; batch = await next()) yield batch;
  }
  return {
    batches: batches(),
    totals: async () => {
      while (!totals) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      return totals;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
