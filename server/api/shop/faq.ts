import { FaqListViewSchema } from "#common/contracts/support.ts";
import { listFaqs } from "../../modules/support/support.service.ts";
import { browseProcedure, router } from "../../trpc/init.ts";

export const faqRouter = router({
  list: browseProcedure.output(FaqListViewSchema).query(({ ctx }) => listFaqs(ctx)),
});
