import { z } from "zod";
import { ProductCardViewSchema } from "./catalog.ts";
import { CursorSchema, plainText, prefixedId } from "./input.ts";

export const ListingIdInputSchema = z.object({ listingId: prefixedId("prd") });
export const CursorInputSchema = z.object({ cursor: CursorSchema.optional() }).default({});

/** Products with a time: when they were collected or last viewed. */
export const TimedCardsViewSchema = z.object({
  items: z.array(z.object({ product: ProductCardViewSchema, at: z.date() })),
  nextCursor: z.string().nullable(),
});
export type TimedCardsView = z.infer<typeof TimedCardsViewSchema>;

export const KeywordsViewSchema = z.array(z.string());
export const SuggestInputSchema = z.object({ q: plainText(z.string().trim().max(100)) });
/** A search whose results were shown, to count toward hot keywords and the shopper's history. */
export const RecordSearchInputSchema = z.object({
  q: plainText(z.string().trim().min(1).max(100, "catalog.search.tooLong")),
});
export const OkViewSchema = z.object({ ok: z.literal(true) });
export const InCollectionViewSchema = z.object({ inCollection: z.boolean() });
