ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" bigint;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_remitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_remittance" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'revenue', 'vat_payable', 'gateway_clearing', 'payouts_pending', 'adjustments', 'cod_clearing'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee" CHECK ("orders"."cod_fee" is null or ("orders"."cod_fee" >= 0 and "orders"."payment_method" = 'cod'));--> statement-breakpoint
-- What couriers owe for cash they collected on delivery (issue 27): a platform account like the others.
INSERT INTO "ledger_accounts" ("id", "kind", "balance") VALUES ('platform:cod_clearing', 'cod_clearing', 0) ON CONFLICT DO NOTHING;
