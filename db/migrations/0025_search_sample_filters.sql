-- The sample's category and tag indexes: a broad listing without text (a category with tag, brand and
-- price filters) counts its facets on the sample, which it otherwise read whole (60,000 rows at a
-- million products, in parallel workers: 26 ms and three processes for a category + two tags + brand
-- + price listing, 5 ms with these).
CREATE INDEX IF NOT EXISTS "search_sample_collection_ids_idx" ON "search_sample" USING gin ("collection_ids") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_sample_tag_ids_idx" ON "search_sample" USING gin ("tag_ids") WITH (fastupdate = off);
