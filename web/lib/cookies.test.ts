// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserCookieIs, clearBrowserCookie, setPreferenceCookie } from "./cookies.ts";

/** What the page writes to document.cookie, one Set-Cookie string per write. */
function writes() {
  const written: string[] = [];
  vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => void written.push(value));
  return written;
}

afterEach(() => vi.restoreAllMocks());

describe("the browser's own cookies", () => {
  it("sets a preference for the whole site, for its lifetime, SameSite=Lax", () => {
    const written = writes();
    setPreferenceCookie("pasar_tz", "Asia/Jakarta", 31536000);
    expect(written).toEqual(["pasar_tz=Asia/Jakarta; Max-Age=31536000; Path=/; SameSite=Lax"]);
  });

  it("writes only the shop's own kind of value, refusing one that would break the cookie", () => {
    const written = writes();
    expect(() => setPreferenceCookie("pasar_tz", "a; Domain=evil.example", 60)).toThrow();
    expect(written).toEqual([]);
  });

  it("clears a cookie for the whole site", () => {
    const written = writes();
    clearBrowserCookie("pasar_signed_in");
    expect(written).toEqual(["pasar_signed_in=; Max-Age=0; Path=/; SameSite=Lax"]);
  });

  it("tells whether one cookie among others has exactly a value", () => {
    vi.spyOn(document, "cookie", "get").mockReturnValue("a=1; pasar_signed_in=1; xpasar_tz=WIB");
    expect(browserCookieIs("pasar_signed_in", "1")).toBe(true);
    expect(browserCookieIs("pasar_signed_in", "0")).toBe(false);
    expect(browserCookieIs("pasar_tz", "WIB")).toBe(false);
    expect(browserCookieIs("a", "1")).toBe(true);
  });
});
