-- A rank level's rows come best sellers first: the page's walk reads search_documents in that order itself
-- and checks each row's text on the row it reads. It walked search_products' best-selling index and looked
-- each row's document up by its key (2,900 lookups for "salt cell": 26 -> 13 ms at a million products).
-- On an expression no ORDER BY of a listing uses, so that no sorted listing walks it by mistake.
CREATE INDEX IF NOT EXISTS "search_documents_best_selling_walk_idx" ON "search_documents" (("sales_count" + 0) DESC, "product_id" DESC);
