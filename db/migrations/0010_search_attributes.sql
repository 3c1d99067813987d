-- Measured attributes and product types for search, read from each product's title, tags and
-- specification table by services/search/search-attributes.ts (rebuildSearchIndex and
-- refreshProductSearchData write them; `npm run search:rebuild` refills them). Each attribute is a
-- list: a pump sold in 1.5, 2 and 2.5 HP has all three. "words" holds the canonical attribute words
-- ("3hp", "230v", "1.5in", "variablespeed") that go into the product's search vectors.
CREATE TABLE IF NOT EXISTS "search_product_attributes" (
  "product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "type_nouns" text[] NOT NULL DEFAULT '{}',
  "horsepower" real[] NOT NULL DEFAULT '{}',
  "voltage" real[] NOT NULL DEFAULT '{}',
  "size_inches" real[] NOT NULL DEFAULT '{}',
  "filter_area_sqft" real[] NOT NULL DEFAULT '{}',
  "btu" real[] NOT NULL DEFAULT '{}',
  "watts" real[] NOT NULL DEFAULT '{}',
  "gallons" real[] NOT NULL DEFAULT '{}',
  "speed" text[] NOT NULL DEFAULT '{}',
  "words" text NOT NULL DEFAULT ''
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_product_attributes_horsepower_idx" ON "search_product_attributes" USING gin ("horsepower");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_product_attributes_voltage_idx" ON "search_product_attributes" USING gin ("voltage");
--> statement-breakpoint
-- The product type nouns ("pump", "cartridge", "gasket") rank a product named by the query's head noun
-- above products that merely contain the word.
ALTER TABLE "search_documents" ADD COLUMN IF NOT EXISTS "type_nouns" text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
-- The stored one-word rankings predate product types: the counted path answers until the next
-- rebuildSearchIndex() fills them again.
DELETE FROM "search_word_summaries";
