CREATE TABLE "flash_items" (
	"id" text PRIMARY KEY NOT NULL,
	"slot_id" text NOT NULL,
	"store_id" text NOT NULL,
	"listing_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"flash_price" bigint NOT NULL,
	"listed_price" bigint NOT NULL,
	"slot_stock" integer NOT NULL,
	"carved" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_shopper_limit" integer NOT NULL,
	"enrolled_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flash_items_price" CHECK ("flash_items"."flash_price" > 0 and "flash_items"."flash_price" < "flash_items"."listed_price"),
	CONSTRAINT "flash_items_stock" CHECK ("flash_items"."slot_stock" > 0 and "flash_items"."sold" >= 0 and "flash_items"."sold" <= "flash_items"."carved" and "flash_items"."carved" <= "flash_items"."slot_stock"),
	CONSTRAINT "flash_items_limit" CHECK ("flash_items"."per_shopper_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "flash_quotas" (
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flash_quotas_item_id_user_id_pk" PRIMARY KEY("item_id","user_id"),
	CONSTRAINT "flash_quotas_used" CHECK ("flash_quotas"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "flash_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "flash_slots_period" CHECK ("flash_slots"."starts_at" < "flash_slots"."ends_at"),
	CONSTRAINT "flash_slots_state" CHECK ("flash_slots"."state" in ('scheduled', 'live', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "flash_item_id" text;--> statement-breakpoint
ALTER TABLE "flash_items" ADD CONSTRAINT "flash_items_slot_id_flash_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."flash_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_items" ADD CONSTRAINT "flash_items_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_items" ADD CONSTRAINT "flash_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_items" ADD CONSTRAINT "flash_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_items" ADD CONSTRAINT "flash_items_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_quotas" ADD CONSTRAINT "flash_quotas_item_id_flash_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."flash_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_quotas" ADD CONSTRAINT "flash_quotas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_slots" ADD CONSTRAINT "flash_slots_sale_id_flash_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flash_items_slot_listing_variant" ON "flash_items" USING btree ("slot_id","listing_id","variant_id");--> statement-breakpoint
CREATE INDEX "flash_items_listing_idx" ON "flash_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "flash_slots_sale_idx" ON "flash_slots" USING btree ("sale_id","starts_at");--> statement-breakpoint
CREATE INDEX "flash_slots_live_idx" ON "flash_slots" USING btree ("state","starts_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_flash_item_id_flash_items_id_fk" FOREIGN KEY ("flash_item_id") REFERENCES "public"."flash_items"("id") ON DELETE no action ON UPDATE no action;
