import {
  CategoryTreeViewSchema,
  HomeViewSchema,
  ListingGetInputSchema,
  ListingListInputSchema,
  ListingPageViewSchema,
  ProductDetailViewSchema,
  RecommendedViewSchema,
} from "#common/contracts/catalog.ts";
import { getCategoryTree } from "../../modules/catalog/categories.service.ts";
import { getHome, listListings, recommendFor } from "../../modules/catalog/listings.service.ts";
import { productPage } from "../../read/shop-pages.ts";
import { browseProcedure, router } from "../../trpc/init.ts";

export const catalogRouter = router({
  home: browseProcedure.output(HomeViewSchema).query(({ ctx }) => getHome(ctx)),
  categories: browseProcedure.output(CategoryTreeViewSchema).query(({ ctx }) => getCategoryTree(ctx)),
});

export const listingsRouter = router({
  list: browseProcedure
    .input(ListingListInputSchema)
    .output(ListingPageViewSchema)
    .query(({ ctx, input }) => listListings(ctx, input)),
  recommended: browseProcedure
    .input(ListingGetInputSchema)
    .output(RecommendedViewSchema)
    .query(({ ctx, input }) => recommendFor(ctx, input.id)),
  get: browseProcedure
    .input(ListingGetInputSchema)
    .output(ProductDetailViewSchema)
    .query(({ ctx, input }) => productPage(ctx, input.id)),
});
