-- Issue 30: a listing's lowest suggested price, kept beside its price range by syncListingPrices, so a product card
-- no longer reads it from the variants for every row of every list.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "min_suggested_price" bigint;--> statement-breakpoint
-- The lowest suggested price of each listing's variants on sale (listing variant and variant active), as the cards
-- read it until now; a listing with none keeps null, which cards show as its own price.
UPDATE "listings" l SET "min_suggested_price" = p.min_suggested_price
FROM (
  SELECT lv.listing_id, min(v.suggested_price) AS min_suggested_price
  FROM "listing_variants" lv JOIN "product_variants" v ON v.id = lv.variant_id AND v.status = 'active'
  WHERE lv.status = 'active'
  GROUP BY lv.listing_id
) p
WHERE l.id = p.listing_id;
