// The page loaders' bridge to the procedures: one context per page request (one session look-up for all loaders).
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageBridge } from "#server/http/app.ts";
import type { Context } from "#server/trpc/context.ts";
import { callServerApi } from "./api.server.ts";
import { bridgeContext } from "./bridge.ts";

function pageRender() {
  const made: { headers: Headers; cookies?: unknown }[] = [];
  const bridge = {
    createContext: (info: { headers: Headers; cookies?: unknown }) => {
      made.push(info);
      return { made: made.length } as unknown as Context;
    },
    createCaller: () => ({}),
    requestId: "req-1",
    clientIp: "127.0.0.1",
    fromThisMachine: false,
    sessionCookies: () => ({ set() {}, clear() {}, setVisitor() {} }),
  } as unknown as PageBridge;
  const context = new RouterContextProvider();
  context.set(bridgeContext, bridge);
  return { context, made };
}

const ctxOf = (args: Parameters<typeof callServerApi>[0], opts?: { responseHeaders?: Headers }) =>
  callServerApi(args, "ind", async (_api, ctx) => ctx, opts);

describe("the context of a page's loaders", () => {
  it("is one per request: the root's, the layout's and the page's loaders share it", async () => {
    const { context, made } = pageRender();
    const request = new Request("http://localhost/h5/cart", { headers: { cookie: "pasar_session=abc" } });
    const [root, layout, page] = await Promise.all([
      ctxOf({ request, context }),
      ctxOf({ request, context }),
      ctxOf({ request, context }),
    ]);
    expect(layout).toBe(root);
    expect(page).toBe(root);
    expect(made).toHaveLength(1);
    expect(made[0]!.headers.get("cookie")).toBe("pasar_session=abc");
  });

  it("is never shared between requests, nor with a form post that writes the session cookie", async () => {
    const { context, made } = pageRender();
    const first = await ctxOf({ request: new Request("http://localhost/h5/cart"), context });
    const second = await ctxOf({ request: new Request("http://localhost/h5/cart"), context });
    expect(second).not.toBe(first);
    const post = new Request("http://localhost/h5/signin", { method: "POST" });
    const plain = await ctxOf({ request: post, context });
    const signingIn = await ctxOf({ request: post, context }, { responseHeaders: new Headers() });
    expect(signingIn).not.toBe(plain);
    expect(made).toHaveLength(4);
    expect(made[3]!.cookies).toBeDefined();
  });
});
