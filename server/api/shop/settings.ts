import { WebConfigInputSchema, WebConfigViewSchema } from "#common/contracts/settings.ts";
import { getWebConfig } from "../../modules/settings/settings.service.ts";
import { browseProcedure, router } from "../../trpc/init.ts";

export const settingsRouter = router({
  /** The platform web config (seed section 7: cached by the client under "webconfig"). */
  webConfig: browseProcedure
    .input(WebConfigInputSchema)
    .output(WebConfigViewSchema)
    .query(({ ctx }) => getWebConfig(ctx.db)),
});
