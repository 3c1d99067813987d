// Brands (vendors) in the back office: list, create, rename, logo and description (the storefront's
// brand pages show both), delete. A rename refreshes the search data of the brand's products (the brand name
// is searchable).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { products, vendors } from "../../../db/schema/catalog.ts";
import { equipmentModels } from "../../../db/schema/equipment.ts";
import { type BrandInput, brandInputSchema } from "../../../shared/admin/catalog.ts";
import { handleFromTitle } from "../../../shared/admin/product.ts";
import { Conflict, NotFound } from "../../errors.ts";
import { auditCatalogChange } from "./catalog-audit.ts";
import {
  afterCatalogWrite,
  type CatalogWriteContext,
  inTransaction,
  parseOrRefuse,
  type Transaction,
} from "./catalog-write-context.ts";
import { sanitizeDescriptionHtml } from "./product-description.ts";

export interface AdminBrand {
  id: number;
  name: string;
  handle: string;
  logoUrl: string | null;
  descriptionHtml: string | null;
  productCount: number;
}

const columns = {
  id: vendors.id,
  name: vendors.name,
  handle: vendors.handle,
  logoUrl: vendors.imageUrl,
  descriptionHtml: vendors.descriptionHtml,
  productCount: vendors.productCount,
};

export function listBrands(db: Database): Promise<AdminBrand[]> {
  return db.select(columns).from(vendors).orderBy(asc(vendors.name));
}

export async function findBrand(db: Database, id: number): Promise<AdminBrand> {
  const [brand] = await db.select(columns).from(vendors).where(eq(vendors.id, id));
  if (!brand) throw new NotFound(`No brand with id ${id}. It may have been deleted.`);
  return brand;
}

async function checkFree(tx: Transaction, name: string, handle: string, selfId: number | null): Promise<void> {
  const others = await tx
    .select({ name: vendors.name, handle: vendors.handle })
    .from(vendors)
    .where(selfId === null ? undefined : ne(vendors.id, selfId));
  if (others.some((other) => other.name.toLowerCase() === name.toLowerCase())) {
    throw new Conflict(`name: there is already a brand called "${name}".`);
  }
  if (others.some((other) => other.handle === handle)) {
    throw new Conflict(`handle: another brand already uses "${handle}". Choose another.`);
  }
}

export async function createBrand(ctx: CatalogWriteContext, input: BrandInput): Promise<AdminBrand> {
  const values = parseOrRefuse(brandInputSchema, input, "brand");
  const handle = values.handle || handleFromTitle(values.name) || "brand";
  const id = await inTransaction(ctx.db, async (tx) => {
    await checkFree(tx, values.name, handle, null);
    const [made] = await tx
      .insert(vendors)
      .values({
        name: values.name,
        handle,
        imageUrl: values.logoUrl,
        descriptionHtml: sanitizeDescriptionHtml(values.descriptionHtml),
      })
      .returning({ id: vendors.id });
    await auditCatalogChange(tx, ctx, {
      action: "brand.create",
      entity: "brand",
      entityId: made.id,
      before: null,
      after: { ...values, handle },
    });
    return made.id;
  });
  await afterCatalogWrite(ctx, [], [{ kind: "brand", ids: [id] }]);
  return findBrand(ctx.db, id);
}

export async function updateBrand(ctx: CatalogWriteContext, id: number, input: BrandInput): Promise<AdminBrand> {
  const values = parseOrRefuse(brandInputSchema, input, "brand");
  const before = await findBrand(ctx.db, id);
  const handle = values.handle || before.handle;
  const productIds = await inTransaction(ctx.db, async (tx) => {
    await checkFree(tx, values.name, handle, id);
    await tx
      .update(vendors)
      .set({
        name: values.name,
        handle,
        imageUrl: values.logoUrl,
        descriptionHtml: sanitizeDescriptionHtml(values.descriptionHtml),
      })
      .where(eq(vendors.id, id));
    await auditCatalogChange(tx, ctx, {
      action: "brand.update",
      entity: "brand",
      entityId: id,
      before,
      after: { ...values, handle },
    });
    if (values.name === before.name) return [];
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.vendorId, id)));
    return rows.map((row) => row.id);
  });
  await afterCatalogWrite(ctx, productIds, [{ kind: "brand", ids: [id] }]);
  return findBrand(ctx.db, id);
}

/**
 * Deletes a brand. Its products stay in the store without a brand (their search data is refreshed); its
 * page answers 404. Refused while equipment models are of this brand (they need one).
 */
export async function deleteBrand(ctx: CatalogWriteContext, id: number): Promise<void> {
  const before = await findBrand(ctx.db, id);
  const productIds = await inTransaction(ctx.db, async (tx) => {
    await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)).for("update");
    const [models] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(equipmentModels)
      .where(eq(equipmentModels.vendorId, id));
    if (models.count > 0) {
      throw new Conflict(
        `${models.count} equipment model${models.count === 1 ? " is" : "s are"} of the brand "${before.name}". Give ${models.count === 1 ? "it" : "them"} another brand or delete ${models.count === 1 ? "it" : "them"} first (Equipment).`,
      );
    }
    const rows = await tx.select({ id: products.id }).from(products).where(eq(products.vendorId, id));
    await tx.delete(vendors).where(eq(vendors.id, id));
    await auditCatalogChange(tx, ctx, { action: "brand.delete", entity: "brand", entityId: id, before, after: null });
    return rows.map((row) => row.id);
  });
  await afterCatalogWrite(ctx, productIds, [
    { kind: "brand", ids: [id] },
    ...(productIds.length > 0 ? [{ kind: "product" as const, ids: productIds }] : []),
  ]);
}
