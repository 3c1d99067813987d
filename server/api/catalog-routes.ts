// Catalog REST API: products by handle, collections, vendors,
// navigation, seller reviews, blog articles and the free-shipping amount. Each route validates its input
// with zod (bad input is a 400 naming the parameter), calls one service and wraps the answer in the
// envelope key the storefront's clients read. /products/filter belongs to search-routes.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { articleListQuerySchema, listArticles } from "../../services/catalog/articles.ts";
import {
  collectionSuggestionQuerySchema,
  FEATURED_PRODUCTS_LIMIT,
  getCollection,
  getCollectionByHandle,
  getCollectionHierarchy,
  getCollectionImage,
  getCollectionUpperHierarchy,
  getFeaturedProducts,
  listCollectionIndex,
  suggestCollections,
} from "../../services/catalog/collections.ts";
import { getNavigation, navigationQuerySchema } from "../../services/catalog/navigation.ts";
import { getProductByHandle } from "../../services/catalog/product-detail.ts";
import { idParam, limitParam } from "../../services/catalog/query-params.ts";
import { listSiteReviews, siteReviewListQuerySchema } from "../../services/catalog/reviews.ts";
import { getFreeShippingAmount, isProductEligibleForFreeShipping } from "../../services/catalog/shipping-policy.ts";
import { listVendors, vendorListQuerySchema } from "../../services/catalog/vendors.ts";
import type { StoreServices } from "../../services/store-services.ts";
import { dto, dtoList, pageInfoReply } from "./replies.ts";

const handleParam = z
  .string({ error: "must be a handle" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(255, { error: "must be at most 255 characters" });
const productHandleParams = z.object({ handle: handleParam });
const collectionIdParams = z.object({ id: idParam("collection") });
const collectionPlacementParams = z.object({
  id: idParam("collection"),
  placement: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, { error: "must be a placement name such as topBanner" }),
});

export async function catalogRoutes(fastify: FastifyInstance, { services }: { services: StoreServices }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Every route here only reads: from the read replica when DATABASE_READ_URL names one.
  const db = () => services.database.readDb;

  // Products ----------------------------------------------------------------------------------------

  app.get(
    "/products/handle/:handle",
    { schema: { params: productHandleParams, response: { 200: z.object({ product: dto }) } } },
    async (request) => ({
      product: await getProductByHandle(db(), request.params.handle),
    }),
  );

  app.get(
    "/products/handle/:handle/isEligibleForFreeShipping",
    {
      schema: {
        params: productHandleParams,
        response: { 200: z.object({ isEligibleForFreeShipping: z.boolean() }) },
      },
    },
    async (request) => ({
      isEligibleForFreeShipping: await isProductEligibleForFreeShipping(db(), request.params.handle),
    }),
  );

  app.get(
    "/products/vendors/fullDetail",
    {
      schema: {
        querystring: vendorListQuerySchema,
        response: { 200: z.object({ vendors: dtoList, pageInfo: pageInfoReply }) },
      },
    },
    async (request) => listVendors(db(), request.query),
  );

  // Collections -------------------------------------------------------------------------------------

  app.get("/collections/index", { schema: { response: { 200: z.object({ collections: dtoList }) } } }, async () => ({
    collections: await listCollectionIndex(db()),
  }));

  app.get(
    "/collections",
    { schema: { querystring: collectionSuggestionQuerySchema, response: { 200: z.object({ collections: dtoList }) } } },
    async (request) => ({
      collections: await suggestCollections(db(), request.query),
    }),
  );

  app.get(
    "/collections/handle/:handle",
    { schema: { params: productHandleParams, response: { 200: z.object({ collection: dto }) } } },
    async (request) => ({
      collection: await getCollectionByHandle(db(), request.params.handle),
    }),
  );

  // Digits are an id, anything else a handle (the search page's `cat` parameter may be either).
  app.get(
    "/collections/:id",
    { schema: { params: z.object({ id: handleParam }), response: { 200: z.object({ collection: dto }) } } },
    async (request) => ({
      collection: await getCollection(db(), request.params.id),
    }),
  );

  app.get(
    "/collections/:id/products/featured",
    {
      schema: {
        params: collectionIdParams,
        querystring: z.object({ limit: limitParam(FEATURED_PRODUCTS_LIMIT, 50) }),
        response: { 200: z.object({ products: dtoList }) },
      },
    },
    async (request) => ({
      products: await getFeaturedProducts(db(), request.params.id, request.query.limit),
    }),
  );

  app.get(
    "/collections/:id/hierarchy",
    { schema: { params: collectionIdParams, response: { 200: z.object({ hierarchy: dtoList }) } } },
    async (request) => ({
      hierarchy: await getCollectionHierarchy(db(), request.params.id),
    }),
  );

  app.get(
    "/collections/:id/upper-hierarchy",
    { schema: { params: collectionIdParams, response: { 200: z.object({ hierarchy: dtoList }) } } },
    async (request) => ({
      hierarchy: await getCollectionUpperHierarchy(db(), request.params.id),
    }),
  );

  app.get(
    "/collections/:id/image/placement/:placement",
    {
      schema: {
        params: collectionPlacementParams,
        response: { 200: z.object({ imagePath: z.string(), altText: z.string().nullable() }) },
      },
    },
    async (request) => getCollectionImage(db(), request.params.id, request.params.placement),
  );

  // Shell content -----------------------------------------------------------------------------------

  app.get(
    "/shippingPolicies/freeShippingAmount",
    { schema: { response: { 200: z.object({ freeShippingAmount: z.number() }) } } },
    async () => ({
      freeShippingAmount: await getFreeShippingAmount(db()),
    }),
  );

  app.get(
    "/nav",
    { schema: { querystring: navigationQuerySchema, response: { 200: z.object({ navData: dtoList }) } } },
    async (request) => ({
      navData: await getNavigation(db(), request.query),
    }),
  );

  // The router ignores trailing slashes, so this also answers /reviews/siteReviews/ (the older spelling, still linked).
  app.get(
    "/reviews/siteReviews",
    {
      schema: {
        querystring: siteReviewListQuerySchema,
        response: { 200: z.object({ siteReviews: dtoList, pageInfo: pageInfoReply }) },
      },
    },
    async (request) => listSiteReviews(db(), request.query),
  );

  app.get(
    "/articles",
    {
      schema: {
        querystring: articleListQuerySchema,
        response: { 200: z.object({ articles: dtoList, pageInfo: pageInfoReply }) },
      },
    },
    async (request) => listArticles(db(), request.query),
  );
}
