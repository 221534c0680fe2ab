import { MutationCache, QueryCache, QueryClient, type Mutation } from "@tanstack/react-query";
import { signedInHintCookie } from "#common/session.ts";
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
} from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "#server/trpc/app-router.ts";
import type { Locale } from "#common/locales.ts";
import { signInPath } from "./locale.ts";
import { toast } from "./toast.ts";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** Must not exceed the server's TRPC_MAX_BATCH_SIZE default. */
export const maxBatchItems = 20;
export const tokenStorageKey = "pasar-token";

/** The browser session's language and its texts for the client's own notices. */
const session = { locale: "ind" as Locale, unknownMessage: "Unknown error", pleaseWait: "…" };

export function setClientLanguage(locale: Locale, texts: { unknownMessage: string; pleaseWait: string }) {
  session.locale = locale;
  session.unknownMessage = texts.unknownMessage;
  session.pleaseWait = texts.pleaseWait;
}

/** The stored session token (seed section 7: sent as `authorization`, empty when signed out). */
export function storedToken(): string {
  try {
    return localStorage.getItem(tokenStorageKey) ?? "";
  } catch {
    return "";
  }
}

/** Fired on `window` whenever this tab stores or forgets its token. */
export const tokenChangeEvent = "pasar:token";

/** Whether the server said this browser has a session (a sign-in by a plain form post stores no token). */
export function hasSessionHint(): boolean {
  return document.cookie.split("; ").includes(`${signedInHintCookie}=1`);
}

export function storeToken(token: string) {
  try {
    if (token) localStorage.setItem(tokenStorageKey, token);
    else localStorage.removeItem(tokenStorageKey);
  } catch {
    // Storage unavailable: the httpOnly cookie still carries the session.
  }
  // Signed out or refused: the hint goes too (the server clears it as well when it can).
  if (!token) document.cookie = `${signedInHintCookie}=; Path=/; Max-Age=0; SameSite=Lax`;
  window.dispatchEvent(new Event(tokenChangeEvent));
}

/**
 * The browser's tRPC client: batched superjson calls with the `authorization` and `lang` headers;
 * file uploads (FormData) go unbatched.
 */
export function createBrowserTrpcClient() {
  const headers = () => ({ authorization: storedToken(), lang: session.locale });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc", transformer: superjson, headers }),
        false: httpBatchLink({ url: "/trpc", transformer: superjson, maxItems: maxBatchItems, headers }),
      }),
    ],
  });
}

/**
 * Seed section 8: after UNAUTHORIZED the token is emptied and the visitor goes to sign-in (h5.signin);
 * any other RPC error shows its (translated) message; anything else is "Unknown error".
 */
function showError(error: unknown) {
  if (error instanceof TRPCClientError && error.data?.code === "UNAUTHORIZED") {
    storeToken("");
    window.location.assign(signInPath(session.locale, window.location.pathname + window.location.search));
    return;
  }
  const message = error instanceof TRPCClientError && error.shape ? error.message : session.unknownMessage;
  toast.add({ title: message, color: "error", timeout: 5000 });
}

// Seed section 7: every mutation shows a blocking loading toast until it succeeds or fails.
const loadingToasts = new WeakMap<Mutation<unknown, unknown, unknown, unknown>, string>();

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
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        loadingToasts.set(mutation, toast.add({ title: session.pleaseWait, color: "loading", timeout: 0 }));
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const id = loadingToasts.get(mutation);
        if (id) toast.remove(id);
      },
      onError: (e) => browser && showError(e),
    }),
  });
}
