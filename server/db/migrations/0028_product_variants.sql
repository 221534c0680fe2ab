-- Issue 28, decision 25: product variants. Stock, prices and packed size move from supply products to their
-- variants (one each here, with derived ids); listings get a price per variant and a min/max price; cart lines,
-- order items, returns and reviews point at a variant; order items keep a snapshot of it. One transaction.
SET LOCAL lock_timeout = '10s';--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" text PRIMARY KEY NOT NULL,
	"supply_product_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" jsonb NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	CONSTRAINT "product_options_position_unique" UNIQUE("supply_product_id","position"),
	CONSTRAINT "product_options_position_valid" CHECK ("product_options"."position" in (1, 2)),
	CONSTRAINT "product_options_kind_valid" CHECK ("product_options"."kind" in ('colour', 'size', 'other'))
);
--> statement-breakpoint
CREATE TABLE "product_option_values" (
	"id" text PRIMARY KEY NOT NULL,
	"option_id" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"swatch" text,
	CONSTRAINT "product_option_values_swatch_valid" CHECK ("product_option_values"."swatch" is null or "product_option_values"."swatch" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"supply_product_id" text NOT NULL,
	"option1_value_id" text,
	"option2_value_id" text,
	"sku" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"merchant_price" bigint NOT NULL,
	"suggested_price" bigint NOT NULL,
	"stock" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"width_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"image" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_combination_unique" UNIQUE NULLS NOT DISTINCT("supply_product_id","option1_value_id","option2_value_id"),
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_prices_positive" CHECK ("product_variants"."merchant_price" > 0 and "product_variants"."suggested_price" > 0),
	CONSTRAINT "product_variants_parcel_valid" CHECK ("product_variants"."weight_grams" between 1 and 150000 and "product_variants"."length_cm" between 1 and 300 and "product_variants"."width_cm" between 1 and 300 and "product_variants"."height_cm" between 1 and 300),
	CONSTRAINT "product_variants_options_in_order" CHECK ("product_variants"."option2_value_id" is null or "product_variants"."option1_value_id" is not null),
	CONSTRAINT "product_variants_status_valid" CHECK ("product_variants"."status" in ('active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "listing_variants" (
	"listing_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "listing_variants_listing_id_variant_id_pk" PRIMARY KEY("listing_id","variant_id"),
	CONSTRAINT "listing_variants_price_positive" CHECK ("listing_variants"."price" > 0),
	CONSTRAINT "listing_variants_status_valid" CHECK ("listing_variants"."status" in ('active', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "cart_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_variants" ADD CONSTRAINT "listing_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_supply_product_id_supply_products_id_fk" FOREIGN KEY ("supply_product_id") REFERENCES "public"."supply_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_supply_product_id_supply_products_id_fk" FOREIGN KEY ("supply_product_id") REFERENCES "public"."supply_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_option1_value_id_product_option_values_id_fk" FOREIGN KEY ("option1_value_id") REFERENCES "public"."product_option_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_option2_value_id_product_option_values_id_fk" FOREIGN KEY ("option2_value_id") REFERENCES "public"."product_option_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_notices" ADD CONSTRAINT "cart_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_notices" ADD CONSTRAINT "cart_notices_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_notices" ADD CONSTRAINT "cart_notices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_variants_variant_idx" ON "listing_variants" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "product_option_values_option_idx" ON "product_option_values" USING btree ("option_id","sort");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("supply_product_id","sort");--> statement-breakpoint
CREATE INDEX "cart_notices_user_idx" ON "cart_notices" USING btree ("user_id","created_at");--> statement-breakpoint
-- Every supply product gets its one variant, with the product's stock, prices and size; ids derived so the
-- statements below join on them. Every listing prices that variant at its price.
INSERT INTO "product_variants" ("id", "supply_product_id", "sku", "sort", "merchant_price", "suggested_price", "stock",
  "weight_grams", "length_cm", "width_cm", "height_cm", "image", "status", "created_at", "updated_at")
SELECT 'var_' || substr(sp.id, 5), sp.id, upper(sp.id), 0, sp.merchant_price, sp.suggested_price, sp.stock,
  sp.weight_grams, sp.length_cm, sp.width_cm, sp.height_cm, NULL, 'active', sp.created_at, now()
FROM "supply_products" sp;--> statement-breakpoint
INSERT INTO "listing_variants" ("listing_id", "variant_id", "price", "status")
SELECT l.id, 'var_' || substr(l.supply_product_id, 5), l.price, 'active' FROM "listings" l;--> statement-breakpoint
ALTER TABLE "listings" DROP CONSTRAINT "listings_price_positive";--> statement-breakpoint
ALTER TABLE "listings" RENAME COLUMN "price" TO "min_price";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "max_price" bigint;--> statement-breakpoint
UPDATE "listings" SET "max_price" = "min_price";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "max_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_price_range" CHECK ("listings"."min_price" > 0 and "listings"."max_price" >= "listings"."min_price");--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" text;--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = 'var_' || substr(l.supply_product_id, 5) FROM "listings" l WHERE l.id = c.listing_id;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_listing_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_listing_id_variant_id_pk" PRIMARY KEY("user_id","listing_id","variant_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "height_cm" integer;--> statement-breakpoint
-- Not order_id or quantity: order_items_fixed_once_completed (decision 7) does not fire on completed orders.
UPDATE "order_items" i SET "variant_id" = 'var_' || substr(i.supply_product_id, 5), "sku" = upper(i.supply_product_id),
  "weight_grams" = sp.weight_grams, "length_cm" = sp.length_cm, "width_cm" = sp.width_cm, "height_cm" = sp.height_cm
FROM "supply_products" sp WHERE sp.id = i.supply_product_id;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "weight_grams" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "length_cm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "width_cm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "height_cm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_order_id_listing_id_pk";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_variant_id_pk" PRIMARY KEY("order_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "variant_id" text;--> statement-breakpoint
UPDATE "order_returns" r SET "variant_id" = i.variant_id FROM "order_items" i
  WHERE i.order_id = r.order_id AND i.listing_id = r.listing_id;--> statement-breakpoint
ALTER TABLE "order_returns" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "order_returns_one_per_item";--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_one_per_item" ON "order_returns" USING btree ("order_id","variant_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "variant_id" text;--> statement-breakpoint
UPDATE "reviews" r SET "variant_id" = i.variant_id FROM "order_items" i
  WHERE i.order_id = r.order_id AND i.listing_id = r.listing_id;--> statement-breakpoint
ALTER TABLE "reviews" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
DROP INDEX "reviews_one_per_item";--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_item" ON "reviews" USING btree ("order_id","variant_id");--> statement-breakpoint
UPDATE "order_events" e SET "data" = e.data || jsonb_build_object('variantId', i.variant_id)
FROM "order_items" i WHERE e.data ? 'listingId' AND i.order_id = e.order_id AND i.listing_id = e.data ->> 'listingId';--> statement-breakpoint
-- Decision 7: no deferred store_stats events pending before the ALTERs below.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "option_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower((name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh') || ' ' || (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh') || ' ' || option_terms)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', (name ->> 'ind') || ' ' || (name ->> 'en') || ' ' || (name ->> 'zh')), 'A') || setweight(to_tsvector('simple', (description ->> 'ind') || ' ' || (description ->> 'en') || ' ' || (description ->> 'zh') || ' ' || option_terms), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "supply_products_search_text_trgm_idx" ON "supply_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "supply_products_search_vector_idx" ON "supply_products" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "supply_products" DROP CONSTRAINT "supply_products_prices_positive";--> statement-breakpoint
ALTER TABLE "supply_products" DROP CONSTRAINT "supply_products_stock_nonnegative";--> statement-breakpoint
ALTER TABLE "supply_products" DROP CONSTRAINT "supply_products_parcel_valid";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "merchant_price";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "suggested_price";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "stock";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "weight_grams";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "length_cm";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "width_cm";--> statement-breakpoint
ALTER TABLE "supply_products" DROP COLUMN "height_cm";
