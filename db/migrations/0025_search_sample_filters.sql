-- Indexes for broad listings with filters at a million products.
-- The sample's category and tag indexes: a broad listing without text (a category with tag, brand and
-- price filters) counts its facets on the sample, which it otherwise read whole (60,000 rows, in
-- parallel workers: 26 ms and three processes for a category + two tags + brand + price listing).
CREATE INDEX IF NOT EXISTS "search_sample_collection_ids_idx" ON "search_sample" USING gin ("collection_ids") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_sample_tag_ids_idx" ON "search_sample" USING gin ("tag_ids") WITH (fastupdate = off);
--> statement-breakpoint
-- The brand of a search document: a search within one brand ("pump" from a small brand, 8,000 of the
-- 290,000 pumps) reads that brand's matches, not every match. A brand rarely changes: price and stock
-- updates stay heap-only.
CREATE INDEX IF NOT EXISTS "search_documents_vendor_idx" ON "search_documents" ("vendor_id");
--> statement-breakpoint
-- The brand alone, for bitmaps: a brand filter among others (a category with tags, a brand and a price)
-- read search_products_vendor_title_idx, whose entries carry the title: 9 ms for one brand's 170,000
-- rows, 3 with this.
CREATE INDEX IF NOT EXISTS "search_products_vendor_idx" ON "search_products" ("vendor_id");
