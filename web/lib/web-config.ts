import { useQuery } from "@tanstack/react-query";
import { platformCode } from "#common/platform.ts";
import { useTRPCClient } from "./trpc.ts";

/** Seed section 7: the client caches the platform web config under "webconfig". */
export const webConfigQueryKey = ["webconfig"] as const;

/** The platform web config; server rendering puts it in the cache, so the browser does not fetch it again. */
export function useWebConfig() {
  const client = useTRPCClient();
  return useQuery({
    queryKey: webConfigQueryKey,
    queryFn: () => client.settings.webConfig.query({ platformCode }),
    staleTime: Infinity,
  });
}
