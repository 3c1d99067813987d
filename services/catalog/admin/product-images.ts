// Product images uploaded in the back office. Each upload is checked (a real JPEG, PNG, WebP, GIF or
// AVIF, within size limits), turned upright, and written as WebP at every width the storefront's
// srcset asks for (`{name}_{width}x.webp`, shared/image-srcset.ts) plus the full image (at most 2048
// px), under DATA_DIR/uploads/. The file name is the content's hash, so the files are served with a
// one-year immutable cache and a replaced image gets a new address.
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, asc, eq, max } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { productImages, products } from "../../../db/schema/catalog.ts";
import { IMAGE_VARIANT_WIDTHS, UPLOADED_IMAGE_PREFIX } from "../../../shared/image-srcset.ts";
import { InvalidInput, NotFound } from "../../errors.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import { afterCatalogWrite, type CatalogWriteContext, inTransaction } from "./catalog-write-context.ts";
import type { EditableImage } from "./product-editing.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_PRODUCT = 20;
const MAX_PIXELS = 40_000_000;
const FULL_WIDTH = 2048;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);

export const IMAGE_TYPES_TEXT = "JPEG, PNG, WebP, GIF or AVIF";

/** Where uploaded images live on disk: DATA_DIR/uploads (the /img/uploads/ route serves it). */
export function uploadsDirectory(dataDir: string): string {
  return join(dataDir, "uploads");
}

/** The file under `uploadsDir` that an /img/uploads/ path names, or null for anything else (no escaping the folder). */
export function uploadedImageFile(uploadsDir: string, urlPath: string): string | null {
  const match = /^\/img\/uploads\/(p\d+|banners)\/([0-9a-f]{24}(?:_\d+x)?\.webp)$/.exec(urlPath);
  return match ? join(uploadsDir, match[1], match[2]) : null;
}

async function renderVariants(body: Buffer): Promise<{ files: Map<string, Buffer>; width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(body, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new InvalidInput(`The file is not an image the store can read. Upload a ${IMAGE_TYPES_TEXT} file.`);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new InvalidInput(`Images must be ${IMAGE_TYPES_TEXT} (this one is ${metadata.format ?? "unknown"}).`);
  }
  const base = sharp(body, { limitInputPixels: MAX_PIXELS, animated: false }).rotate();
  const full = await base
    .clone()
    .resize({ width: FULL_WIDTH, height: FULL_WIDTH, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const files = new Map<string, Buffer>([["", full.data]]);
  for (const width of IMAGE_VARIANT_WIDTHS) {
    files.set(
      `_${width}x`,
      await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    );
  }
  return { files, width: full.info.width, height: full.info.height };
}

async function writeImageFiles(folder: string, body: Buffer): Promise<{ name: string; width: number; height: number }> {
  const { files, width, height } = await renderVariants(body);
  const name = createHash("sha256").update(body).digest("hex").slice(0, 24);
  mkdirSync(folder, { recursive: true });
  for (const [suffix, data] of files) {
    const file = join(folder, `${name}${suffix}.webp`);
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  }
  return { name, width, height };
}

/** A category banner or brand logo: stored like a product image; its address goes into the category or brand form. */
export async function storeCatalogImage(input: {
  body: Buffer;
  uploadsDir: string;
}): Promise<{ url: string; width: number; height: number }> {
  if (input.body.length > MAX_IMAGE_BYTES)
    throw new InvalidInput(`Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  const { name, width, height } = await writeImageFiles(join(input.uploadsDir, "banners"), input.body);
  return { url: `${UPLOADED_IMAGE_PREFIX}banners/${name}.webp`, width, height };
}

/** Adds an uploaded image at the end of the product's images. */
export async function addProductImage(
  ctx: CatalogWriteContext,
  input: { productId: number; body: Buffer; altText?: string | null; uploadsDir: string },
): Promise<EditableImage> {
  const { productId } = input;
  const [product] = await ctx.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw new NotFound(`No product with id ${productId}. It may have been deleted.`);
  if (input.body.length > MAX_IMAGE_BYTES) {
    throw new InvalidInput(`Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
  }
  const { name, width, height } = await writeImageFiles(join(input.uploadsDir, `p${productId}`), input.body);
  const url = `${UPLOADED_IMAGE_PREFIX}p${productId}/${name}.webp`;
  const altText = input.altText?.trim() || product.title;
  const image = await inTransaction(ctx.db, async (tx) => {
    const [count] = await tx
      .select({ last: max(productImages.position) })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const existing = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    if (existing.length >= MAX_IMAGES_PER_PRODUCT) {
      throw new InvalidInput(`A product may have at most ${MAX_IMAGES_PER_PRODUCT} images. Delete one first.`);
    }
    const [made] = await tx
      .insert(productImages)
      .values({ productId, url, altText, position: (count?.last ?? 0) + 1, width, height })
      .returning();
    await auditCatalogChange(tx, ctx, {
      action: "product.image.add",
      entity: "product",
      entityId: productId,
      before: null,
      after: { url, altText },
    });
    return made;
  });
  await afterCatalogWrite(ctx, [], [{ kind: "product", ids: [productId] }]);
  return {
    id: image.id,
    url: image.url,
    altText: image.altText,
    position: image.position,
    width: image.width,
    height: image.height,
  };
}

/** Puts the product's images in the order given (every image id of the product, once). */
export async function reorderProductImages(
  ctx: CatalogWriteContext,
  productId: number,
  imageIds: readonly number[],
): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const current = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const known = new Set(current.map((row) => row.id));
    if (
      imageIds.length !== known.size ||
      new Set(imageIds).size !== imageIds.length ||
      imageIds.some((id) => !known.has(id))
    ) {
      throw new InvalidInput(
        "imageIds: list every image of this product once, in the new order. Reload the page if images changed.",
      );
    }
    for (const [index, id] of imageIds.entries()) {
      await tx
        .update(productImages)
        .set({ position: index + 1 })
        .where(eq(productImages.id, id));
    }
    await auditCatalogChange(tx, ctx, {
      action: "product.image.reorder",
      entity: "product",
      entityId: productId,
      before: current.map((row) => row.id),
      after: imageIds,
    });
  });
  await afterCatalogWrite(ctx, [], [{ kind: "product", ids: [productId] }]);
}

export async function updateProductImageAlt(
  ctx: CatalogWriteContext,
  productId: number,
  imageId: number,
  altText: string,
): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const [image] = await tx
      .select()
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
    if (!image) throw new NotFound(`No image ${imageId} on product ${productId}.`);
    await tx
      .update(productImages)
      .set({ altText: altText.trim() || null })
      .where(eq(productImages.id, imageId));
    await auditCatalogChange(tx, ctx, {
      action: "product.image.alt",
      entity: "product",
      entityId: productId,
      before: { imageId, altText: image.altText },
      after: { imageId, altText },
    });
  });
  await afterCatalogWrite(ctx, [], [{ kind: "product", ids: [productId] }]);
}

export async function deleteProductImage(
  ctx: CatalogWriteContext,
  productId: number,
  imageId: number,
  uploadsDir: string,
): Promise<void> {
  const url = await inTransaction(ctx.db, async (tx) => {
    const [image] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!image) throw new NotFound(`No image ${imageId} on product ${productId}.`);
    await auditCatalogChange(tx, ctx, {
      action: "product.image.delete",
      entity: "product",
      entityId: productId,
      before: { imageId, url: image.url },
      after: null,
    });
    return image.url;
  });
  await afterCatalogWrite(ctx, [], [{ kind: "product", ids: [productId] }]);
  // The files go too, unless another image row (the same upload twice) still points at them.
  const [still] = await ctx.db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.url, url))
    .limit(1);
  const file = uploadedImageFile(uploadsDir, url);
  if (!still && file) {
    for (const suffix of ["", ...IMAGE_VARIANT_WIDTHS.map((width) => `_${width}x`)]) {
      rmSync(file.replace(/\.webp$/, `${suffix}.webp`), { force: true });
    }
  }
}
