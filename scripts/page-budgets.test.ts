import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../web/routes.ts";
import { budgetKb, pages } from "./page-budgets.ts";

/** The files of the routes that render pages: every route without children (a layout's JavaScript counts in its pages). */
function pageRouteFiles(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((r) => (r.children?.length ? pageRouteFiles(r.children) : [r.file]));
}

describe("the JavaScript budget table of npm run measure", () => {
  it("names every page route of web/routes.ts once, so a new page cannot escape its budget", () => {
    const routeFiles = pageRouteFiles(routes);
    expect(routeFiles.length).toBeGreaterThan(10);
    expect([...pages.map((p) => p.route)].sort()).toEqual([...routeFiles].sort());
  });

  it("gives the sign-in pages the auth budget, the merchant home its chart's, signed-in screens theirs, the product page its own and every other page the browse budget", () => {
    for (const page of pages) {
      const expected = page.route.startsWith("routes/auth/")
        ? "auth"
        : page.route === "routes/merchant/home.tsx"
          ? "chart"
          : page.signedIn
            ? "screens"
            : page.route === "routes/shop/product.tsx"
              ? "product"
              : "browse";
      expect(page.budget, page.route).toBe(expected);
    }
    // Issue 30: browse and sign-in pages at most 110 KB brotli as transferred.
    expect(budgetKb.browse).toBeLessThanOrEqual(110);
    expect(budgetKb.auth).toBeLessThanOrEqual(110);
  });
});
