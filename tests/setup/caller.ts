import type { Locale } from "#common/locales.ts";
import { createCaller } from "#server/api/app-router.ts";
import { createContextFactory } from "#server/trpc/context.ts";
import { isLoopbackAddress } from "#server/platform/env.ts";
import { testContextDeps, type TestDeps } from "./test-app.ts";
import type { TestDatabase } from "./test-db.ts";

/** A tRPC caller as a given visitor: same procedures, middleware and output checks as over HTTP. */
export function callerFor(
  database: TestDatabase,
  opts: TestDeps & {
    lang?: Locale;
    token?: string;
    clientIp?: string;
    cookie?: string;
    /** The browser's User-Agent header. */
    userAgent?: string;
    /** Whether the call comes from this machine itself (default: when clientIp is a loopback address). */
    fromThisMachine?: boolean;
  } = {},
) {
  const headers = new Headers();
  if (opts.cookie) headers.set("cookie", opts.cookie);
  if (opts.lang) headers.set("lang", opts.lang);
  if (opts.token) headers.set("authorization", opts.token);
  if (opts.userAgent) headers.set("user-agent", opts.userAgent);
  const createContext = createContextFactory(testContextDeps(database, opts));
  const clientIp = opts.clientIp ?? "127.0.0.1";
  return createCaller(
    createContext({
      headers,
      requestId: "test",
      clientIp,
      fromThisMachine: opts.fromThisMachine ?? isLoopbackAddress(clientIp),
    }),
  );
}
