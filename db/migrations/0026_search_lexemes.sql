-- Every lexeme of the search documents' match vectors (which hold the head vectors' too), with the
-- number of documents that held it when it was counted. A word typed in part is a prefix ("super pu":
-- 'pu':*), which a GIN index answers by merging the posting lists of every word it starts into one
-- bitmap before it can intersect it with the other words: 'pump' and 'pumps' alone are a quarter of a
-- million-product catalog (37 ms). The search replaces such a prefix by the frequent words it starts,
-- searched as whole words (which the index intersects by skipping through their lists), and prefixes
-- of the rest that start no frequent word (product-listing.ts, expandPrefixes).
-- Kept a superset of the documents' lexemes: a document adds its own as it is written, a full rebuild
-- writes the table anew (and counts again), so a word no document holds any more only adds a term that
-- matches nothing. The counts only say which words are frequent. Filled here from the documents there
-- are (about 20 s at a million products).
CREATE TABLE IF NOT EXISTS "search_lexemes" (
  "lexeme" text COLLATE "C" PRIMARY KEY,
  "documents" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
-- The frequent words (FREQUENT_LEXEME_DOCUMENTS in product-listing.ts): the few a prefix is split around.
CREATE INDEX IF NOT EXISTS "search_lexemes_frequent_idx" ON "search_lexemes" ("lexeme") WHERE "documents" >= 1000;
--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme", "documents")
SELECT w, count(*) FROM "search_documents" d CROSS JOIN LATERAL unnest(tsvector_to_array(d."match_vector")) AS w
GROUP BY w
ON CONFLICT DO NOTHING;
