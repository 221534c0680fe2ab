import { OkViewSchema } from "#common/contracts/browsing.ts";
import {
  FollowStatusViewSchema,
  StoreIdInputSchema,
  StorePageViewSchema,
  StoreStreetInputSchema,
  StoreStreetViewSchema,
  VisitViewSchema,
} from "#common/contracts/stores.ts";
import { isFollowing, listStreet, setFollowing, visitStore } from "../../modules/stores/stores.service.ts";
import { storePage } from "../../read/shop-pages.ts";
import { browseProcedure, publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";

export const storesRouter = router({
  /** The shop street. */
  list: browseProcedure
    .input(StoreStreetInputSchema)
    .output(StoreStreetViewSchema)
    .query(({ ctx, input }) => listStreet(ctx, input)),
  /** A store's page (reading it records nothing). */
  get: browseProcedure
    .input(StoreIdInputSchema)
    .output(StorePageViewSchema)
    .query(async ({ ctx, input }) => storePage(ctx, input.storeId, (await ctx.user())?.id)),
  /** Counts the caller's visit, once per visitor per day; the store page calls it once shown. */
  visit: publicProcedure
    .input(StoreIdInputSchema)
    .output(VisitViewSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.user();
      return visitStore(
        ctx.db,
        input.storeId,
        user ? { userId: user.id } : { visitorKey: ctx.visitorKey(), addressKey: ctx.addressKey() },
      );
    }),
  /** Whether the shopper follows the store (the product page asks; the store page has it in `get`). */
  followStatus: shopperProcedure
    .input(StoreIdInputSchema)
    .output(FollowStatusViewSchema)
    .query(({ ctx, input }) => isFollowing(ctx.db, ctx.user.id, input.storeId)),
  follow: shopperProcedure
    .input(StoreIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await setFollowing(ctx.db, ctx.user.id, input.storeId, true);
      return { ok: true as const };
    }),
  unfollow: shopperProcedure
    .input(StoreIdInputSchema)
    .output(OkViewSchema)
    .mutation(async ({ ctx, input }) => {
      await setFollowing(ctx.db, ctx.user.id, input.storeId, false);
      return { ok: true as const };
    }),
});
