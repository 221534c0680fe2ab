CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"phone" text,
	"password_hash" text,
	"role" text DEFAULT 'shopper' NOT NULL,
	"invite_code" text NOT NULL,
	"invited_by_code" text,
	"avatar_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_inviteCode_unique" UNIQUE("invite_code"),
	CONSTRAINT "users_account_present" CHECK ("users"."email" is not null or "users"."phone" is not null),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('shopper', 'merchant', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"icon_path" text
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"supply_product_id" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_store_product_unique" UNIQUE("store_id","supply_product_id"),
	CONSTRAINT "listings_price_positive" CHECK ("listings"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"supply_product_id" text NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supply_products" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"merchant_price" bigint NOT NULL,
	"suggested_price" bigint NOT NULL,
	"stock" integer NOT NULL,
	"boutique" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supply_products_prices_positive" CHECK ("supply_products"."merchant_price" > 0 and "supply_products"."suggested_price" > 0),
	CONSTRAINT "supply_products_stock_nonnegative" CHECK ("supply_products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"logo_path" text,
	"intro" text DEFAULT '' NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_ownerId_unique" UNIQUE("owner_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_supply_product_id_supply_products_id_fk" FOREIGN KEY ("supply_product_id") REFERENCES "public"."supply_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_supply_product_id_supply_products_id_fk" FOREIGN KEY ("supply_product_id") REFERENCES "public"."supply_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_products" ADD CONSTRAINT "supply_products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "listings_supply_idx" ON "listings" USING btree ("supply_product_id");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("supply_product_id","sort");--> statement-breakpoint
CREATE INDEX "supply_products_category_idx" ON "supply_products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stores_status_idx" ON "stores" USING btree ("status","created_at");