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
  SupplyVariantsInputSchema,
} from "#common/contracts/supply.ts";
import { saveSupplyVariants } from "../../flows/supply-variants.ts";
import { z } from "zod";
import {
  addCategory,
  listCategoriesForOps,
  updateCategory,
} from "../../modules/catalog/categories.service.ts";
import {
  addSupplyImage,
  changeSupplyStock,
  createSupply,
  listSupplyForOps,
  opsView,
  removeSupplyImage,
  setSupplyStatus,
  updateSupply,
} from "../../modules/catalog/supply.service.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

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
  /** Options and variants, saved at once; archived variants leave carts with a notice. */
  saveVariants: operatorProcedure
    .input(SupplyVariantsInputSchema)
    .output(SupplyOpsItemSchema.extend({ delisted: z.number().int(), removedFromCarts: z.number().int() }))
    .mutation(({ ctx, input }) => saveSupplyVariants(ctx, ctx.user.id, input)),
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
