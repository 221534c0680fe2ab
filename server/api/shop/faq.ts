import { FaqListViewSchema } from "#common/contracts/support.ts";
import { listFaqs } from "../../modules/support/support.service.ts";
import { publicProcedure, router } from "../../trpc/init.ts";

export const faqRouter = router({
  list: publicProcedure.output(FaqListViewSchema).query(({ ctx }) => listFaqs(ctx)),
});
