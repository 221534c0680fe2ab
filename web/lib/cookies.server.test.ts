import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies.server.ts";

describe("cookieValue", () => {
  it("finds a cookie among others and says nothing for one that is not there", () => {
    const header = "pasar_visitor=abc; pasar_locale=en;pasar_download_tip=dismissed";
    expect(cookieValue(header, "pasar_locale")).toBe("en");
    expect(cookieValue(header, "pasar_download_tip")).toBe("dismissed");
    expect(cookieValue(header, "locale")).toBeUndefined();
    expect(cookieValue(null, "pasar_locale")).toBeUndefined();
    expect(cookieValue("pasar_localex=zh", "pasar_locale")).toBeUndefined();
  });

  it("decodes what the browser percent-encoded, and reads one written before it did", () => {
    expect(cookieValue("pasar_tz=Asia%2FJakarta", "pasar_tz")).toBe("Asia/Jakarta");
    expect(cookieValue("pasar_tz=Asia/Jakarta", "pasar_tz")).toBe("Asia/Jakarta");
  });
});
