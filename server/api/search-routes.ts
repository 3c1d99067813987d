import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ProductCard } from "../../services/catalog/product-cards.ts";
import { InvalidInput } from "../../services/errors.ts";
import { filterProducts } from "../../services/search/product-filter.ts";
import type { StoreServices } from "../../services/store-services.ts";
import {
  type CardField,
  CatalogQueryError,
  parseCatalogQuery,
  type RawCatalogQuery,
  rawCatalogQuerySchema,
} from "../../shared/catalog-query.ts";
import { HEADER_DROPDOWN_LIMIT } from "../../shared/header-dropdown.ts";
import { dto, dtoList } from "./replies.ts";

const filterReply = z.object({ products: dtoList, pageInfo: dto, collections: dtoList });

function project(card: ProductCard, fields: readonly CardField[]): Partial<ProductCard> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = card[field];
  return out as Partial<ProductCard>;
}

export async function searchRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Searches only read: from the read replica when DATABASE_READ_URL names one.
  const { readDb: db } = services.database;

  // GET /api/products/filter the query encoding is documented in shared/catalog-query.ts.
  app.get("/products/filter", { schema: { response: { 200: filterReply } } }, async (request) => {
    const raw = rawCatalogQuerySchema.safeParse(request.query);
    if (!raw.success) throw new InvalidInput("Invalid query string.");
    let query: ReturnType<typeof parseCatalogQuery>;
    try {
      // The header dropdown's limit=4 is answered with 4 products, not the limit rule's 36.
      query = parseCatalogQuery(raw.data as RawCatalogQuery, { exactLimits: [HEADER_DROPDOWN_LIMIT] });
    } catch (error) {
      if (error instanceof CatalogQueryError) throw new InvalidInput(error.message);
      throw error;
    }
    const result = await filterProducts(db, query);
    const fields = query.fields;
    return {
      products: fields ? result.products.map((card) => project(card, fields)) : result.products,
      pageInfo: result.pageInfo,
      collections: result.collections,
    };
  });
}
