import { describe, expect, it } from "vitest";
import { costEstimate, fromZoneInput, toZoneInput, voucherErrors } from "./voucher-form-values.ts";

describe("times in the reader's zone", () => {
  const at = new Date("2026-12-01T03:00:00Z");

  it("shows a moment as a datetime-local value in WIB, WITA and WIT", () => {
    expect(toZoneInput(at, "WIB")).toBe("2026-12-01T10:00");
    expect(toZoneInput(at, "WITA")).toBe("2026-12-01T11:00");
    expect(toZoneInput(at, "WIT")).toBe("2026-12-01T12:00");
  });

  it("reads a typed value back as the same moment, with or without seconds", () => {
    for (const zone of ["WIB", "WITA", "WIT"] as const)
      expect(fromZoneInput(toZoneInput(at, zone), zone)).toEqual(at);
    expect(fromZoneInput("2026-12-01T10:00:30", "WIB")).toEqual(new Date("2026-12-01T03:00:30Z"));
  });

  it("reads nothing from an empty or half-typed value", () => {
    expect(fromZoneInput("", "WIB")).toBeNull();
    expect(fromZoneInput("2026-12-01", "WIB")).toBeNull();
    expect(fromZoneInput("2026-13-45T10:00", "WIB")).toBeNull();
  });
});

describe("the cost estimate", () => {
  it("is the most one use takes off times the usage limit", () => {
    expect(costEstimate({ perUse: 10_000, usageLimit: 100, budget: null })).toEqual({
      total: 1_000_000n,
      capped: false,
    });
  });

  it("is never more than the budget", () => {
    expect(costEstimate({ perUse: 10_000, usageLimit: 100, budget: 500_000 })).toEqual({
      total: 500_000n,
      capped: true,
    });
    expect(costEstimate({ perUse: 10_000, usageLimit: 100, budget: 2_000_000 })).toEqual({
      total: 1_000_000n,
      capped: false,
    });
  });

  it("is the budget alone when a use has no maximum or uses no limit", () => {
    expect(costEstimate({ perUse: null, usageLimit: 100, budget: 300_000 })).toEqual({
      total: 300_000n,
      capped: true,
    });
    expect(costEstimate({ perUse: 10_000, usageLimit: null, budget: 300_000 })).toEqual({
      total: 300_000n,
      capped: true,
    });
  });

  it("cannot be said without a budget when a use has no maximum or uses no limit", () => {
    expect(costEstimate({ perUse: null, usageLimit: 100, budget: null }).total).toBeNull();
    expect(costEstimate({ perUse: 10_000, usageLimit: null, budget: null }).total).toBeNull();
  });

  it("stays exact beyond JavaScript's exact integers", () => {
    expect(costEstimate({ perUse: 1_000_000_000, usageLimit: 10_000_000, budget: null }).total).toBe(
      10_000_000_000_000_000n,
    );
  });
});

describe("a refused save", () => {
  it("puts each issue under its field, whatever the procedure's nesting", () => {
    const error = {
      message: "Ada data yang tidak valid.",
      data: {
        issues: [
          { path: "voucher.discount.percentBp", message: "Persentase potongan harus antara 0,01% dan 100%." },
          { path: "voucher.endsAt", message: "Waktu berakhir harus setelah waktu mulai." },
          { path: "voucher.endsAt", message: "Voucher berlaku paling lama 366 hari." },
          { path: "voucher.categoryIds.0", message: "Pilih setidaknya satu kategori." },
          { path: "storeIds", message: "Pilih setidaknya satu toko." },
          { path: "voucher.discount", message: "x" },
        ],
      },
    };
    expect(voucherErrors(error)).toEqual({
      percent: "Persentase potongan harus antara 0,01% dan 100%.",
      endsAt: "Waktu berakhir harus setelah waktu mulai.",
      categoryIds: "Pilih setidaknya satu kategori.",
      storeIds: "Pilih setidaknya satu toko.",
      form: "x",
    });
  });

  it("shows a refusal of the whole voucher above the buttons", () => {
    expect(voucherErrors({ message: "Kode voucher itu sudah dipakai. Pilih kode lain.", data: {} })).toEqual({
      form: "Kode voucher itu sudah dipakai. Pilih kode lain.",
    });
  });
});
