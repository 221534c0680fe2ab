ALTER TABLE "users" ADD COLUMN "avatar" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "icon" jsonb;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "logo" jsonb;--> statement-breakpoint
-- Images stored before renditions existed are one WebP file, "<key>.webp", at its full size: they become
-- images without smaller widths. Their sizes were fixed (avatars 256 px, seeded icons 160 px, seeded logos
-- 256 px); product images kept theirs. Only WebP files were ever written.
UPDATE "users" SET "avatar" = jsonb_build_object('key', left("avatar_path", -5), 'width', 256, 'height', 256, 'widths', '[]'::jsonb, 'formats', '["webp"]'::jsonb) WHERE "avatar_path" LIKE '%.webp';--> statement-breakpoint
UPDATE "categories" SET "icon" = jsonb_build_object('key', left("icon_path", -5), 'width', 160, 'height', 160, 'widths', '[]'::jsonb, 'formats', '["webp"]'::jsonb) WHERE "icon_path" LIKE '%.webp';--> statement-breakpoint
UPDATE "stores" SET "logo" = jsonb_build_object('key', left("logo_path", -5), 'width', 256, 'height', 256, 'widths', '[]'::jsonb, 'formats', '["webp"]'::jsonb) WHERE "logo_path" LIKE '%.webp';--> statement-breakpoint
UPDATE "product_images" SET "image" = jsonb_build_object('key', left("path", -5), 'width', "width", 'height', "height", 'widths', '[]'::jsonb, 'formats', '["webp"]'::jsonb) WHERE "path" LIKE '%.webp';--> statement-breakpoint
DELETE FROM "product_images" WHERE "image" IS NULL;--> statement-breakpoint
ALTER TABLE "product_images" ALTER COLUMN "image" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "avatar_path";--> statement-breakpoint
ALTER TABLE "categories" DROP COLUMN "icon_path";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "path";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "width";--> statement-breakpoint
ALTER TABLE "product_images" DROP COLUMN "height";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN "logo_path";