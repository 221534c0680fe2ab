import {
  FaqIdInputSchema,
  FaqInputSchema,
  FaqMoveInputSchema,
  FaqUpdateInputSchema,
  OpsFaqListSchema,
} from "#common/contracts/support.ts";
import {
  addFaq,
  editFaq,
  listFaqsForOps,
  moveFaq,
  removeFaq,
} from "../../modules/support/support.service.ts";
import { operatorProcedure, router } from "../../trpc/init.ts";

/** The operator's FAQs (product.md section 7): every language; each change audited, answering the new list. */
export const opsFaqsRouter = router({
  list: operatorProcedure.output(OpsFaqListSchema).query(({ ctx }) => listFaqsForOps(ctx.db)),
  create: operatorProcedure
    .input(FaqInputSchema)
    .output(OpsFaqListSchema)
    .mutation(({ ctx, input }) => addFaq(ctx.db, ctx.user.id, input)),
  update: operatorProcedure
    .input(FaqUpdateInputSchema)
    .output(OpsFaqListSchema)
    .mutation(({ ctx, input }) => editFaq(ctx.db, ctx.user.id, input)),
  delete: operatorProcedure
    .input(FaqIdInputSchema)
    .output(OpsFaqListSchema)
    .mutation(({ ctx, input }) => removeFaq(ctx.db, ctx.user.id, input.id)),
  move: operatorProcedure
    .input(FaqMoveInputSchema)
    .output(OpsFaqListSchema)
    .mutation(({ ctx, input }) => moveFaq(ctx.db, ctx.user.id, input)),
});
