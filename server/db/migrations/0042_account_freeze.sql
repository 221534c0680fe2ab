ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_purpose_valid";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_purpose_valid" CHECK ("verification_codes"."purpose" in ('signup', 'login', 'reset', 'pin', 'unfreeze'));