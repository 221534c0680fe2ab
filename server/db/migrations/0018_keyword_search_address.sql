ALTER TABLE "keyword_searches" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "keyword_searches_address_idx" ON "keyword_searches" USING btree ("keyword","day","address");