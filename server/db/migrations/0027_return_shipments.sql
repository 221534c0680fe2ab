ALTER TABLE "order_returns" DROP CONSTRAINT "order_returns_status_valid";--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "postage_payer" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "postage_charged" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_per_return_idx" ON "shipments" USING btree ("return_id","kind") WHERE "shipments"."return_id" is not null and "shipments"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_category_valid" CHECK ("order_returns"."category" is null or "order_returns"."category" in ('wrong_item', 'damaged', 'not_as_described', 'changed_mind'));--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_payer_valid" CHECK ("order_returns"."postage_payer" is null or "order_returns"."postage_payer" in ('platform', 'store', 'shopper'));--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_status_valid" CHECK ("order_returns"."status" in ('requested', 'refused', 'escalated', 'approved', 'rejected', 'replaced', 'returning', 'received'));