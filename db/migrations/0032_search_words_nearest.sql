-- "Did you mean" takes the dictionary's words nearest a misspelt one in trigram distance: this index
-- answers them in that order (and the check whether a typed word starts a known one) instead of ranking
-- every word of the dictionary for each misspelt word (two words at a million products: 10 -> 5 ms).
CREATE INDEX IF NOT EXISTS "search_words_word_nearest_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
