ALTER TABLE "ledger_transfers" ADD COLUMN "memo_key" text;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_memo_key_valid" CHECK ("ledger_transfers"."memo_key" in ('demoOpeningBalance'));--> statement-breakpoint
-- Shops seeded before this migration wrote the demo's opening balances in Indonesian: they become the key, so every
-- reader reads them in their language. Any other reason stays the text an operator typed.
UPDATE "ledger_transfers" SET "memo_key" = 'demoOpeningBalance', "memo" = NULL WHERE "memo" = 'Saldo awal demo' AND "kind" = 'system' AND "subject_type" = 'adjustment' AND "step" = 'adjust';
