// A product is on the storefront once its publishedAt has passed; null means a draft.

import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { products } from "../../db/schema/catalog.ts";

export function productIsPublished(): SQL {
  return sql`(${products.publishedAt} is not null and ${products.publishedAt} <= now())`;
}
