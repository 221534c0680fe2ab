import { describe, expect, it } from "vitest";
import { serverOnlyModules } from "./client-bundle-guard.ts";

describe("the client bundle guard", () => {
  it("names server code, drivers, native addons and Node built-ins found in a browser chunk", () => {
    const found = serverOnlyModules([
      "/web/routes/shop/home.tsx",
      "/node_modules/react-dom/cjs/react-dom-client.production.js",
      "/server/db/client.ts",
      "/web/lib/api.server.ts",
      "/node_modules/@electric-sql/pglite/dist/index.js",
      "/node_modules/pg/lib/index.js",
      "/node_modules/@node-rs/argon2/index.js",
      "\0__vite-browser-external:node:fs",
      "node:crypto",
    ]);
    expect(found).toEqual([
      "/server/db/client.ts (the project's server code)",
      "/web/lib/api.server.ts (a *.server.ts module)",
      "/node_modules/@electric-sql/pglite/dist/index.js (a server-only package)",
      "/node_modules/pg/lib/index.js (a server-only package)",
      "/node_modules/@node-rs/argon2/index.js (a server-only package)",
      "__vite-browser-external:node:fs (a Node built-in)",
      "node:crypto (a Node built-in)",
    ]);
  });

  it("lets the browser's own code through", () => {
    expect(
      serverOnlyModules([
        "/web/lib/trpc.ts",
        "/common/money.ts",
        "/node_modules/@trpc/client/dist/index.mjs",
        // tRPC's client shares these with its server package: they are browser code.
        "/node_modules/@trpc/server/dist/observable-yEyhfXUI.mjs",
        "/node_modules/superjson/dist/index.js",
        "/node_modules/@tanstack/react-query/build/modern/index.js",
        "/node_modules/pgp-like-name/index.js",
      ]),
    ).toEqual([]);
  });
});
