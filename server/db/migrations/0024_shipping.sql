CREATE TABLE "courier_parcels" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"courier" text NOT NULL,
	"service" text NOT NULL,
	"waybill" text NOT NULL,
	"status" text NOT NULL,
	"price" bigint NOT NULL,
	"cod_amount" bigint,
	"booking" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_parcels_reference_unique" UNIQUE("reference"),
	CONSTRAINT "courier_parcels_waybill_unique" UNIQUE("waybill"),
	CONSTRAINT "courier_parcels_money" CHECK ("courier_parcels"."price" >= 0 and ("courier_parcels"."cod_amount" is null or "courier_parcels"."cod_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "courier_rates" (
	"courier" text NOT NULL,
	"service" text NOT NULL,
	"origin_zone" text NOT NULL,
	"destination_zone" text NOT NULL,
	"first_kg" bigint NOT NULL,
	"next_kg" bigint NOT NULL,
	"eta_min_days" integer NOT NULL,
	"eta_max_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_rates_courier_service_origin_zone_destination_zone_pk" PRIMARY KEY("courier","service","origin_zone","destination_zone"),
	CONSTRAINT "courier_rates_valid" CHECK ("courier_rates"."first_kg" > 0 and "courier_rates"."first_kg" <= 10000000 and "courier_rates"."next_kg" >= 0 and "courier_rates"."next_kg" <= 10000000 and "courier_rates"."eta_min_days" >= 0 and "courier_rates"."eta_max_days" >= "courier_rates"."eta_min_days" and "courier_rates"."eta_max_days" <= 60)
);
--> statement-breakpoint
CREATE TABLE "courier_services" (
	"courier" text NOT NULL,
	"service" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"cod" boolean DEFAULT false NOT NULL,
	"min_kg" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "courier_services_courier_service_pk" PRIMARY KEY("courier","service"),
	CONSTRAINT "courier_services_min_kg" CHECK ("courier_services"."min_kg" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text NOT NULL,
	"note" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipment_events_once" UNIQUE("shipment_id","provider_status","at")
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"return_id" text,
	"provider" text NOT NULL,
	"courier" text NOT NULL,
	"service" text NOT NULL,
	"service_name" text NOT NULL,
	"provider_shipment_id" text,
	"waybill" text,
	"routing_code" text,
	"status" text NOT NULL,
	"price" bigint NOT NULL,
	"cod_amount" bigint,
	"tracked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shipments_money" CHECK ("shipments"."price" >= 0 and ("shipments"."cod_amount" is null or "shipments"."cod_amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "weight_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "length_cm" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "width_cm" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "supply_products" ADD COLUMN "height_cm" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping" jsonb;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_one_outbound_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."kind" = 'outbound' and "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "shipments_waybill_idx" ON "shipments" USING btree ("waybill");--> statement-breakpoint
CREATE INDEX "shipments_provider_idx" ON "shipments" USING btree ("provider","provider_shipment_id");--> statement-breakpoint
ALTER TABLE "supply_products" ADD CONSTRAINT "supply_products_parcel_valid" CHECK ("supply_products"."weight_grams" between 1 and 150000 and "supply_products"."length_cm" between 1 and 300 and "supply_products"."width_cm" between 1 and 300 and "supply_products"."height_cm" between 1 and 300);