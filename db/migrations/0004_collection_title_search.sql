-- Category suggestions for a search (GET /api/products/filter "collections"): the title words of
-- every category, indexed, so a search reads only the categories that match instead of turning
-- every title into a vector on each request. services/search/product-filter.ts uses this exact
-- expression.
--
-- Index builds run with a search_path of pg_catalog only (PostgreSQL 17), so search_normalize now
-- names its helper's schema. Same result; still inlined into the queries that call it.
CREATE OR REPLACE FUNCTION search_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(regexp_replace(lower(public.search_unaccent($1)), '[^a-z0-9.]+', ' ', 'g'),
                              '(?<![0-9])\.|\.(?![0-9])', ' ', 'g') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collections_title_search_idx" ON "collections"
  USING gin (to_tsvector('simple', public.search_normalize("title")));
