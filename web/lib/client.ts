// The browser's session and its smallest ways to the API, without TanStack Query or the tRPC client: what every
// page (browse pages included, which load neither: decision 27) may use. The tRPC client and TanStack Query are in
// web/lib/trpc.ts and web/lib/queries.tsx, loaded by the screens that need them.
import type { AnyProcedure, inferProcedureInput, inferProcedureOutput } from "@trpc/server";
import type { SuperJSONResult } from "superjson";
import type { AppRouter } from "#server/api/app-router.ts";
import { signedInHintCookie } from "#common/session.ts";
import type { Locale } from "#common/locales.ts";
import { browserCookieIs, clearBrowserCookie } from "./cookies.ts";

export const tokenStorageKey = "pasar-token";

/** The browser session's language and its texts for the client's own notices. */
export const session = { locale: "ind" as Locale, unknownMessage: "Unknown error", pleaseWait: "…" };

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
  return browserCookieIs(signedInHintCookie, "1");
}

export function storeToken(token: string) {
  try {
    if (token) localStorage.setItem(tokenStorageKey, token);
    else localStorage.removeItem(tokenStorageKey);
  } catch {
    // Storage unavailable: the httpOnly cookie still carries the session.
  }
  // Signed out or refused: the hint goes too (the server clears it as well when it can).
  if (!token) clearBrowserCookie(signedInHintCookie);
  window.dispatchEvent(new Event(tokenChangeEvent));
}

/** Every procedure by its dotted path ("collection.status", "ops.chats.open"). */
type ProceduresOf<R, Prefix extends string = ""> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? { path: `${Prefix}${K}`; procedure: R[K] }
    : ProceduresOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
type Procedures = ProceduresOf<AppRouter["_def"]["record"]>;
export type ApiPath = Procedures["path"];
type ProcedureAt<P extends ApiPath> = Extract<Procedures, { path: P }>["procedure"];
export type ApiInput<P extends ApiPath> = inferProcedureInput<ProcedureAt<P>>;
export type ApiOutput<P extends ApiPath> = inferProcedureOutput<ProcedureAt<P>>;

/** A call the API refused (its message is already in the visitor's language), or that never reached it. */
export class ApiError extends Error {
  /** tRPC's code ("UNAUTHORIZED", "BAD_REQUEST", …), or "NETWORK" when no answer came. */
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

/** Values superjson had to describe (dates) need superjson to read them back: loaded only then. */
async function fromWire<T>(data: { json: unknown; meta?: unknown }): Promise<T> {
  if (!data.meta) return data.json as T;
  const { default: superjson } = await import("superjson");
  return superjson.deserialize<T>(data as SuperJSONResult);
}

/**
 * One procedure call in the tRPC transport's own wire format (`{"json": input}`, which superjson gives plain
 * values), with the session's headers: a query as GET (cacheable, and what a shared page may answer), a mutation
 * as POST. What browse pages call instead of the tRPC client and TanStack Query (decision 27). Refusals throw
 * `ApiError` with the server's translated message.
 */
export async function callApi<P extends ApiPath>(
  path: P,
  input: ApiInput<P>,
  opts: {
    mutation?: boolean;
    /** Sent even if the page is left meanwhile (a record of what the page showed: a store visit, a read mark). */
    keepalive?: boolean;
  } = {},
): Promise<ApiOutput<P>> {
  const wire = input === undefined ? undefined : JSON.stringify({ json: input });
  const [answer] = await send(
    opts.mutation ? `/trpc/${path}` : `/trpc/${path}${wire ? `?input=${encodeURIComponent(wire)}` : ""}`,
    opts.mutation
      ? { method: "POST", body: wire ?? "{}", keepalive: opts.keepalive ?? false }
      : { keepalive: opts.keepalive ?? false },
  );
  return answer as ApiOutput<P>;
}

/**
 * Reads a few procedures that take no input in one batched GET: what a shared page asks after hydration for
 * its personal bits (decision 27). A procedure that fails (not signed in, another role) answers undefined.
 */
export async function getRecords(paths: readonly ApiPath[]): Promise<unknown[]> {
  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))));
  const answers = await send(`/trpc/${paths.join(",")}?batch=1&input=${input}`, {}, paths.length);
  return answers.map((a) => (a instanceof ApiError ? undefined : a));
}

interface Envelope {
  result?: { data?: { json: unknown; meta?: unknown } };
  error?: { json?: { message?: unknown; data?: { code?: string } } };
}

/**
 * Sends one request with the session's headers and reads its answers: one (throwing the refusal as `ApiError`),
 * or `batch` of them (refusals returned as `ApiError`s in their place).
 */
async function send(url: string, init: RequestInit, batch?: number): Promise<unknown[]> {
  const headers: Record<string, string> = { authorization: storedToken(), lang: session.locale };
  if (init.body) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch {
    throw new ApiError(session.unknownMessage, "NETWORK");
  }
  const body = (await response.json().catch(() => undefined)) as Envelope | Envelope[] | undefined;
  const read = async (envelope: Envelope | undefined) => {
    if (envelope?.result?.data) return fromWire(envelope.result.data);
    const error = envelope?.error?.json;
    return new ApiError(
      typeof error?.message === "string" ? error.message : session.unknownMessage,
      error?.data?.code ?? "UNKNOWN",
    );
  };
  if (batch === undefined) {
    const answer = await read(Array.isArray(body) ? undefined : body);
    if (answer instanceof ApiError) throw answer;
    return [answer];
  }
  return Promise.all(
    Array.from({ length: batch }, (_, i) => read(Array.isArray(body) ? body[i] : undefined)),
  );
}
