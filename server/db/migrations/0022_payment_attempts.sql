CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"phone" text,
	"provider_payment_id" text,
	"action" jsonb,
	"refundable" boolean DEFAULT false NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_provider_payment_unique" UNIQUE("provider","provider_payment_id"),
	CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0 and "payment_attempts"."fee" >= 0 and "payment_attempts"."fee" < "payment_attempts"."amount"),
	CONSTRAINT "payment_attempts_refunded_range" CHECK ("payment_attempts"."refunded" >= 0 and "payment_attempts"."refunded" <= "payment_attempts"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"attempt_id" text,
	"provider_status" text,
	"amount" bigint,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliations" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"checked" integer NOT NULL,
	"differences" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reconciliations_day_unique" UNIQUE("provider","day")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"attempt_id" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_subject_valid";--> statement-breakpoint
ALTER TABLE "sandbox_payments" DROP CONSTRAINT "sandbox_payments_status_valid";--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "action" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "paid_attempt_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_subject_idx" ON "payment_attempts" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_user_idx" ON "payment_attempts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "payment_events_attempt_idx" ON "payment_events" USING btree ("attempt_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_outcome_idx" ON "payment_events" USING btree ("outcome","id");--> statement-breakpoint
CREATE INDEX "payment_refunds_attempt_idx" ON "payment_refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_subject_valid" CHECK ("ledger_transfers"."subject_type" in ('recharge', 'withdrawal', 'order', 'adjustment', 'payment'));--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_refunded_range" CHECK ("sandbox_payments"."refunded" >= 0 and "sandbox_payments"."refunded" <= "sandbox_payments"."amount");--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_status_valid" CHECK ("sandbox_payments"."status" in ('pending', 'paid', 'cancelled', 'expired', 'reversed'));