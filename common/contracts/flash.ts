import { z } from "zod";
import type { Localized } from "../locales.ts";
import {
  flashSlotStates,
  maxFlashPerShopperLimit,
  maxFlashSlotHours,
  maxFlashSlots,
  maxFlashSlotStock,
} from "../promotions.ts";
import { plainText, prefixedId } from "./input.ts";

export const FlashSaleId = prefixedId("fls");
export const FlashSlotId = prefixedId("flt");
export const FlashItemId = prefixedId("fli");

const name = plainText(z.string().trim().min(1, "errors.flash.name").max(60, "errors.flash.name"));
/** A slot's hours: the end after the start, at most a day long. */
export const FlashSlotPeriodSchema = z
  .object({ startsAt: z.date(), endsAt: z.date() })
  .refine((s) => s.endsAt > s.startsAt, { message: "errors.flash.endBeforeStart", path: ["endsAt"] })
  .refine((s) => s.endsAt.getTime() - s.startsAt.getTime() <= maxFlashSlotHours * 3_600_000, {
    message: "errors.flash.slotTooLong",
    path: ["endsAt"],
  });

/** An operator's new event: its name in every language and its first slots. */
export const FlashSaleFormSchema = z.object({
  name: z.object({ ind: name, en: name, zh: name }) satisfies z.ZodType<Localized>,
  slots: z
    .array(FlashSlotPeriodSchema)
    .min(1, "errors.flash.noSlots")
    .max(maxFlashSlots, "errors.flash.tooManySlots"),
});
export const FlashSlotInputSchema = z.object({ saleId: FlashSaleId, slot: FlashSlotPeriodSchema });

/** A listing (one variant of it) enrolled in a slot: its flash price, the units it sets aside, the limit each. */
export const FlashEnrolSchema = z.object({
  slotId: FlashSlotId,
  listingId: prefixedId("prd"),
  variantId: prefixedId("var"),
  flashPrice: z
    .number()
    .int("errors.flash.price")
    .min(1, "errors.flash.price")
    .max(1_000_000_000, "errors.flash.price"),
  slotStock: z
    .number()
    .int("errors.flash.slotStock")
    .min(1, "errors.flash.slotStock")
    .max(maxFlashSlotStock, "errors.flash.slotStock"),
  perShopperLimit: z
    .number()
    .int("errors.flash.limit")
    .min(1, "errors.flash.limit")
    .max(maxFlashPerShopperLimit, "errors.flash.limit"),
});
export const FlashItemIdInputSchema = z.object({ id: FlashItemId });
export const FlashSaleIdInputSchema = z.object({ id: FlashSaleId });

/** An item as the shop shows it: the flash price against the listed one, and how much of the slot is left. */
export const FlashItemViewSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  variantId: z.string(),
  flashPrice: z.number().int(),
  listedPrice: z.number().int(),
  /** Units the slot holds (before it starts: what it asks), and sold. */
  stock: z.number().int(),
  sold: z.number().int(),
  perShopperLimit: z.number().int(),
});
export type FlashItemView = z.infer<typeof FlashItemViewSchema>;

export const FlashSlotViewSchema = z.object({
  id: z.string(),
  saleId: z.string(),
  saleName: z.string(),
  startsAt: z.date(),
  endsAt: z.date(),
  state: z.enum(flashSlotStates),
});
export type FlashSlotView = z.infer<typeof FlashSlotViewSchema>;

/** A product page's flash sale: its slot (live, or the next) and the item of each variant in it. */
export const ProductFlashSchema = z.object({
  now: z.date(),
  slot: FlashSlotViewSchema,
  items: z.array(FlashItemViewSchema),
});
export type ProductFlash = z.infer<typeof ProductFlashSchema>;

/** A managed item (operator, merchant): its product and store, and what it asked, carved and sold. */
export const ManagedFlashItemSchema = FlashItemViewSchema.extend({
  name: z.string(),
  variantLabel: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string(),
  slotStock: z.number().int(),
  carved: z.number().int(),
});
export type ManagedFlashItem = z.infer<typeof ManagedFlashItemSchema>;
export const ManagedFlashSlotSchema = FlashSlotViewSchema.extend({
  items: z.array(ManagedFlashItemSchema),
});
export const ManagedFlashSaleSchema = z.object({
  id: z.string(),
  name: z.string(),
  slots: z.array(ManagedFlashSlotSchema),
});
export type ManagedFlashSale = z.infer<typeof ManagedFlashSaleSchema>;
