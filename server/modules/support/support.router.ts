import { FaqListViewSchema } from "#common/contracts/support.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { listFaqs } from "./support.service.ts";

export const faqRouter = router({
  list: publicProcedure.output(FaqListViewSchema).query(({ ctx }) => listFaqs(ctx)),
});
