ALTER TABLE "recharges" DROP CONSTRAINT "recharges_gatewayPaymentId_unique";--> statement-breakpoint
ALTER TABLE "order_payments" DROP CONSTRAINT "order_payments_gatewayPaymentId_unique";--> statement-breakpoint
ALTER TABLE "recharges" DROP COLUMN "gateway_payment_id";--> statement-breakpoint
ALTER TABLE "recharges" DROP COLUMN "gateway_redirect_url";--> statement-breakpoint
ALTER TABLE "order_payments" DROP COLUMN "gateway_payment_id";--> statement-breakpoint
ALTER TABLE "order_payments" DROP COLUMN "gateway_redirect_url";