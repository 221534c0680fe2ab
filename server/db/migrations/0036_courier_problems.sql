CREATE TABLE "courier_problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"shipment_id" text,
	"order_id" text,
	"provider_status" text,
	"waybill" text,
	"detail" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "dated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "booking_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_problems_open_once" ON "courier_problems" USING btree ("provider","kind","provider_shipment_id") WHERE "courier_problems"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "courier_problems_open_idx" ON "courier_problems" USING btree ("last_at") WHERE "courier_problems"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_undated_once" ON "shipment_events" USING btree ("shipment_id","provider_status") WHERE not "shipment_events"."dated";