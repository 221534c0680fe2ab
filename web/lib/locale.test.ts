import { describe, expect, it } from "vitest";
import { localeFromParam, localizePath, signInPath, splitLocalePath } from "./locale.ts";

describe("locales in the URL (decision 2)", () => {
  it("reads Indonesian from an unprefixed path and en or zh from their prefix", () => {
    expect(localeFromParam(undefined)).toBe("ind");
    expect(localeFromParam("en")).toBe("en");
    expect(localeFromParam("zh")).toBe("zh");
    // Indonesian has no prefix of its own, and anything else is not a locale.
    expect(localeFromParam("ind")).toBeUndefined();
    expect(localeFromParam("fr")).toBeUndefined();
  });

  it("moves a page between languages and back without losing it", () => {
    expect(splitLocalePath("/en/h5/products/prd_1")).toEqual({
      locale: "en",
      rest: "/h5/products/prd_1",
      prefixed: true,
    });
    expect(splitLocalePath("/h5/products/prd_1")).toEqual({
      locale: "ind",
      rest: "/h5/products/prd_1",
      prefixed: false,
    });
    expect(splitLocalePath("/zh")).toEqual({ locale: "zh", rest: "/", prefixed: true });
    expect(localizePath("zh", "/h5/products/prd_1")).toBe("/zh/h5/products/prd_1");
    expect(localizePath("ind", "/h5/products/prd_1")).toBe("/h5/products/prd_1");
    expect(localizePath("en", "/")).toBe("/en");
  });

  it("sends a visitor to sign-in in their language and back to where they were", () => {
    const path = signInPath("en", "/en/h5/products/prd_1?tab=2");
    expect(path.startsWith("/en/h5/signin?")).toBe(true);
    expect(new URLSearchParams(path.split("?")[1]).get("redirect")).toBe("/en/h5/products/prd_1?tab=2");
  });
});
