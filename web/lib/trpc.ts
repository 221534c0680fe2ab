import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "#server/trpc/app-router.ts";
import type { Locale } from "#common/locales.ts";
import { toast } from "./toast.ts";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Must not exceed the server's TRPC_MAX_BATCH_SIZE default. */
export const maxBatchItems = 20;
export const tokenStorageKey = "pasar-token";

/** The browser session's language, read by every call (the `lang` header) and by error toasts. */
const session: { locale: Locale; unknownMessage: string } = {
  locale: "ind",
  unknownMessage: "Unknown error",
};

export function setClientLanguage(locale: Locale, unknownMessage: string) {
  session.locale = locale;
  session.unknownMessage = unknownMessage;
}

function storedToken(): string {
  try {
    return localStorage.getItem(tokenStorageKey) ?? "";
  } catch {
    return "";
  }
}

/** The browser's tRPC client: batched, superjson, with the `authorization` and `lang` headers on every call. */
export function createBrowserTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: "/trpc",
        transformer: superjson,
        maxItems: maxBatchItems,
        headers: () => ({ authorization: storedToken(), lang: session.locale }),
      }),
    ],
  });
}

/** Any RPC error shows its (already translated) message; anything else is "Unknown error". */
function showError(error: unknown) {
  const message = error instanceof TRPCClientError && error.shape ? error.message : session.unknownMessage;
  toast.add({ title: message, color: "error", timeout: 5000 });
}

/** Seed section 7: no retries, no refetch on mount or focus; unused entries kept 5 minutes. */
export function createQueryClient() {
  const browser = typeof window !== "undefined";
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 60_000,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: (e) => browser && showError(e) }),
    mutationCache: new MutationCache({ onError: (e) => browser && showError(e) }),
  });
}
