import { useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { typedMobile } from "./channels.ts";

/**
 * The number to suggest for OVO, asked only when OVO is chosen: the account's own mobile, else `fallback` (at
 * checkout, the delivery address's), as people type it; "" when neither is a mobile number.
 */
export function useSuggestPhone(fallback?: string | null): () => Promise<string> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({ ...trpc.account.me.queryOptions(), staleTime: 5 * 60_000 }).then(
      (me) => typedMobile(me.phone) || typedMobile(fallback),
      () => typedMobile(fallback),
    );
}
