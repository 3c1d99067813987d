-- The title tier of the head vectors (their weight-A words: every word of the title's first half).
-- A search's best rank level (every typed word in the title) was read from search_documents_head_idx,
-- which stores no weights: "hayward super pump" found 15,000 rows with the three words anywhere in the
-- head, read them all from the heap and kept the 4,700 whose title holds them (45-55 ms at a million
-- products). This index holds only the title's words, so the level's rows are nearly all it finds (10 ms).
CREATE INDEX IF NOT EXISTS "search_documents_title_tier_idx" ON "search_documents" USING gin (ts_filter("head_vector", '{a}')) WITH (fastupdate = off);
--> statement-breakpoint
-- No statistics, as for the vectors themselves: with them the planner reads a broad title word by
-- scanning the table rather than the index (search_documents.match_vector, 0002).
ALTER INDEX "search_documents_title_tier_idx" ALTER COLUMN 1 SET STATISTICS 0;
