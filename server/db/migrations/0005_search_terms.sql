CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- Backfill from the products that already exist.
INSERT INTO "search_terms" ("term")
SELECT DISTINCT w FROM "supply_products", regexp_split_to_table("search_name", '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
