import { z } from "zod";
import { storeSorts } from "../sorts.ts";
import { ImageViewSchema } from "./image.ts";
import { plainText, prefixedId } from "./input.ts";

export { storeSorts, type StoreSort } from "../sorts.ts";

export const StoreStreetInputSchema = z.object({
  q: plainText(z.string().trim().max(60))
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(storeSorts).default("overall"),
  /** Ascending or descending. (Not "direction": tRPC's infinite queries add their own `direction` field.) */
  order: z.enum(["asc", "desc"]).default("desc"),
  /**
   * Longer than other cursors: besides the last store's key and id it carries the database snapshot the first page
   * was read in (a list of the transactions running then), so later pages keep that page's order.
   */
  cursor: z
    .string()
    .max(4000)
    .regex(/^[A-Za-z0-9_-]*$/, "errors.api.invalidInput")
    .optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type StoreStreetInput = z.input<typeof StoreStreetInputSchema>;

/** A store with the statistics shoppers see; every number counts records (kept in store_stats, decision 7). */
export const StoreSummaryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: ImageViewSchema.nullable(),
  intro: z.string(),
  level: z.number().int(),
  /** Average review stars; null until the store has reviews. */
  rating: z.number().nullable(),
  followers: z.number().int(),
  visits: z.number().int(),
  collections: z.number().int(),
  sales: z.number().int(),
  products: z.number().int(),
  /** When the store opened (what the "new" sort orders by). */
  openedAt: z.date(),
});
export type StoreSummaryView = z.infer<typeof StoreSummaryViewSchema>;

export const StoreStreetViewSchema = z.object({
  items: z.array(StoreSummaryViewSchema),
  nextCursor: z.string().nullable(),
});

export const StoreIdInputSchema = z.object({ storeId: prefixedId("str") });

export const StorePageViewSchema = StoreSummaryViewSchema.extend({
  /** Whether the caller follows the store; null for visitors. */
  following: z.boolean().nullable(),
  /** How many of its vouchers anyone can claim now (issue 42). */
  vouchers: z.number().int(),
});
export type StorePageView = z.infer<typeof StorePageViewSchema>;

/** A store's visits after counting the caller's (plain JSON: the page sends it without the tRPC client). */
export const VisitViewSchema = z.object({ visits: z.number().int() });

/** Whether the signed-in shopper follows a store (the product page's follow button). */
export const FollowStatusViewSchema = z.object({ following: z.boolean() });
