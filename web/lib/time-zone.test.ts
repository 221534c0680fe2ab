import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatDateTime, formatDay, formatPeriod } from "./time-zone.ts";

const at = new Date("2026-11-23T12:08:42Z");

describe("dates and times in the reader's language and zone", () => {
  it("name the zone the time is counted in, in each language", () => {
    expect(formatDateTime(at, "ind", "WIB")).toBe("23 Nov 2026, 19.08 WIB");
    expect(formatDateTime(at, "ind", "WIT", { seconds: true })).toBe("23 Nov 2026, 21.08.42 WIT");
    expect(formatDateTime(at, "en", "WITA")).toMatch(/^Nov 23, 2026, 8:08\sPM WITA$/);
    expect(formatDateTime(at, "zh", "WIB")).toBe("2026年11月23日 19:08 WIB");
    expect(formatDay("2026-11-23", "ind")).toBe("Sen, 23 Nov");
    expect(formatDay("2026-11-23", "zh")).toBe("11月23日周一");
  });

  it("say a period's date once when it starts and ends on the same day in the reader's zone", () => {
    const noon = new Date("2026-12-01T05:00:00Z");
    const two = new Date("2026-12-01T07:00:00Z");
    expect(formatPeriod(noon, two, "ind", "WIB")).toBe("1 Des 2026 12.00–14.00 WIB");
    expect(formatPeriod(noon, two, "zh", "WIB")).toBe("2026/12/1 12:00–14:00 WIB");
    // 22.00 to 08.00 WIB runs over midnight: both dates; plain spaces, as Chromium writes them.
    const overnight = [new Date("2026-12-01T15:00:00Z"), new Date("2026-12-02T01:00:00Z")] as const;
    expect(formatPeriod(...overnight, "ind", "WIB")).toBe("1 Des 2026, 22.00 – 2 Des 2026, 08.00 WIB");
    expect(formatPeriod(noon, two, "en", "WIB")).toBe("Dec 1, 2026, 12:00 – 2:00 PM WIB");
  });

  it("make each formatter once: a list of a hundred orders builds one, not a hundred", () => {
    const options = { dateStyle: "medium", timeZone: "Asia/Jakarta" } as const;
    expect(dateTimeFormat("id-ID", options)).toBe(dateTimeFormat("id-ID", { ...options }));
    expect(dateTimeFormat("id-ID", options)).not.toBe(dateTimeFormat("zh-CN", options));
    expect(dateTimeFormat("id-ID", options)).not.toBe(dateTimeFormat("id-ID", { dateStyle: "short" }));
  });
});
