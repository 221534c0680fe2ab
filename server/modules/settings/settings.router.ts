import { WebConfigInputSchema, WebConfigViewSchema } from "#common/contracts/settings.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { getWebConfig } from "./settings.service.ts";

export const settingsRouter = router({
  /** The platform web config (seed section 7: cached by the client under "webconfig"). */
  webConfig: publicProcedure
    .input(WebConfigInputSchema)
    .output(WebConfigViewSchema)
    .query(({ ctx }) => getWebConfig(ctx.db)),
});
