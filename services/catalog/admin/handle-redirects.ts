// A product renamed in the back office keeps its old address: product_handle_redirects maps each old
// handle to the product, and the storefront's product page answers it with a 301 to the current one.
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { productHandleRedirects, products } from "../../../db/schema/catalog.ts";

/** The handle the product once called `oldHandle` has now, or null when no product was renamed from it. */
export async function findRenamedProductHandle(db: Database, oldHandle: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: products.handle })
    .from(productHandleRedirects)
    .innerJoin(products, eq(products.id, productHandleRedirects.productId))
    .where(eq(productHandleRedirects.oldHandle, oldHandle))
    .limit(1);
  return row?.handle ?? null;
}
