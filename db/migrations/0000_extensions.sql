-- Extensions used by catalog search: trigram similarity (part numbers, titles, typo correction) and accent folding.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
