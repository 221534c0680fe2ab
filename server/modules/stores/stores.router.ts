import { OkViewSchema } from "#common/contracts/browsing.ts";
import {
  StoreIdInputSchema,
  StorePageViewSchema,
  StoreStreetInputSchema,
  StoreStreetViewSchema,
} from "#common/contracts/stores.ts";
import { publicProcedure, router, shopperProcedure } from "../../trpc/init.ts";
import { listStreet, setFollowing, visitStore } from "./stores.service.ts";

export const storesRouter = router({
  /** The shop street. */
  list: publicProcedure
    .input(StoreStreetInputSchema)
    .output(StoreStreetViewSchema)
    .query(({ ctx, input }) => listStreet(ctx, input)),
  /** A store's page; opening it counts a visit (once per visitor per day). */
  get: publicProcedure
    .input(StoreIdInputSchema)
    .output(StorePageViewSchema)
    .query(async ({ ctx, input }) =>
      visitStore(ctx, input.storeId, { userId: (await ctx.user())?.id, anonymousKey: ctx.anonymousKey }),
    ),
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
