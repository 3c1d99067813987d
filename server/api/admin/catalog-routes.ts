// The back office's catalog API under /api/admin: products (list, read, create, update, bulk actions,
// images), categories, brands and stock. Each route declares its permission (admin-guard.ts checks it
// before anything else: support staff read, managers and owners write); bodies are the schemas the
// pages use (shared/admin/*); writes accept an Idempotency-Key (server/plugins/idempotency.ts).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createBrand,
  deleteBrand,
  findBrand,
  listBrands,
  updateBrand,
} from "../../../services/catalog/admin/brands.ts";
import { applyBulkAction } from "../../../services/catalog/admin/bulk-actions.ts";
import type { CatalogWriteContext } from "../../../services/catalog/admin/catalog-write-context.ts";
import {
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  moveCategory,
  updateCategory,
} from "../../../services/catalog/admin/categories.ts";
import { loadProductForEditing } from "../../../services/catalog/admin/product-editing.ts";
import {
  addProductImage,
  deleteProductImage,
  IMAGE_TYPES_TEXT,
  MAX_IMAGE_BYTES,
  reorderProductImages,
  storeCatalogImage,
  updateProductImageAlt,
  uploadsDirectory,
} from "../../../services/catalog/admin/product-images.ts";
import { listProductsForAdmin } from "../../../services/catalog/admin/product-list.ts";
import { saveProduct } from "../../../services/catalog/admin/product-writes.ts";
import {
  adjustStock,
  findStockVariant,
  listStockVariants,
  stockHistory,
} from "../../../services/catalog/admin/stock.ts";
import { idParam } from "../../../services/catalog/query-params.ts";
import { Forbidden, InvalidInput } from "../../../services/errors.ts";
import type { StoreServices } from "../../../services/store-services.ts";
import {
  brandInputSchema,
  bulkActionSchema,
  categoryInputSchema,
  categoryMoveSchema,
  productListQuerySchema,
  stockAdjustmentSchema,
} from "../../../shared/admin/catalog.ts";
import { roleCan } from "../../../shared/admin/permissions.ts";
import { productInputSchema } from "../../../shared/admin/product.ts";
import { auditActor, staffOf } from "./admin-guard.ts";

const productParams = z.object({ id: idParam("product") });
const imageParams = z.object({ id: idParam("product"), imageId: idParam("image") });
const categoryParams = z.object({ id: idParam("category") });
const brandParams = z.object({ id: idParam("brand") });
const variantParams = z.object({ id: idParam("variant") });
const success = z.object({ success: z.boolean() });

/** A catalog write made by the signed-in staff member of this request. */
export function catalogWriter(services: StoreServices, request: FastifyRequest): CatalogWriteContext {
  const staff = staffOf(request);
  return {
    db: services.database.db,
    changes: services.changes,
    jobs: services.jobs,
    actor: { ...auditActor(request), name: staff.name || staff.email },
  };
}

/** The one image of a multipart upload (field "file") and its optional "altText" field. */
async function readImageUpload(request: FastifyRequest): Promise<{ body: Buffer; altText: string | null }> {
  if (!request.isMultipart()) {
    throw new InvalidInput(`Send the image as multipart/form-data in a field named "file" (${IMAGE_TYPES_TEXT}).`);
  }
  let body: Buffer | null = null;
  let altText: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw new InvalidInput('Send the image in a field named "file".');
        body = await part.toBuffer();
      } else if (part.fieldname === "altText" && typeof part.value === "string") {
        altText = part.value.slice(0, 500);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new InvalidInput(`Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    }
    if ((error as { code?: string }).code?.startsWith("FST_")) {
      throw new InvalidInput('Upload one image at a time, in a field named "file".');
    }
    throw error;
  }
  if (!body || body.length === 0) throw new InvalidInput(`Choose an image to upload (${IMAGE_TYPES_TEXT}).`);
  return { body, altText };
}

export async function catalogAdminRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => services.database.db;
  const store = () => services.config.store;
  const bannerPlacement = () => store().themeConfig.imagePlacements.collection.topBanner;
  const uploadsDir = () => uploadsDirectory(services.config.dataDir);
  await fastify.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });

  // Products.
  app.get(
    "/products",
    { config: { permission: "catalog:read" }, schema: { querystring: productListQuerySchema } },
    async (request) => {
      const page = await listProductsForAdmin(db(), request.query, store().lowStockThreshold);
      return {
        products: page.products,
        pageInfo: {
          total: page.total,
          page: page.page,
          size: page.size,
          pages: Math.max(1, Math.ceil(page.total / page.size)),
        },
      };
    },
  );

  app.get(
    "/products/:id",
    { config: { permission: "catalog:read" }, schema: { params: productParams } },
    async (request) => ({
      product: await loadProductForEditing(db(), request.params.id),
    }),
  );

  app.post(
    "/products",
    { config: { permission: "catalog:write" }, schema: { body: productInputSchema } },
    async (request, reply) => {
      const { product } = await saveProduct(catalogWriter(services, request), request.body);
      return reply.status(201).send({ product });
    },
  );

  app.put(
    "/products/:id",
    { config: { permission: "catalog:write" }, schema: { params: productParams, body: productInputSchema } },
    async (request) => {
      const { product } = await saveProduct(catalogWriter(services, request), request.body, request.params.id);
      return { product };
    },
  );

  // Deleting a product for good (the bulk action "delete" does several): orders keep their lines.
  app.delete(
    "/products/:id",
    { config: { permission: "catalog:write" }, schema: { params: productParams, response: { 200: success } } },
    async (request) => {
      await applyBulkAction(catalogWriter(services, request), { action: "delete", productIds: [request.params.id] });
      return { success: true };
    },
  );

  app.post(
    "/products/bulk",
    { config: { permission: "catalog:write" }, schema: { body: bulkActionSchema } },
    async (request) => {
      // Setting stock is a stock write on top of the catalog permission.
      if (request.body.action === "stock" && !roleCan(staffOf(request).role, "stock:write")) {
        throw new Forbidden("Your role does not allow changing stock (stock:write).");
      }
      return { result: await applyBulkAction(catalogWriter(services, request), request.body) };
    },
  );

  // Product images: upload (multipart, one file in the field "file", an optional "altText"), order, alt text, delete.
  app.post(
    "/products/:id/images",
    { config: { permission: "catalog:write" }, schema: { params: productParams } },
    async (request, reply) => {
      const { body, altText } = await readImageUpload(request);
      const image = await addProductImage(catalogWriter(services, request), {
        productId: request.params.id,
        body,
        altText,
        uploadsDir: uploadsDir(),
      });
      return reply.status(201).send({ image });
    },
  );

  app.put(
    "/products/:id/images/order",
    {
      config: { permission: "catalog:write" },
      schema: { params: productParams, body: z.object({ imageIds: z.array(z.number().int().positive()).max(50) }) },
    },
    async (request) => {
      await reorderProductImages(catalogWriter(services, request), request.params.id, request.body.imageIds);
      return { images: (await loadProductForEditing(db(), request.params.id)).images };
    },
  );

  app.patch(
    "/products/:id/images/:imageId",
    {
      config: { permission: "catalog:write" },
      schema: {
        params: imageParams,
        body: z.object({ altText: z.string().max(500, { error: "must be at most 500 characters" }) }),
        response: { 200: success },
      },
    },
    async (request) => {
      await updateProductImageAlt(
        catalogWriter(services, request),
        request.params.id,
        request.params.imageId,
        request.body.altText,
      );
      return { success: true };
    },
  );

  app.delete(
    "/products/:id/images/:imageId",
    { config: { permission: "catalog:write" }, schema: { params: imageParams, response: { 200: success } } },
    async (request) => {
      await deleteProductImage(
        catalogWriter(services, request),
        request.params.id,
        request.params.imageId,
        uploadsDir(),
      );
      return { success: true };
    },
  );

  // A category banner or a brand logo: the answer's url goes into the category's or brand's form.
  app.post("/catalog-images", { config: { permission: "catalog:write" } }, async (request, reply) => {
    const { body } = await readImageUpload(request);
    return reply.status(201).send({ image: await storeCatalogImage({ body, uploadsDir: uploadsDir() }) });
  });

  // Categories.
  app.get("/categories", { config: { permission: "catalog:read" } }, async () => ({
    categories: await listCategories(db(), bannerPlacement()),
  }));

  app.get(
    "/categories/:id",
    { config: { permission: "catalog:read" }, schema: { params: categoryParams } },
    async (request) => ({
      category: await findCategory(db(), request.params.id, bannerPlacement()),
    }),
  );

  app.post(
    "/categories",
    { config: { permission: "catalog:write" }, schema: { body: categoryInputSchema } },
    async (request, reply) => {
      const category = await createCategory(catalogWriter(services, request), request.body, bannerPlacement());
      return reply.status(201).send({ category });
    },
  );

  app.put(
    "/categories/:id",
    { config: { permission: "catalog:write" }, schema: { params: categoryParams, body: categoryInputSchema } },
    async (request) => ({
      category: await updateCategory(
        catalogWriter(services, request),
        request.params.id,
        request.body,
        bannerPlacement(),
      ),
    }),
  );

  app.post(
    "/categories/:id/move",
    { config: { permission: "catalog:write" }, schema: { params: categoryParams, body: categoryMoveSchema } },
    async (request) => ({
      category: await moveCategory(
        catalogWriter(services, request),
        request.params.id,
        request.body,
        bannerPlacement(),
      ),
    }),
  );

  app.delete(
    "/categories/:id",
    { config: { permission: "catalog:write" }, schema: { params: categoryParams, response: { 200: success } } },
    async (request) => {
      await deleteCategory(catalogWriter(services, request), request.params.id, bannerPlacement());
      return { success: true };
    },
  );

  // Brands.
  app.get("/brands", { config: { permission: "catalog:read" } }, async () => ({ brands: await listBrands(db()) }));

  app.get(
    "/brands/:id",
    { config: { permission: "catalog:read" }, schema: { params: brandParams } },
    async (request) => ({
      brand: await findBrand(db(), request.params.id),
    }),
  );

  app.post(
    "/brands",
    { config: { permission: "catalog:write" }, schema: { body: brandInputSchema } },
    async (request, reply) => {
      const brand = await createBrand(catalogWriter(services, request), request.body);
      return reply.status(201).send({ brand });
    },
  );

  app.put(
    "/brands/:id",
    { config: { permission: "catalog:write" }, schema: { params: brandParams, body: brandInputSchema } },
    async (request) => ({
      brand: await updateBrand(catalogWriter(services, request), request.params.id, request.body),
    }),
  );

  app.delete(
    "/brands/:id",
    { config: { permission: "catalog:write" }, schema: { params: brandParams, response: { 200: success } } },
    async (request) => {
      await deleteBrand(catalogWriter(services, request), request.params.id);
      return { success: true };
    },
  );

  // Stock.
  app.get(
    "/stock",
    {
      config: { permission: "catalog:read" },
      schema: {
        querystring: z.object({
          low: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
          q: z.string().trim().max(100, { error: "must be at most 100 characters" }).optional(),
        }),
      },
    },
    async (request) => ({
      variants: await listStockVariants(db(), {
        storeThreshold: store().lowStockThreshold,
        lowOnly: request.query.low !== "0" && !request.query.q,
        search: request.query.q,
      }),
      threshold: store().lowStockThreshold,
    }),
  );

  app.get(
    "/stock/variants/:id",
    { config: { permission: "catalog:read" }, schema: { params: variantParams } },
    async (request) => ({
      variant: await findStockVariant(db(), request.params.id, store().lowStockThreshold),
      history: await stockHistory(db(), request.params.id),
    }),
  );

  app.post(
    "/stock/adjustments",
    { config: { permission: "stock:write" }, schema: { body: stockAdjustmentSchema } },
    async (request, reply) => {
      const adjustment = await adjustStock(catalogWriter(services, request), request.body);
      return reply.status(201).send({ adjustment });
    },
  );
}
