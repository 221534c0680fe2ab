import {
  HomeViewSchema,
  ListingGetInputSchema,
  ListingListInputSchema,
  ListingPageViewSchema,
  ProductDetailViewSchema,
} from "#common/contracts/catalog.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getHome, getListing, listListings } from "./catalog.service.ts";

export const catalogRouter = router({
  home: publicProcedure.output(HomeViewSchema).query(({ ctx }) => getHome(ctx)),
});

export const listingsRouter = router({
  list: publicProcedure
    .input(ListingListInputSchema)
    .output(ListingPageViewSchema)
    .query(({ ctx, input }) => listListings(ctx, input)),
  get: publicProcedure
    .input(ListingGetInputSchema)
    .output(ProductDetailViewSchema)
    .query(({ ctx, input }) => getListing(ctx, input.id)),
});
