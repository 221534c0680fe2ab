-- Issue 28, decision 25, step 4: whether a store chose a listing variant's price. A row the catalogue added for a new
-- variant of a listed product (off sale, its price set by the catalogue) stays off sale until the merchant prices it.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
ALTER TABLE "listing_variants" ADD COLUMN "priced_by_store" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Rows so far: on sale, or hidden for a variant the listing already had (a cost raised above the price), the store
-- priced; hidden for a variant made after the listing, the catalogue added (saveVariantsLocked).
UPDATE "listing_variants" lv SET "priced_by_store" = true
FROM "listings" l, "product_variants" v
WHERE l.id = lv.listing_id AND v.id = lv.variant_id AND (lv.status = 'active' OR v.created_at <= l.created_at);
