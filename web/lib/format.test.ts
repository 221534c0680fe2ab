import { describe, expect, it } from "vitest";
import { discountPercent, formatNumber, formatRupiah } from "./format.ts";

describe("formatting", () => {
  it("writes Rupiah the same way in every language, whole units with dots", () => {
    expect(formatRupiah(0)).toBe("Rp 0");
    expect(formatRupiah(1500)).toBe("Rp 1.500");
    expect(formatRupiah(3_299_000)).toBe("Rp 3.299.000");
    expect(formatRupiah(-25_000)).toBe("-Rp 25.000");
    expect(formatRupiah(999.9)).toBe("Rp 999");
  });

  it("writes other numbers as the reader's language does", () => {
    expect(formatNumber(1234567, "ind")).toBe("1.234.567");
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatNumber(1234567, "zh")).toBe("1,234,567");
  });

  it("rounds the discount to whole percent and shows none when the price is not below the usual one", () => {
    expect(discountPercent(75_000, 100_000)).toBe(25);
    expect(discountPercent(3_200_000, 3_299_000)).toBe(3);
    expect(discountPercent(100_000, 100_000)).toBe(0);
    expect(discountPercent(120_000, 100_000)).toBe(0);
    expect(discountPercent(1, 0)).toBe(0);
  });
});
