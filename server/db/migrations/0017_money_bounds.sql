ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_bounded" CHECK ("ledger_accounts"."balance" between -1000000000000000 and 1000000000000000) NOT VALID;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_amount_bounded" CHECK ("ledger_transfers"."amount" <= 10000000000000) NOT VALID;
-- NOT VALID: rows written before the bounds (a shop where huge adjustments were made) stay readable history;
-- every new or changed row is checked.
