import { QueryClient, skipToken } from "@tanstack/react-query";
import { createTRPCClient, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "#server/api/app-router.ts";
import { createTrpcOptionsProxy } from "./trpc-options.ts";

/** A client whose calls are written down instead of sent. */
function recordingClient() {
  const calls: { type: string; path: string; input: unknown; signal: unknown }[] = [];
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ type: op.type, path: op.path, input: op.input, signal: op.signal ?? undefined });
        observer.next({ result: { type: "data", data: { answered: op.path } } });
        observer.complete();
      });
  return { client: createTRPCClient<AppRouter>({ links: [link] }), calls };
}

/** Ours and @trpc/tanstack-react-query's proxy over clients that record. */
function both() {
  const mine = recordingClient();
  const theirs = recordingClient();
  return {
    mine: { trpc: createTrpcOptionsProxy(mine.client), calls: mine.calls },
    theirs: {
      trpc: createTRPCOptionsProxy<AppRouter>({ client: theirs.client, queryClient: new QueryClient() }),
      calls: theirs.calls,
    },
  };
}

const signal = new AbortController().signal;

describe("the browser's tRPC query options", () => {
  it("make the same query keys as @trpc/tanstack-react-query, so server-prefetched data is found", () => {
    const { mine, theirs } = both();
    const cases = (trpc: typeof mine.trpc) => [
      trpc.catalog.home.queryKey(),
      trpc.catalog.home.queryOptions().queryKey,
      trpc.listings.list.queryOptions({ categoryId: 36, limit: 20 }).queryKey,
      trpc.listings.list.queryKey({ q: "tas" }),
      trpc.listings.list.infiniteQueryOptions(
        { categoryId: 36, sort: "newest", limit: 20 },
        { getNextPageParam: (last) => last.nextCursor ?? undefined },
      ).queryKey,
      trpc.stores.list.infiniteQueryKey({ sort: "overall", order: "desc", limit: 20 }),
      trpc.stores.list.infiniteQueryKey({ cursor: "abc", limit: 20 }),
      trpc.footprints.list.pathKey(),
      trpc.collection.list.pathFilter({ exact: false }),
      trpc.stores.get.queryFilter({ storeId: "str_1" }, { stale: true }),
      trpc.collection.add.mutationKey(),
      trpc.collection.add.mutationOptions().mutationKey,
      trpc.settings.webConfig.queryOptions(skipToken).queryKey,
    ];
    expect(cases(mine.trpc)).toEqual(cases(theirs.trpc));
  });

  it("keep the caller's options and name the procedure", () => {
    const { mine, theirs } = both();
    const pick = (o: { staleTime?: unknown; enabled?: unknown; trpc: unknown }) => ({
      staleTime: o.staleTime,
      enabled: o.enabled,
      trpc: o.trpc,
    });
    const opts = { staleTime: 5, enabled: false };
    expect(pick(mine.trpc.account.me.queryOptions(undefined, opts))).toEqual(
      pick(theirs.trpc.account.me.queryOptions(undefined, opts)),
    );
    const infinite = (trpc: typeof mine.trpc) =>
      trpc.stores.list.infiniteQueryOptions(
        { sort: "new", limit: 5, cursor: "c1" },
        { getNextPageParam: () => undefined },
      ).initialPageParam;
    expect(infinite(mine.trpc)).toEqual(infinite(theirs.trpc));
    expect(mine.trpc.settings.webConfig.queryOptions(skipToken).queryFn).toBe(skipToken);
  });

  it("send the same calls as @trpc/tanstack-react-query", async () => {
    const { mine, theirs } = both();
    const run = async (trpc: typeof mine.trpc) => {
      const answers: unknown[] = [];
      const query = trpc.listings.get.queryOptions({ id: "prd_1" });
      answers.push(
        await (query.queryFn as (c: unknown) => Promise<unknown>)({ queryKey: query.queryKey, signal }),
      );
      const infinite = trpc.listings.list.infiniteQueryOptions(
        { categoryId: 36, limit: 20 },
        { getNextPageParam: (last) => last.nextCursor ?? undefined },
      );
      const page = infinite.queryFn as (c: unknown) => Promise<unknown>;
      answers.push(
        await page({ queryKey: infinite.queryKey, pageParam: undefined, direction: "forward", signal }),
      );
      answers.push(
        await page({ queryKey: infinite.queryKey, pageParam: "next", direction: "forward", signal }),
      );
      const aborting = trpc.catalog.home.queryOptions(undefined, { trpc: { abortOnUnmount: true } });
      await (aborting.queryFn as (c: unknown) => Promise<unknown>)({ queryKey: aborting.queryKey, signal });
      const mutation = trpc.collection.add.mutationOptions();
      answers.push(await mutation.mutationFn!({ listingId: "prd_1" }, {} as never));
      return answers;
    };
    expect(await run(mine.trpc)).toEqual(await run(theirs.trpc));
    expect(mine.calls).toEqual(theirs.calls);
    expect(mine.calls.map((c) => c.path)).toEqual([
      "listings.get",
      "listings.list",
      "listings.list",
      "catalog.home",
      "collection.add",
    ]);
    expect(mine.calls[3]!.signal).toBe(signal);
  });

  it("is not mistaken for a promise", async () => {
    const { mine } = both();
    expect(await Promise.resolve(mine.trpc)).toBe(mine.trpc);
  });
});
