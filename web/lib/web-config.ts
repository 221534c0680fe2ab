import { useRouteLoaderData } from "react-router";
import type { WebConfigView } from "#common/contracts/settings.ts";

/**
 * The platform web config (seed section 7: the client keeps it, under "webconfig" in the seed's words): it comes
 * with the root's data once per language and is kept for the page's life; an operator's save revalidates it.
 */
export function useWebConfig(): WebConfigView | undefined {
  return (useRouteLoaderData("root") as { webConfig?: WebConfigView } | undefined)?.webConfig;
}
