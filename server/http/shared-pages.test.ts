import { describe, expect, it } from "vitest";
import { isBrowsePath, isSharedPageRequest, withoutSession } from "./shared-pages.ts";

describe("browse pages, rendered alike for everyone", () => {
  it("are the catalogue, products, stores and the FAQ in every language, and their data", () => {
    for (const path of [
      "/h5",
      "/en/h5",
      "/zh/h5.data",
      "/h5/category",
      "/h5/products/list",
      "/h5/products/prd_1",
      "/en/h5/products/prd_1/reviews.data",
      "/h5/merchant/street",
      "/zh/h5/merchant/shop/str_1",
      "/h5/question",
    ]) {
      expect(isBrowsePath(path), path).toBe(true);
    }
    for (const path of [
      "/h5/cart",
      "/h5/account",
      "/h5/collection",
      "/h5/footmark",
      "/h5/order/detail",
      "/h5/merchant",
      "/h5/merchant/shop/manage",
      "/h5/merchant/shop/manage.data",
      "/h5/chat/str_1",
      "/h5/signin",
      "/ops",
      "/fr/h5",
    ]) {
      expect(isBrowsePath(path), path).toBe(false);
    }
  });

  it("are not shared with a browser that has just written something, nor for a post", () => {
    const at = (init: RequestInit = {}) => new Request("http://localhost/h5/products/prd_1", init);
    expect(isSharedPageRequest(at({ headers: { cookie: "pasar_session=abc" } }))).toBe(true);
    expect(isSharedPageRequest(at({ headers: { cookie: "pasar_session=abc; pasar_fresh=1" } }))).toBe(false);
    expect(isSharedPageRequest(at({ method: "POST" }))).toBe(false);
  });

  it("are rendered from the request without who is signed in, and with every other cookie", () => {
    const stripped = withoutSession(
      new Request("http://localhost/h5", {
        headers: {
          cookie: "pasar_lang=en; pasar_session=secret; pasar_signed_in=1; pasar_theme=dark",
          authorization: "Bearer secret",
          "accept-language": "en",
        },
      }),
    );
    expect(stripped.headers.get("cookie")).toBe("pasar_lang=en; pasar_theme=dark");
    expect(stripped.headers.get("authorization")).toBeNull();
    expect(stripped.headers.get("accept-language")).toBe("en");
    expect(
      withoutSession(
        new Request("http://localhost/h5", { headers: { cookie: "pasar_session=x" } }),
      ).headers.has("cookie"),
    ).toBe(false);
  });
});
