-- A fixed sample of the search documents: the products whose id hashes to 0 modulo 16
-- (hashint4(product_id) & 15 = 0), same columns. A listing whose matching set is large (a broad word
-- with facet filters at a million products) counts its facets and total on these rows, times 16, and
-- says the figures are estimated; only its page is read from the whole catalog. Written by
-- rebuildSearchIndex and refreshProductSearchData; prices, stock and popularity follow the products
-- through search_products_sync like search_documents.
CREATE TABLE IF NOT EXISTS "search_sample" (
  "product_id" integer PRIMARY KEY REFERENCES "products"("id") ON DELETE CASCADE,
  "vendor_id" integer,
  "price_cents" integer NOT NULL,
  "available" boolean NOT NULL,
  "featured" boolean NOT NULL,
  "published_at" timestamp with time zone,
  "sales_count" integer NOT NULL,
  "avg_rating" real NOT NULL,
  "total_reviews" integer NOT NULL,
  "title_key" text COLLATE "C" NOT NULL,
  "tag_ids" integer[] NOT NULL DEFAULT '{}',
  "tag_set_id" integer,
  "collection_ids" integer[] NOT NULL DEFAULT '{}',
  "match_vector" tsvector NOT NULL,
  "head_vector" tsvector NOT NULL,
  "type_nouns" text[] NOT NULL DEFAULT '{}'
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_sample_match_idx" ON "search_sample" USING gin ("match_vector") WITH (fastupdate = off);
--> statement-breakpoint
-- As for search_documents: without statistics the planner always answers a text match from the index.
ALTER TABLE "search_sample" ALTER COLUMN "match_vector" SET STATISTICS 0;
--> statement-breakpoint
INSERT INTO search_sample (product_id, vendor_id, price_cents, available, featured, published_at, sales_count,
  avg_rating, total_reviews, title_key, tag_ids, tag_set_id, collection_ids, match_vector, head_vector, type_nouns)
SELECT product_id, vendor_id, price_cents, available, featured, published_at, sales_count,
  avg_rating, total_reviews, title_key, tag_ids, tag_set_id, collection_ids, match_vector, head_vector, type_nouns
FROM search_documents WHERE (hashint4(product_id) & 15) = 0
ON CONFLICT (product_id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_products_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_products AS s (product_id, vendor_id, price_cents, available, featured, published_at,
    sales_count, avg_rating, total_reviews, title_key)
  SELECT n.id, n.vendor_id, n.min_price_cents, n.available_for_sale, n.is_featured, n.published_at,
    n.sales_count, n.avg_rating, n.total_reviews, lower(n.title)
  FROM changed_products n
  ON CONFLICT (product_id) DO UPDATE SET
    vendor_id = excluded.vendor_id, price_cents = excluded.price_cents, available = excluded.available,
    featured = excluded.featured, published_at = excluded.published_at, sales_count = excluded.sales_count,
    avg_rating = excluded.avg_rating, total_reviews = excluded.total_reviews, title_key = excluded.title_key
  WHERE (s.vendor_id, s.price_cents, s.available, s.featured, s.published_at, s.sales_count, s.avg_rating,
         s.total_reviews, s.title_key)
    IS DISTINCT FROM (excluded.vendor_id, excluded.price_cents, excluded.available, excluded.featured,
         excluded.published_at, excluded.sales_count, excluded.avg_rating, excluded.total_reviews, excluded.title_key);
  UPDATE search_documents d SET
    vendor_id = s.vendor_id, price_cents = s.price_cents, available = s.available, featured = s.featured,
    published_at = s.published_at, sales_count = s.sales_count, avg_rating = s.avg_rating,
    total_reviews = s.total_reviews, title_key = s.title_key
  FROM changed_products n JOIN search_products s ON s.product_id = n.id
  WHERE d.product_id = n.id
    AND (d.vendor_id, d.price_cents, d.available, d.featured, d.published_at, d.sales_count, d.avg_rating,
         d.total_reviews, d.title_key)
    IS DISTINCT FROM (s.vendor_id, s.price_cents, s.available, s.featured, s.published_at, s.sales_count,
         s.avg_rating, s.total_reviews, s.title_key);
  UPDATE search_sample d SET
    vendor_id = s.vendor_id, price_cents = s.price_cents, available = s.available, featured = s.featured,
    published_at = s.published_at, sales_count = s.sales_count, avg_rating = s.avg_rating,
    total_reviews = s.total_reviews, title_key = s.title_key
  FROM changed_products n JOIN search_products s ON s.product_id = n.id
  WHERE d.product_id = n.id
    AND (d.vendor_id, d.price_cents, d.available, d.featured, d.published_at, d.sales_count, d.avg_rating,
         d.total_reviews, d.title_key)
    IS DISTINCT FROM (s.vendor_id, s.price_cents, s.available, s.featured, s.published_at, s.sales_count,
         s.avg_rating, s.total_reviews, s.title_key);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The head vectors' words (title A; part numbers, SKUs, vendor B; tags, type, collections C): a broad
-- search finds the rows of the best possible rank (every word in the title) without ranking every match.
CREATE INDEX IF NOT EXISTS "search_documents_head_idx" ON "search_documents" USING gin ("head_vector") WITH (fastupdate = off);
--> statement-breakpoint
ALTER TABLE "search_documents" ALTER COLUMN "head_vector" SET STATISTICS 0;
