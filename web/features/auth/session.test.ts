import { describe, expect, it } from "vitest";
import { afterSignIn } from "./session.ts";

const after = (redirect: string | null, locale: "ind" | "en" | "zh" = "en") =>
  afterSignIn(new URLSearchParams(redirect === null ? "" : { redirect }), locale);

describe("where a sign-in leads", () => {
  it("goes back to a path of this site, with its query", () => {
    expect(after("/en/h5/cart")).toBe("/en/h5/cart");
    expect(after("/h5/products/list?q=sepatu&sort=price")).toBe("/h5/products/list?q=sepatu&sort=price");
    expect(after(null, "zh")).toBe("/zh/h5/account");
    expect(after(null, "ind")).toBe("/h5/account");
  });

  it("percent-encodes what a Location header cannot carry (a Chinese search, CR/LF)", () => {
    const chinese = after("/zh/h5/products/list?q=运动鞋");
    expect(chinese).toBe("/zh/h5/products/list?q=%E8%BF%90%E5%8A%A8%E9%9E%8B");
    expect(() => new Headers({ location: chinese })).not.toThrow();
    const broken = after("/en/h5/cart\r\nSet-Cookie: pasar_session=x");
    expect(broken).not.toMatch(/[\r\n]/);
    expect(() => new Headers({ location: broken })).not.toThrow();
    expect(broken.startsWith("/en/h5/cart")).toBe(true);
  });

  it("never leaves the site, however the other site is disguised", () => {
    for (const evil of [
      "//evil.example/x",
      "/\\evil.example/x",
      "/\t/evil.example/x",
      "/\n/evil.example/x",
      "/\\/evil.example",
      "/./\\evil.example",
      "/.//evil.example/x",
      "https://evil.example/x",
      "javascript:alert(1)",
      "evil.example",
      "",
    ]) {
      const to = after(evil);
      expect(to, JSON.stringify(evil)).toBe("/en/h5/account");
    }
  });
});
