ALTER TABLE "store_visits" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "store_visits_address_idx" ON "store_visits" USING btree ("store_id","day","address");