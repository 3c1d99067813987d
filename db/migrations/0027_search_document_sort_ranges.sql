-- Sort-key ranges of the search documents, for a text search sorted by title or price.
-- "hayward filter" by title matches 56,000 of a million products: its exact page read every match
-- (26,000 heap pages, about 100 ms) to keep the first 36. The sample tells how far in the chosen order the
-- page's rows reach; the page then reads only the matches up to there (a bitmap of the match index ANDed
-- with one of these: about 23 ms). Indexes on expressions, not on the bare columns: on title_key or
-- price_cents the planner could walk the column in order, checking the text row by row, and a query
-- whose matches cluster at the far end (every other brand's titles first) would read most of the table.
-- These can only bound a range: the listings order by the bare columns.
CREATE INDEX IF NOT EXISTS "search_documents_title_range_idx" ON "search_documents" (("title_key" || ''));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "search_documents_price_range_idx" ON "search_documents" (("price_cents" + 0));
--> statement-breakpoint
-- Statistics for the two expressions, so the planner sizes a range from the first search on.
ANALYZE "search_documents";
