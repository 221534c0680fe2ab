import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { AppRouter, createCaller } from "#server/api/app-router.ts";
import type { Context } from "#server/trpc/context.ts";
import type { Locale } from "#common/locales.ts";
import { bridgeContext } from "./bridge.ts";
import { signInPath } from "./locale.ts";

interface ServerApi {
  trpc: TRPCOptionsProxy<AppRouter>;
  queryClient: QueryClient;
  ctx: Context;
}

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * The context of each page request, shared by its loaders: the root's, the layout's and the page's calls then
 * resolve the session once (one query instead of one per loader) and share its lazily made logger.
 */
const requestContexts = new WeakMap<Request, Map<Locale, Context>>();

function serverContext(args: LoaderArgs, locale: Locale, responseHeaders?: Headers): Context {
  // A form post that signs in writes cookies onto its own response: it gets a context of its own.
  if (responseHeaders) return newContext(args, locale, responseHeaders);
  let byLocale = requestContexts.get(args.request);
  if (!byLocale) requestContexts.set(args.request, (byLocale = new Map()));
  let ctx = byLocale.get(locale);
  if (!ctx) byLocale.set(locale, (ctx = newContext(args, locale)));
  return ctx;
}

function newContext(args: LoaderArgs, locale: Locale, responseHeaders?: Headers): Context {
  const bridge = args.context.get(bridgeContext);
  return bridge.createContext({
    headers: args.request.headers,
    requestId: bridge.requestId,
    clientIp: bridge.clientIp,
    fromThisMachine: bridge.fromThisMachine,
    locale,
    // A form post that signs in sets the session cookie on its own response; page loads set none.
    ...(responseHeaders ? { cookies: bridge.sessionCookies(responseHeaders) } : {}),
  });
}

/** The procedures as a loader calls them: `api.listings.get({ id })`. */
export type ServerCaller = ReturnType<typeof createCaller>;

/**
 * The bridge from server rendering to the API for pages that hand their loader's data to the screen as it is
 * (browse pages, decision 27): loaders call the same tRPC procedures as the browser (same middleware,
 * authorization and output checks). A database that is away becomes the 503 page.
 */
export async function callServerApi<T>(
  args: LoaderArgs,
  locale: Locale,
  run: (api: ServerCaller, ctx: Context) => Promise<T>,
  opts: { responseHeaders?: Headers } = {},
): Promise<T> {
  const ctx = serverContext(args, locale, opts.responseHeaders);
  return run(args.context.get(bridgeContext).createCaller(ctx), ctx).catch(rethrowUnavailable);
}

/**
 * The same for screens that use TanStack Query: what the loader fetches is handed to it in the browser as
 * dehydrated state.
 */
export async function withServerApi<T>(
  args: LoaderArgs,
  locale: Locale,
  run: (api: ServerApi) => Promise<T>,
  opts: { responseHeaders?: Headers } = {},
): Promise<{ result: T; dehydrated: DehydratedState }> {
  const ctx = serverContext(args, locale, opts.responseHeaders);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const trpc = createTRPCOptionsProxy<AppRouter>({
    router: args.context.get(bridgeContext).router,
    ctx,
    queryClient,
  });
  const result = await run({ trpc, queryClient, ctx }).catch(rethrowUnavailable);
  // A prefetch keeps its error in the cache; a page whose data could not be read is not shown half empty.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === "error") throwIfUnavailable(query.state.error);
  }
  const dehydrated = dehydrate(queryClient);
  // Released with the request: nothing of this page's data outlives its render.
  queryClient.clear();
  return { result, dehydrated };
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A database that is away (SERVICE_UNAVAILABLE) becomes the 503 page with the translated message. */
function throwIfUnavailable(error: unknown): void {
  if (errorCode(error) === "SERVICE_UNAVAILABLE") {
    throw data({ message: String((error as { message?: unknown }).message) }, { status: 503 });
  }
}

function rethrowUnavailable(error: unknown): never {
  throwIfUnavailable(error);
  throw error;
}

/** The HTTP status a loader's thrown `data(…, { status })` carries, if any. */
export function thrownStatus(error: unknown): number | undefined {
  const init = (error as { init?: { status?: unknown } } | null)?.init;
  return typeof init?.status === "number" ? init.status : undefined;
}

/** The build the server is running, for the client's deployment check. */
export function serverBuildId(context: Readonly<RouterContextProvider>): string {
  return context.get(bridgeContext).buildId;
}

/** A translator for page titles and descriptions rendered on the server. */
export function serverT(context: Readonly<RouterContextProvider>, locale: Locale) {
  return context.get(bridgeContext).translator(locale);
}

/**
 * Turns a procedure's NOT_FOUND into a 404 page with its translated message; so too BAD_REQUEST, since
 * for a page it means the address names nothing (a malformed id in the path or query).
 */
export function rethrowNotFound(error: unknown): never {
  // Duck-typed: the error comes from the server's copy of @trpc/server.
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e && e.code === "NOT_FOUND") {
    throw data({ message: String(e.message) }, { status: 404 });
  }
  if (e && e.code === "BAD_REQUEST") throw data({}, { status: 404 });
  throw error;
}

/**
 * For pages only signed-in visitors see: an UNAUTHORIZED answer becomes a redirect to sign-in that
 * returns here afterwards (the sign-in page then also empties the browser's stale token).
 */
export function signInOnUnauthorized(url: URL, locale: Locale) {
  return (error: unknown): never => {
    const e = error as { code?: unknown } | null;
    if (e?.code !== "UNAUTHORIZED") throw error;
    throw redirect(signInPath(locale, url.pathname + url.search));
  };
}

/**
 * For the operator's pages: a visitor who is signed out goes to sign in; anyone signed in without the
 * operator role gets the 403 page. The procedures decide (operatorProcedure); the page only shows it.
 */
export function operatorOnly(url: URL, locale: Locale) {
  const toSignIn = signInOnUnauthorized(url, locale);
  return (error: unknown): never => {
    const e = error as { code?: unknown; message?: unknown } | null;
    if (e?.code === "FORBIDDEN") throw data({ message: String(e.message) }, { status: 403 });
    return toSignIn(error);
  };
}

/** For the merchant centre's pages: the same as the operator's (sign in, else 403 for other roles). */
export const merchantOnly = operatorOnly;
