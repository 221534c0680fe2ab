import { HomeFlashSchema } from "#common/contracts/catalog.ts";
import { homeFlash } from "../../read/flash.ts";
import { browseProcedure, router } from "../../trpc/init.ts";

/** The shop's flash sale (issue 42): the live slot, else the next, with its products and the server's clock. */
export const flashRouter = router({
  home: browseProcedure.output(HomeFlashSchema).query(({ ctx }) => homeFlash(ctx)),
});
