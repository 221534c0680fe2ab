import {
  CategoryTreeViewSchema,
  HomeViewSchema,
  ListingGetInputSchema,
  ListingListInputSchema,
  ListingPageViewSchema,
  ProductDetailViewSchema,
  RecommendedViewSchema,
} from "#common/contracts/catalog.ts";
import {
  getCategoryTree,
  getHome,
  getListing,
  listListings,
  recommendFor,
} from "../../modules/catalog/catalog.service.ts";
import { publicProcedure, router } from "../../trpc/init.ts";

export const catalogRouter = router({
  home: publicProcedure.output(HomeViewSchema).query(({ ctx }) => getHome(ctx)),
  categories: publicProcedure.output(CategoryTreeViewSchema).query(({ ctx }) => getCategoryTree(ctx)),
});

export const listingsRouter = router({
  list: publicProcedure
    .input(ListingListInputSchema)
    .output(ListingPageViewSchema)
    .query(({ ctx, input }) => listListings(ctx, input)),
  recommended: publicProcedure
    .input(ListingGetInputSchema)
    .output(RecommendedViewSchema)
    .query(({ ctx, input }) => recommendFor(ctx, input.id)),
  get: publicProcedure
    .input(ListingGetInputSchema)
    .output(ProductDetailViewSchema)
    .query(({ ctx, input }) => getListing(ctx, input.id)),
});
