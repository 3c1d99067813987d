-- search_word_summaries now keeps every match of a precomputed word in relevance order, not the first
-- 304, so any page of a broad one-word search ("pump", page 150) is a slice instead of ranking tens of
-- thousands of rows. The stored lists were cut short: they are dropped, the counted path answers
-- until the next rebuildSearchIndex() fills them again.
DELETE FROM "search_word_summaries";
--> statement-breakpoint
ALTER TABLE "search_word_summaries" RENAME COLUMN "top_ids" TO "ranked_ids";
