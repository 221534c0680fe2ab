import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testContextDeps } from "../../tests/setup/test-app.ts";
import { createSeededDatabase, type TestDatabase } from "../../tests/setup/test-db.ts";
import { demoAccounts, demoPassword } from "../seed/seed.ts";
import { callerFor } from "../../tests/setup/caller.ts";
import { createContextFactory } from "./context.ts";
import {
  createCallerFactory,
  merchantProcedure,
  operatorProcedure,
  router,
  shopperProcedure,
  signedInProcedure,
} from "./init.ts";

// The base procedures every later feature builds on, proven on a router of their own.
const probe = router({
  anyone: signedInProcedure.query(({ ctx }) => ctx.user.role),
  shopper: shopperProcedure.query(({ ctx }) => ctx.user.role),
  merchant: merchantProcedure.query(({ ctx }) => ctx.user.role),
  operator: operatorProcedure.query(({ ctx }) => ctx.user.role),
});

let database: TestDatabase;
let tokens: Record<"shopper" | "merchant" | "operator", string>;
beforeAll(async () => {
  database = await createSeededDatabase();
  const signIn = async (account: string) =>
    (await callerFor(database).auth.signIn({ method: "password", account, password: demoPassword })).token;
  tokens = {
    shopper: await signIn(demoAccounts.shopper),
    merchant: await signIn(demoAccounts.merchant(0)),
    operator: await signIn(demoAccounts.operator),
  };
});
afterAll(() => database.destroy());

function as(token: string | undefined) {
  const headers = new Headers(token ? { authorization: token, lang: "en" } : { lang: "en" });
  const ctx = createContextFactory(testContextDeps(database))({
    headers,
    requestId: "t",
    clientIp: "127.0.0.1",
  });
  return createCallerFactory(probe)(ctx);
}

describe("base procedures by role", () => {
  it("refuse a signed-out caller with UNAUTHORIZED", async () => {
    for (const path of ["anyone", "shopper", "merchant", "operator"] as const) {
      await expect(as(undefined)[path]()).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        message: "Please sign in to continue.",
      });
    }
  });

  it.each([
    ["shopper", { anyone: true, shopper: true, merchant: false, operator: false }],
    ["merchant", { anyone: true, shopper: true, merchant: true, operator: false }],
    ["operator", { anyone: true, shopper: false, merchant: false, operator: true }],
  ] as const)("let a %s call only what its role allows", async (role, allowed) => {
    const api = as(tokens[role]);
    for (const [path, ok] of Object.entries(allowed) as [keyof typeof allowed, boolean][]) {
      if (ok) await expect(api[path]()).resolves.toBe(role);
      else
        await expect(api[path]()).rejects.toMatchObject({
          code: "FORBIDDEN",
          message: "You are not allowed to do this.",
        });
    }
  });
});
