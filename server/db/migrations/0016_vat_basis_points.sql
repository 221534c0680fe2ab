ALTER TABLE "orders" ADD COLUMN "vat_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before the rate was kept: the rate their amounts show, to the nearest basis point.
UPDATE "orders" SET "vat_basis_points" = round("vat" * 10000.0 / "subtotal") WHERE "subtotal" > 0;
