CREATE TABLE "order_vouchers" (
	"order_id" text NOT NULL,
	"redemption_id" text NOT NULL,
	"voucher_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_vouchers_order_id_redemption_id_pk" PRIMARY KEY("order_id","redemption_id"),
	CONSTRAINT "order_vouchers_amount" CHECK ("order_vouchers"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_claims" (
	"voucher_id" text NOT NULL,
	"user_id" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "voucher_claims_voucher_id_user_id_pk" PRIMARY KEY("voucher_id","user_id"),
	CONSTRAINT "voucher_claims_used" CHECK ("voucher_claims"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "voucher_redemptions_amount" CHECK ("voucher_redemptions"."amount" > 0),
	CONSTRAINT "voucher_redemptions_state" CHECK ("voucher_redemptions"."state" in ('reserved', 'released'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"store_id" text,
	"code" text,
	"amount" bigint,
	"percent_bp" integer,
	"cap" bigint,
	"min_spend" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"per_shopper_limit" integer DEFAULT 1 NOT NULL,
	"budget" bigint,
	"category_ids" integer[],
	"store_ids" text[],
	"new_shoppers_only" boolean DEFAULT false NOT NULL,
	"methods" text[],
	"paused" boolean DEFAULT false NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vouchers_kind_valid" CHECK ("vouchers"."kind" in ('platform', 'store', 'shipping')),
	CONSTRAINT "vouchers_store_kind" CHECK (("vouchers"."kind" = 'store') = ("vouchers"."store_id" is not null)),
	CONSTRAINT "vouchers_amount_or_percent" CHECK (("vouchers"."amount" is not null and "vouchers"."amount" > 0 and "vouchers"."percent_bp" is null and "vouchers"."cap" is null) or ("vouchers"."amount" is null and "vouchers"."percent_bp" between 1 and 10000 and ("vouchers"."cap" is null or "vouchers"."cap" > 0))),
	CONSTRAINT "vouchers_min_spend" CHECK ("vouchers"."min_spend" >= 0),
	CONSTRAINT "vouchers_period" CHECK ("vouchers"."starts_at" < "vouchers"."ends_at"),
	CONSTRAINT "vouchers_code_format" CHECK ("vouchers"."code" is null or "vouchers"."code" ~ '^[A-Z0-9]{4,20}$'),
	CONSTRAINT "vouchers_limits" CHECK (("vouchers"."usage_limit" is null or "vouchers"."usage_limit" > 0) and ("vouchers"."budget" is null or "vouchers"."budget" > 0) and "vouchers"."per_shopper_limit" > 0),
	CONSTRAINT "vouchers_used_within_limits" CHECK ("vouchers"."used" >= 0 and "vouchers"."spent" >= 0 and ("vouchers"."usage_limit" is null or "vouchers"."used" <= "vouchers"."usage_limit") and ("vouchers"."budget" is null or "vouchers"."spent" <= "vouchers"."budget"))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_consistent";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "store_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "platform_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_redemption_id_voucher_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."voucher_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vouchers" ADD CONSTRAINT "order_vouchers_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_claims" ADD CONSTRAINT "voucher_claims_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_claims" ADD CONSTRAINT "voucher_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_vouchers_redemption_idx" ON "order_vouchers" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "voucher_claims_user_idx" ON "voucher_claims" USING btree ("user_id","claimed_at");--> statement-breakpoint
CREATE INDEX "voucher_redemptions_voucher_idx" ON "voucher_redemptions" USING btree ("voucher_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_unique" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "vouchers_store_idx" ON "vouchers" USING btree ("store_id","ends_at");--> statement-breakpoint
CREATE INDEX "vouchers_live_idx" ON "vouchers" USING btree ("kind","ends_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'revenue', 'vat_payable', 'gateway_clearing', 'payouts_pending', 'adjustments', 'cod_clearing', 'cod_courier_fees', 'promotions', 'shipping_subsidy'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discounts_within" CHECK ("order_items"."store_discount" >= 0 and "order_items"."platform_discount" >= 0 and "order_items"."store_discount" + "order_items"."platform_discount" <= "order_items"."price" * "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discounts_within" CHECK ("orders"."store_discount" >= 0 and "orders"."platform_discount" >= 0 and "orders"."store_discount" + "orders"."platform_discount" <= "orders"."subtotal" and "orders"."shipping_discount" between 0 and "orders"."postage");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_consistent" CHECK ("orders"."subtotal" > 0 and "orders"."goods_cost" > 0 and "orders"."postage" >= 0 and "orders"."service_fee" >= 0 and "orders"."vat" >= 0 and "orders"."total" = "orders"."subtotal" - "orders"."store_discount" - "orders"."platform_discount" + "orders"."postage" - "orders"."shipping_discount" + "orders"."service_fee" + "orders"."vat");--> statement-breakpoint
-- What the platform's vouchers cost it (issue 42, decision 30): platform accounts like the others.
INSERT INTO "ledger_accounts" ("id", "kind", "balance") VALUES ('platform:promotions', 'promotions', 0), ('platform:shipping_subsidy', 'shipping_subsidy', 0) ON CONFLICT DO NOTHING;
