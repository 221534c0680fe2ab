ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_valid";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_courier_fee" bigint;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cod_remitted_fee" bigint;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_valid" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'revenue', 'vat_payable', 'gateway_clearing', 'payouts_pending', 'adjustments', 'cod_clearing', 'cod_courier_fees'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cod_fees" CHECK (("shipments"."cod_courier_fee" is null or ("shipments"."cod_amount" is not null and "shipments"."cod_courier_fee" >= 0)) and ("shipments"."cod_remitted_fee" is null or ("shipments"."cod_remitted_fee" >= 0 and "shipments"."cod_remitted_fee" < "shipments"."cod_amount")));--> statement-breakpoint
-- What couriers keep of the cash they collect, as their fee (issue 40, decision 24): a platform account like the others.
INSERT INTO "ledger_accounts" ("id", "kind", "balance") VALUES ('platform:cod_courier_fees', 'cod_courier_fees', 0) ON CONFLICT DO NOTHING;
