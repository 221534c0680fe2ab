import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./negotiate.server.ts";

function negotiate(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://shop.test");
  try {
    return negotiateLocale(new Request(url, { headers }), url);
  } catch (thrown) {
    const response = thrown as Response;
    return { status: response.status, location: response.headers.get("location") };
  }
}

describe("the page's language (decision 2)", () => {
  it("is the URL's: an English or Chinese browser gets the Indonesian page and an offer, no redirect", () => {
    expect(negotiate("/h5?tab=40", { "accept-language": "en-US,en;q=0.9" })).toEqual({
      locale: "ind",
      offer: "en",
    });
    expect(negotiate("/h5/products/prd_1", { "accept-language": "zh-CN,zh;q=0.9,en;q=0.8" })).toEqual({
      locale: "ind",
      offer: "zh",
    });
    // The best language the shop has: an Indonesian or unknown first choice offers nothing.
    expect(negotiate("/h5", { "accept-language": "fr-FR,id;q=0.9,en;q=0.8" })).toEqual({
      locale: "ind",
      offer: undefined,
    });
    expect(negotiate("/h5")).toEqual({ locale: "ind", offer: undefined });
  });

  it("offers nothing once the visitor chose a language, and sends a chosen English or Chinese there", () => {
    const english = { "accept-language": "en-US" };
    expect(negotiate("/h5", { ...english, cookie: "pasar_locale=ind" })).toEqual({ locale: "ind" });
    expect(negotiate("/h5?tab=40", { cookie: "a=1; pasar_locale=zh" })).toEqual({
      status: 302,
      location: "/zh/h5?tab=40",
    });
    // A cookie that names no language is no choice.
    expect(negotiate("/h5", { ...english, cookie: "pasar_locale=fr" })).toEqual({
      locale: "ind",
      offer: "en",
    });
  });

  it("takes a prefixed URL as it is, whatever the browser says, and moves /ind/ to the unprefixed page", () => {
    expect(negotiate("/en/h5", { "accept-language": "zh-CN", cookie: "pasar_locale=ind" })).toEqual({
      locale: "en",
    });
    expect(negotiate("/zh/h5/category", { "accept-language": "id-ID" })).toEqual({ locale: "zh" });
    expect(negotiate("/ind/h5?tab=40")).toEqual({ status: 301, location: "/h5?tab=40" });
  });
});
