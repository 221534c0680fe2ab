// Preference cookies the server reads while rendering (language, time zone, the home-screen tip), so a page
// is rendered in its final state: nothing appears or moves once scripts run. Read with Hono's cookie parser,
// the server's one cookie implementation (server/trpc/context.ts reads the session with it too).
import { parse } from "hono/utils/cookie";

/** The value of cookie `name` in a `Cookie` header (percent-decoded), or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return header ? parse(header, name)[name] : undefined;
}
