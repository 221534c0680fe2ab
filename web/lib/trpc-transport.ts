import { httpBatchLink, httpLink, isNonJsonSerializable, splitLink, type TRPCLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "#server/api/app-router.ts";

/**
 * How the browser's calls travel: batched superjson calls with the given headers; file uploads (FormData)
 * go unbatched. Loaded by web/lib/trpc.ts on the first call (or the first touch), not with the page.
 */
export function transportLink(headers: () => Record<string, string>, maxItems: number): TRPCLink<AppRouter> {
  return splitLink({
    condition: (op) => isNonJsonSerializable(op.input),
    true: httpLink({ url: "/trpc", transformer: superjson, headers }),
    false: httpBatchLink({ url: "/trpc", transformer: superjson, maxItems, headers }),
  });
}
