-- Trigram indexes make substring search (ILIKE '%term%') fast on large lists.
-- pg_trgm is a trusted extension: a database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
