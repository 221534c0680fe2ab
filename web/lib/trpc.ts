import { MutationCache, QueryCache, QueryClient, type Mutation } from "@tanstack/react-query";
import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import {
  createTRPCClient,
  TRPCClientError,
  type OperationLink,
  type TRPCClient,
  type TRPCLink,
} from "@trpc/client";
import { observable, type Unsubscribable } from "@trpc/server/observable";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "#server/api/app-router.ts";
import { toast } from "./toast.ts";
import { modal } from "./modal.ts";
import { onFirstInput } from "./first-input.ts";
import { ApiError, session, storedToken } from "./client.ts";
import { addLoadingToast, showApiError } from "./api-hooks.ts";
import { createTrpcOptionsProxy } from "./trpc-options.ts";

const TRPCContext = createContext<{
  trpc: TRPCOptionsProxy<AppRouter>;
  client: TRPCClient<AppRouter>;
} | null>(null);

/** Gives the tree the tRPC client and its query options proxy (`useTRPC()`). */
export function TRPCProvider(props: { trpcClient: TRPCClient<AppRouter>; children: ReactNode }) {
  const { trpcClient } = props;
  const value = useMemo(
    () => ({ trpc: createTrpcOptionsProxy(trpcClient), client: trpcClient }),
    [trpcClient],
  );
  return createElement(TRPCContext.Provider, { value }, props.children);
}

function useTRPCContext() {
  const value = useContext(TRPCContext);
  if (!value) throw new Error("useTRPC() outside TRPCProvider");
  return value;
}

/** `trpc.<router>.<procedure>.queryOptions(…)` and the other TanStack Query helpers. */
export const useTRPC = () => useTRPCContext().trpc;
/** The typed client, for calls outside TanStack Query. */
export const useTRPCClient = () => useTRPCContext().client;

/** Must not exceed the server's TRPC_MAX_BATCH_SIZE default. */
const maxBatchItems = 20;

/**
 * A link that loads the real one (`./trpc-transport.ts`: HTTP links and superjson, about 6 KB of gzipped
 * JavaScript) on first use, so a page that calls nothing while it loads does not download them. Calls made
 * meanwhile wait for it; a failed load fails those calls and is tried again on the next.
 */
function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let ready: Promise<OperationLink<AppRouter>> | undefined;
    return ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | undefined;
        let cancelled = false;
        ready ??= load().then((link) => link(runtime));
        ready.then(
          (operationLink) => {
            if (!cancelled) subscription = operationLink({ op, next }).subscribe(observer);
          },
          (error: unknown) => {
            ready = undefined;
            observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          cancelled = true;
          subscription?.unsubscribe();
        };
      });
  };
}

const loadTransport = () => import("./trpc-transport.ts");

/** The browser's tRPC client: the `authorization` and `lang` headers on every call (seed section 7). */
export function createBrowserTrpcClient() {
  const headers = () => ({ authorization: storedToken(), lang: session.locale });
  // Loaded at the first touch, before the call it probably leads to; a failure is retried by the first call.
  onFirstInput(() => void loadTransport().catch(() => {}));
  return createTRPCClient<AppRouter>({
    links: [lazyLink(() => loadTransport().then((m) => m.transportLink(headers, maxBatchItems)))],
  });
}

/** A refusal from the tRPC client, shown as the small client shows its own (web/lib/api-hooks.ts). */
function showError(error: unknown) {
  showApiError(
    error instanceof TRPCClientError && error.shape
      ? new ApiError(error.message, String(error.data?.code ?? "UNKNOWN"))
      : error,
  );
}

// Seed section 7: every mutation shows a blocking loading toast until it succeeds or fails.
const loadingToasts = new WeakMap<Mutation<unknown, unknown, unknown, unknown>, string>();

/**
 * Seed section 7: no retries, no refetch on mount or focus; unused entries kept 5 minutes in the browser.
 * While a page renders on the server there is no garbage-collection timer at all (gcTime Infinity): a
 * timer would keep every rendered page's data alive for minutes after its response was sent.
 */
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
        gcTime: browser ? 5 * 60_000 : Infinity,
      },
      mutations: { retry: false },
    },
    queryCache: new QueryCache({ onError: (e) => browser && showError(e) }),
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        loadingToasts.set(mutation, addLoadingToast());
      },
      onSettled: (_data, _error, _variables, _context, mutation) => {
        const id = loadingToasts.get(mutation);
        if (id) toast.remove(id);
      },
      // An open dialog (the PIN's, a password's) shows its action's error itself.
      onError: (e) => browser && !modal.isOpen() && showError(e),
    }),
  });
}
