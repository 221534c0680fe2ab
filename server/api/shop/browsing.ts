import {
  CursorInputSchema,
  InCollectionViewSchema,
  KeywordsViewSchema,
  ListingIdInputSchema,
  OkViewSchema,
  RecordSearchInputSchema,
  SuggestInputSchema,
  TimedCardsViewSchema,
} from "#common/contracts/browsing.ts";
import { recordShownSearch } from "../../flows/search-products.ts";
import { addToCollection, recordFootprint } from "../../flows/browsing.ts";
import * as browsing from "../../modules/browsing/browsing.service.ts";
import { listCollection, listFootprints } from "../../read/browsing.ts";
import { suggestNames } from "../../modules/catalog/listings.service.ts";
import { browseProcedure, publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

const ok = { ok: true as const };

export const collectionRouter = router({
  list: shopperProcedure
    .input(CursorInputSchema)
    .output(TimedCardsViewSchema)
    .query(({ ctx, input }) => listCollection(ctx, ctx.user.id, input.cursor)),
  status: shopperProcedure
    .input(ListingIdInputSchema)
    .output(InCollectionViewSchema)
    .query(async ({ ctx, input }) => ({
      inCollection: await browsing.isInCollection(ctx.db, ctx.user.id, input.listingId),
    })),
  add: shopperProcedure
    .input(ListingIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await addToCollection(ctx.db, ctx.user.id, input.listingId);
      return ok;
    }),
  remove: shopperProcedure
    .input(ListingIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await browsing.removeFromCollection(ctx.db, ctx.user.id, input.listingId);
      return ok;
    }),
});

export const footprintsRouter = router({
  /** The product page calls this once shown: reading a product records nothing. */
  record: shopperProcedure
    .input(ListingIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await recordFootprint(ctx.db, ctx.user.id, input.listingId);
      return ok;
    }),
  list: shopperProcedure
    .input(CursorInputSchema)
    .output(TimedCardsViewSchema)
    .query(({ ctx, input }) => listFootprints(ctx, ctx.user.id, input.cursor)),
  remove: shopperProcedure
    .input(ListingIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await browsing.removeFootprint(ctx.db, ctx.user.id, input.listingId);
      return ok;
    }),
  clear: shopperProcedure.output(OkViewSchema).mutation(async ({ ctx }) => {
    await browsing.clearFootprints(ctx.db, ctx.user.id);
    return ok;
  }),
});

export const searchRouter = router({
  /** The results page calls this once shown: listing products records nothing. */
  record: publicProcedure
    .input(RecordSearchInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = (await ctx.user())?.id;
      // Signed out, a search counts by visitor id, capped per address: ids are free to invent.
      await recordShownSearch(
        ctx,
        input.q,
        userId ? { userId } : { visitorKey: ctx.visitorKey(), addressKey: ctx.addressKey() },
      );
      return ok;
    }),
  history: shopperProcedure
    .output(KeywordsViewSchema)
    .query(({ ctx }) => browsing.searchHistory(ctx.db, ctx.user.id)),
  clearHistory: shopperProcedure.output(OkViewSchema).mutation(async ({ ctx }) => {
    await browsing.clearSearchHistory(ctx.db, ctx.user.id);
    return ok;
  }),
  hot: browseProcedure.output(KeywordsViewSchema).query(({ ctx }) => browsing.hotKeywords(ctx.db)),
  suggest: browseProcedure
    .input(SuggestInputSchema)
    .output(KeywordsViewSchema)
    .query(({ ctx, input }) => suggestNames(ctx, input.q)),
});
