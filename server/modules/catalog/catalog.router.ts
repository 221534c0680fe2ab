import { z } from "zod";
import {
  CategoryInputSchema,
  CategoryOpsViewSchema,
  CategoryUpdateInputSchema,
  SupplyCreateInputSchema,
  SupplyIdInputSchema,
  SupplyImageInputSchema,
  SupplyImageRemoveInputSchema,
  SupplyOpsInputSchema,
  SupplyOpsItemSchema,
  SupplyOpsViewSchema,
  SupplyStatusInputSchema,
  SupplyStockInputSchema,
  SupplyUpdateInputSchema,
} from "#common/contracts/supply.ts";
import {
  addCategory,
  addSupplyImage,
  changeSupplyStock,
  createSupply,
  listCategoriesForOps,
  listSupplyForOps,
  opsView,
  removeSupplyImage,
  setSupplyStatus,
  updateCategory,
  updateSupply,
} from "./supply.service.ts";
import {
  CategoryTreeViewSchema,
  HomeViewSchema,
  RecommendedViewSchema,
  ListingGetInputSchema,
  ListingListInputSchema,
  ListingPageViewSchema,
  ProductDetailViewSchema,
} from "#common/contracts/catalog.ts";
import { operatorProcedure, publicProcedure, router } from "../../trpc/init.ts";
import { getCategoryTree, getHome, getListing, listListings, recommendFor } from "./catalog.service.ts";

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

const CategoryIdViewSchema = z.object({ id: z.number().int() });

/** The operator's supply catalogue and categories. */
export const opsCatalogRouter = router({
  list: operatorProcedure
    .input(SupplyOpsInputSchema)
    .output(SupplyOpsViewSchema)
    .query(({ ctx, input }) => listSupplyForOps(ctx, input)),
  get: operatorProcedure
    .input(SupplyIdInputSchema)
    .output(SupplyOpsItemSchema)
    .query(({ ctx, input }) => opsView(ctx, input.id)),
  create: operatorProcedure
    .input(SupplyCreateInputSchema)
    .output(SupplyOpsItemSchema)
    .mutation(({ ctx, input }) => createSupply(ctx, ctx.user.id, input)),
  update: operatorProcedure
    .input(SupplyUpdateInputSchema)
    .output(SupplyOpsItemSchema.extend({ delisted: z.number().int() }))
    .mutation(({ ctx, input }) => updateSupply(ctx, ctx.user.id, input)),
  stock: operatorProcedure
    .input(SupplyStockInputSchema)
    .output(SupplyOpsItemSchema)
    .mutation(({ ctx, input }) => changeSupplyStock(ctx, ctx.user.id, input)),
  setStatus: operatorProcedure
    .input(SupplyStatusInputSchema)
    .output(SupplyOpsItemSchema)
    .mutation(({ ctx, input }) => setSupplyStatus(ctx, ctx.user.id, input)),
  /** A new gallery picture (multipart form: `id` and `image`). */
  addImage: operatorProcedure
    .input(SupplyImageInputSchema)
    .output(SupplyOpsItemSchema)
    .mutation(({ ctx, input }) => addSupplyImage(ctx, ctx.user.id, input)),
  removeImage: operatorProcedure
    .input(SupplyImageRemoveInputSchema)
    .output(SupplyOpsItemSchema)
    .mutation(({ ctx, input }) => removeSupplyImage(ctx, ctx.user.id, input)),
  categories: operatorProcedure
    .output(CategoryOpsViewSchema)
    .query(({ ctx }) => listCategoriesForOps(ctx.db)),
  addCategory: operatorProcedure
    .input(CategoryInputSchema)
    .output(CategoryIdViewSchema)
    .mutation(({ ctx, input }) => addCategory(ctx.db, ctx.user.id, input)),
  updateCategory: operatorProcedure
    .input(CategoryUpdateInputSchema)
    .output(CategoryIdViewSchema)
    .mutation(({ ctx, input }) => updateCategory(ctx.db, ctx.user.id, input)),
});
