import {
  CategoryTreeViewSchema,
  HomeViewSchema,
  RecommendedViewSchema,
  ListingGetInputSchema,
  ListingListInputSchema,
  ListingPageViewSchema,
  ProductDetailViewSchema,
} from "#common/contracts/catalog.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { searchProducts } from "../../flows/search-products.ts";
import { viewProduct } from "../../flows/view-product.ts";
import { getCategoryTree, getHome, recommendFor } from "./catalog.service.ts";

export const catalogRouter = router({
  home: publicProcedure.output(HomeViewSchema).query(({ ctx }) => getHome(ctx)),
  categories: publicProcedure.output(CategoryTreeViewSchema).query(({ ctx }) => getCategoryTree(ctx)),
});

export const listingsRouter = router({
  list: publicProcedure
    .input(ListingListInputSchema)
    .output(ListingPageViewSchema)
    .query(async ({ ctx, input }) => searchProducts(ctx, input, (await ctx.user())?.id)),
  recommended: publicProcedure
    .input(ListingGetInputSchema)
    .output(RecommendedViewSchema)
    .query(({ ctx, input }) => recommendFor(ctx, input.id)),
  get: publicProcedure
    .input(ListingGetInputSchema)
    .output(ProductDetailViewSchema)
    .query(async ({ ctx, input }) => viewProduct(ctx, input.id, (await ctx.user())?.id)),
});
