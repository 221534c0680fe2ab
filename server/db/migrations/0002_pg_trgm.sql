-- Trigram matching for typo-tolerant search (bundled with PGlite; a contrib extension on PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
