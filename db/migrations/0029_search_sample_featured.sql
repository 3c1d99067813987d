-- The sample's featured rows: the featured listing ("isFeatured=true", 30,000 of a million products)
-- counts its facets on the sample, which it read whole to find them (8,300 pages, 19 of its 33 ms).
CREATE INDEX IF NOT EXISTS "search_sample_featured_idx" ON "search_sample" ("product_id") WHERE "featured";
