import { skipToken } from "@tanstack/react-query";
import { getUntypedClient, type TRPCClient, type TRPCRequestOptions } from "@trpc/client";
import type { TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AnyTRPCRouter } from "@trpc/server";

/**
 * The browser's `useTRPC()` proxy: `trpc.a.b.queryOptions(input)` and its siblings, typed exactly as
 * @trpc/tanstack-react-query types them, built by hand (docs/decisions/0004-small-hand-written-pieces.md).
 * That package builds every helper on every call, so none of its 5 KB of gzipped JavaScript can be shaken
 * out of a page; this gives the same query keys (trpc-options.test.ts compares them with the package's, which
 * the server still uses to prefetch) and the same options for the helpers the pages use. Subscriptions and
 * key prefixes, which the app does not use, are not offered.
 */

type KeyType = "query" | "infinite" | "any";
type TrpcRequestOptions = TRPCRequestOptions & { abortOnUnmount?: boolean };
type Untyped = ReturnType<typeof getUntypedClient>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value);

/** The query key of a procedure call, as @trpc/tanstack-react-query makes it. */
function trpcQueryKey(path: readonly string[], input: unknown, type: KeyType): unknown[] {
  const splitPath = path.flatMap((part) => part.split("."));
  if (input === undefined && type === "any") return splitPath.length ? [splitPath] : [];
  if (type === "infinite" && isObject(input) && ("direction" in input || "cursor" in input)) {
    const { cursor: _cursor, direction: _direction, ...rest } = input;
    return [splitPath, { input: rest, type: "infinite" }];
  }
  return [
    splitPath,
    {
      ...(input !== undefined && input !== skipToken ? { input } : {}),
      ...(type !== "any" ? { type } : {}),
    },
  ];
}

/** The input a key stands for (what a query function sends). */
function inputOf(queryKey: readonly unknown[]): unknown {
  const args = queryKey[1];
  return isObject(args) ? args.input : undefined;
}

/** A query is cancelled with its component only when asked (`trpc: { abortOnUnmount: true }`). */
function requestOptions(opts: { trpc?: TrpcRequestOptions } | undefined, signal: AbortSignal) {
  return { ...opts?.trpc, signal: opts?.trpc?.abortOnUnmount ? signal : undefined };
}

type Helper = (client: Untyped, path: string[], arg1: unknown, arg2: unknown) => unknown;
type Opts = { trpc?: TrpcRequestOptions; initialCursor?: unknown } & Record<string, unknown>;

const helpers: Record<string, Helper> = {
  pathKey: (_client, path) => trpcQueryKey(path, undefined, "any"),
  pathFilter: (_client, path, filters) => ({
    ...(filters as object),
    queryKey: trpcQueryKey(path, undefined, "any"),
  }),
  queryKey: (_client, path, input) => trpcQueryKey(path, input, "query"),
  queryFilter: (_client, path, input, filters) => ({
    ...(filters as object),
    queryKey: trpcQueryKey(path, input, "query"),
  }),
  queryOptions: (client, path, input, arg2) => {
    const opts = arg2 as Opts | undefined;
    return {
      ...opts,
      queryKey: trpcQueryKey(path, input, "query"),
      queryFn:
        input === skipToken
          ? skipToken
          : (context: { queryKey: readonly unknown[]; signal: AbortSignal }) =>
              client.query(path.join("."), inputOf(context.queryKey), requestOptions(opts, context.signal)),
      trpc: { path: path.join(".") },
    };
  },
  infiniteQueryKey: (_client, path, input) => trpcQueryKey(path, input, "infinite"),
  infiniteQueryFilter: (_client, path, input, filters) => ({
    ...(filters as object),
    queryKey: trpcQueryKey(path, input, "infinite"),
  }),
  infiniteQueryOptions: (client, path, input, arg2) => {
    const opts = arg2 as Opts | undefined;
    const queryKey = trpcQueryKey(path, input, "infinite");
    return {
      ...opts,
      queryKey,
      queryFn:
        input === skipToken
          ? skipToken
          : (context: { pageParam: unknown; direction: unknown; signal: AbortSignal }) =>
              client.query(
                path.join("."),
                {
                  ...(inputOf(queryKey) as object | undefined),
                  ...(context.pageParam !== undefined ? { cursor: context.pageParam } : {}),
                  direction: context.direction,
                },
                requestOptions(opts, context.signal),
              ),
      initialPageParam: opts?.initialCursor ?? (isObject(input) ? input.cursor : undefined),
      trpc: { path: path.join(".") },
    };
  },
  mutationKey: (_client, path) => [path.flatMap((part) => part.split("."))],
  mutationOptions: (client, path, arg1) => {
    const opts = arg1 as Opts | undefined;
    return {
      ...opts,
      mutationKey: [path.flatMap((part) => part.split("."))],
      mutationFn: (input: unknown) => client.mutation(path.join("."), input, opts?.trpc),
      trpc: { path: path.join(".") },
    };
  },
};

/** `trpc.<router>.<procedure>.<helper>(…)` for a typed tRPC client. */
export function createTrpcOptionsProxy<TRouter extends AnyTRPCRouter>(
  client: TRPCClient<TRouter>,
): TRPCOptionsProxy<TRouter> {
  const untyped = getUntypedClient(client);
  const node = (path: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) =>
        // Not thenable: a proxy that answered `then` would be taken for a promise.
        typeof key === "string" && key !== "then" ? node([...path, key]) : undefined,
      apply: (_target, _this, args: unknown[]) => {
        const helper = helpers[path.at(-1) ?? ""];
        if (!helper) throw new Error(`trpc.${path.join(".")}() is not offered in the browser`);
        return helper(untyped, path.slice(0, -1), args[0], args[1]);
      },
    });
  return node([]) as TRPCOptionsProxy<TRouter>;
}
