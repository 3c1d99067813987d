// The discount pages' way to the services.
import { asc } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { collections } from "../../../../db/schema/catalog.ts";

export { getDiscount, listDiscounts } from "../../../../services/discounts/admin/discount-admin.ts";

/** Every category, in tree order by level and title, for the "applies to" choice. */
export async function listCategoryChoices(db: Database) {
  return db
    .select({ id: collections.id, title: collections.title, level: collections.level })
    .from(collections)
    .orderBy(asc(collections.level), asc(collections.title))
    .limit(2000);
}
