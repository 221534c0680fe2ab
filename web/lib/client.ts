// The browser's session and its smallest ways to the API, without TanStack Query or the tRPC client: what every
// page (browse pages included, which load neither: decision 27) may use. The tRPC client and TanStack Query are in
// web/lib/trpc.ts and web/lib/queries.tsx, loaded by the screens that need them.
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

/**
 * Reads a few procedures that take no input in one batched GET, without loading the tRPC transport (the wire
 * format of `postRecord`): what a shared page asks after hydration for its personal bits (decision 27). A
 * procedure that fails (not signed in, another role) answers undefined; plain values only.
 */
export async function getRecords(paths: readonly string[]): Promise<unknown[]> {
  const input = encodeURIComponent(JSON.stringify(Object.fromEntries(paths.map((_, i) => [i, {}]))));
  const response = await fetch(`/trpc/${paths.join(",")}?batch=1&input=${input}`, {
    headers: { authorization: storedToken(), lang: session.locale },
  });
  const body = (await response.json()) as { result?: { data?: { json?: unknown } } }[];
  return paths.map((_, i) => body[i]?.result?.data?.json);
}

/**
 * Records what a page showed (a store visit) without loading the tRPC transport: one POST in the transport's
 * own wire format (`{"json": input}`, which superjson gives plain values), with the same headers, to the same
 * procedure. For fire-and-forget records of plain values only; everything else goes through the client. A
 * store page a visitor only looks at then needs no API client at all, nor a conversation only read (its read mark).
 */
export async function postRecord<T>(
  path: "stores.visit" | "chat.mark",
  input: Record<string, string | number | boolean>,
): Promise<T> {
  const response = await fetch(`/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: storedToken(), lang: session.locale },
    body: JSON.stringify({ json: input }),
    keepalive: true,
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}
