CREATE TABLE "payment_pins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"reset_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"day" text NOT NULL,
	"day_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "payment_pins_failures" CHECK ("payment_pins"."failures" between 0 and 5 and "payment_pins"."day_failures" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_purpose_valid";--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "payment_pins" ADD CONSTRAINT "payment_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_purpose_valid" CHECK ("verification_codes"."purpose" in ('signup', 'login', 'reset', 'pin'));