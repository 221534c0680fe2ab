import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from "@tanstack/react-query";
import type { TRPCClient } from "@trpc/client";
import { useState, type ReactNode } from "react";
import type { AppRouter } from "#server/api/app-router.ts";
import { wrapModals } from "./modal.ts";
import { createBrowserTrpcClient, createQueryClient, TRPCProvider } from "./trpc.ts";

interface Clients {
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
}

/** The browser's clients, one per page load, shared by every screen that uses them (their cache survives navigations). */
let browserClients: Clients | undefined;

const newClients = (): Clients => ({
  queryClient: createQueryClient(),
  trpcClient: createBrowserTrpcClient(),
});

/**
 * TanStack Query and the tRPC client for a screen that uses them, with the data its loader fetched (decision 27:
 * browse pages use neither, so the root does not load them; each screen that does wraps itself in this). Server
 * rendering makes clients for the render alone, so no data outlives its request or reaches another visitor.
 */
export function QueryBoundary(props: { state?: DehydratedState; children: ReactNode }) {
  const [clients] = useState(() =>
    typeof window === "undefined" ? newClients() : (browserClients ??= newClients()),
  );
  return (
    <QueryClientProvider client={clients.queryClient}>
      <TRPCProvider trpcClient={clients.trpcClient}>
        <HydrationBoundary state={props.state}>{props.children}</HydrationBoundary>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

// Dialogs opened from these screens render in the root's modal host: with the same clients, in the browser.
if (typeof window !== "undefined") wrapModals((children) => <QueryBoundary>{children}</QueryBoundary>);
