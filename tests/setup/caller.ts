import type { Locale } from "#common/locales.ts";
import { createCaller } from "#server/trpc/app-router.ts";
import { createContextFactory } from "#server/trpc/context.ts";
import { silentLog, type TestDatabase } from "./test-db.ts";

/** A tRPC caller as a given visitor: same procedures, middleware and output checks as over HTTP. */
export function callerFor(database: TestDatabase, opts: { lang?: Locale; authorization?: string } = {}) {
  const headers = new Headers();
  if (opts.lang) headers.set("lang", opts.lang);
  if (opts.authorization) headers.set("authorization", opts.authorization);
  const createContext = createContextFactory({ db: database.db, storage: database.storage, log: silentLog });
  return createCaller(createContext({ headers, requestId: "test", clientIp: "127.0.0.1" }));
}
