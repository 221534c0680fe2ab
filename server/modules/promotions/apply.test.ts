// How vouchers take money off a checkout, with no database: the money guide's worked case, the stacking order,
// each condition's refusal, and properties over random carts (issue 42, decision 30).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyVouchers,
  bestVouchers,
  type CartStore,
  type VoucherContext,
  type VoucherRow,
} from "./apply.ts";

const at = new Date("2026-12-12T05:00:00Z");
const ctx = (over: Partial<VoucherContext> = {}): VoucherContext => ({
  at,
  usedByShopper: () => 0,
  newShopper: false,
  ...over,
});

let sequence = 0;
function voucher(over: Partial<VoucherRow> & Pick<VoucherRow, "kind">): VoucherRow {
  sequence++;
  return {
    id: `vou_${String(sequence).padStart(4, "0")}`,
    storeId: null,
    code: null,
    amount: null,
    percentBp: null,
    cap: null,
    minSpend: 0,
    startsAt: new Date("2026-12-01T00:00:00Z"),
    endsAt: new Date("2026-12-31T00:00:00Z"),
    usageLimit: null,
    perShopperLimit: 1,
    budget: null,
    categoryIds: null,
    storeIds: null,
    newShoppersOnly: false,
    methods: null,
    paused: false,
    used: 0,
    spent: 0,
    createdBy: "usr_ops",
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

/** The money guide's worked case: store A's two lines and store B's one, with their postage. */
const worked: CartStore[] = [
  {
    storeId: "str_a",
    postage: 12_000,
    lines: [
      { key: "str_a:v1", categoryId: 1, amount: 33_333 },
      { key: "str_a:v2", categoryId: 1, amount: 66_667 },
    ],
  },
  { storeId: "str_b", postage: 9_000, lines: [{ key: "str_b:v3", categoryId: 2, amount: 50_000 }] },
];
const storeA = voucher({ kind: "store", storeId: "str_a", percentBp: 1_000, cap: 8_000 });
const platform = voucher({ kind: "platform", amount: 15_000 });
const freeShipping = voucher({ kind: "shipping", amount: 20_000 });

describe("applying vouchers", () => {
  it("the money guide's worked case: 10 % capped at Rp 8.000, then Rp 15.000, then free shipping up to Rp 20.000", () => {
    const d = applyVouchers(worked, [freeShipping, platform, storeA], ctx());
    expect(d.refused).toEqual([]);
    expect(Object.fromEntries(d.lines)).toEqual({
      "str_a:v1": { store: 2_667, platform: 3_239 },
      "str_a:v2": { store: 5_333, platform: 6_479 },
      "str_b:v3": { store: 0, platform: 5_282 },
    });
    expect(Object.fromEntries(d.shipping)).toEqual({ str_a: 11_429, str_b: 8_571 });
    // Items 150.000 less 8.000 and 15.000, postage 21.000 less 20.000: the shopper pays 128.000.
    const off = d.applied.reduce((sum, a) => sum + a.amount, 0);
    expect(150_000 + 21_000 - off).toBe(128_000);
    expect(d.applied.map((a) => [a.voucher.kind, a.amount])).toEqual([
      ["store", 8_000],
      ["platform", 15_000],
      ["shipping", 20_000],
    ]);
  });

  it("each voucher checks its minimum spend on what is left at its own step", () => {
    // Rp 150.000 of items, Rp 142.000 after the store's voucher: a platform minimum of 145.000 is not reached.
    const strict = voucher({ kind: "platform", amount: 15_000, minSpend: 145_000 });
    const d = applyVouchers(worked, [storeA, strict], ctx());
    expect(d.refused.map((r) => [r.voucher.id, r.reason])).toEqual([[strict.id, "minSpend"]]);
    expect(applyVouchers(worked, [strict], ctx()).refused).toEqual([]);
  });

  it("says why a voucher cannot be used", () => {
    const cases: [Partial<VoucherRow>, Partial<VoucherContext>, string][] = [
      [{ paused: true }, {}, "paused"],
      [{ startsAt: new Date("2026-12-13T00:00:00Z") }, {}, "notStarted"],
      [{ endsAt: at }, {}, "ended"],
      [{ usageLimit: 5, used: 5 }, {}, "usedUp"],
      [{ budget: 10_000, spent: 0 }, {}, "budgetSpent"],
      [{ perShopperLimit: 2 }, { usedByShopper: () => 2 }, "shopperLimit"],
      [{ code: "HEMAT15" }, { usedByShopper: () => undefined }, "notClaimed"],
      [{ newShoppersOnly: true }, {}, "newShoppersOnly"],
      [{ methods: ["wallet"] }, { method: "qris" }, "paymentMethod"],
      [{ categoryIds: [9] }, {}, "noEligibleItems"],
      [{ storeIds: ["str_c"] }, {}, "noEligibleItems"],
      [{ minSpend: 150_001 }, {}, "minSpend"],
    ];
    for (const [over, context, reason] of cases) {
      const v = voucher({ kind: "platform", amount: 15_000, ...over });
      expect(
        applyVouchers(worked, [v], ctx(context)).refused.map((r) => r.reason),
        reason,
      ).toEqual([reason]);
    }
    const noPostage = worked.map((s) => ({ ...s, postage: 0 }));
    expect(applyVouchers(noPostage, [freeShipping], ctx()).refused[0]?.reason).toBe("noPostage");
  });

  it("a percentage never takes more than its cap, nor a fixed amount more than what it applies to", () => {
    const half = voucher({ kind: "platform", percentBp: 5_000, cap: 40_000 });
    expect(applyVouchers(worked, [half], ctx()).applied[0]!.amount).toBe(40_000);
    const huge = voucher({ kind: "store", storeId: "str_b", amount: 1_000_000 });
    const d = applyVouchers(worked, [huge], ctx());
    expect(d.applied[0]!.amount).toBe(50_000);
    expect(d.lines.get("str_b:v3")).toEqual({ store: 50_000, platform: 0 });
  });

  it("the best combination: each store's largest, then the platform's largest on what is left, ties to the one ending first", () => {
    const small = voucher({ kind: "store", storeId: "str_a", amount: 5_000 });
    const later = voucher({ kind: "platform", amount: 15_000, endsAt: new Date("2026-12-30T00:00:00Z") });
    const sooner = voucher({ kind: "platform", amount: 15_000, endsAt: new Date("2026-12-20T00:00:00Z") });
    const chosen = bestVouchers(worked, [small, storeA, later, sooner, freeShipping], ctx());
    expect(chosen.map((v) => v.id)).toEqual([storeA.id, sooner.id, freeShipping.id]);
  });
});

describe("conditions found in review", () => {
  it("free shipping limited to some categories covers only the stores selling them", () => {
    const onlyCategory2 = voucher({ kind: "shipping", amount: 20_000, categoryIds: [2] });
    const d = applyVouchers(worked, [onlyCategory2], ctx());
    // Store B sells category 2: its postage (9.000) only.
    expect(Object.fromEntries(d.shipping)).toEqual({ str_a: 0, str_b: 9_000 });
    const none = voucher({ kind: "shipping", amount: 20_000, categoryIds: [7] });
    expect(applyVouchers(worked, [none], ctx()).refused.map((r) => r.reason)).toEqual(["noEligibleItems"]);
  });

  it("the best combination leaves out a voucher for some ways of paying until the way is chosen", () => {
    const qrisOnly = voucher({ kind: "platform", amount: 30_000, methods: ["qris"] });
    expect(bestVouchers(worked, [qrisOnly, platform], ctx()).map((v) => v.id)).toEqual([platform.id]);
    expect(bestVouchers(worked, [qrisOnly, platform], ctx({ method: "qris" })).map((v) => v.id)).toEqual([
      qrisOnly.id,
    ]);
  });
});

describe("properties over random carts", () => {
  const cart = fc
    .array(
      fc.record({
        postage: fc.integer({ min: 0, max: 60_000 }),
        lines: fc.array(
          fc.record({
            categoryId: fc.integer({ min: 1, max: 3 }),
            amount: fc.integer({ min: 1, max: 5_000_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((stores) =>
      stores.map((s, i) => ({
        storeId: `str_${i}`,
        postage: s.postage,
        lines: s.lines.map((l, j) => ({ key: `str_${i}:v${j}`, ...l })),
      })),
    );
  const discount = fc.oneof(
    fc.record({ amount: fc.integer({ min: 1, max: 3_000_000 }) }),
    fc.record({
      percentBp: fc.integer({ min: 1, max: 10_000 }),
      cap: fc.option(fc.integer({ min: 1, max: 3_000_000 }), { nil: null }),
    }),
  );

  it("shares add up to each voucher exactly and no line or postage goes below zero", () => {
    fc.assert(
      fc.property(
        cart,
        discount,
        discount,
        discount,
        fc.integer({ min: 0, max: 4 }),
        (stores, s, p, f, storeIndex) => {
          const chosen = [
            voucher({ kind: "store", storeId: `str_${storeIndex}`, ...s }),
            voucher({ kind: "platform", ...p }),
            voucher({ kind: "shipping", ...f }),
          ];
          const d = applyVouchers(stores, chosen, ctx());
          for (const a of d.applied) {
            const shares =
              a.voucher.kind === "shipping"
                ? [...d.shipping.values()].reduce((x, y) => x + y, 0)
                : [...d.lines.values()].reduce((x, l) => x + l[a.voucher.kind as "store" | "platform"], 0);
            expect(shares).toBe(a.amount);
            expect([...a.perStore.values()].reduce((x, y) => x + y, 0)).toBe(a.amount);
          }
          for (const st of stores) {
            expect(d.shipping.get(st.storeId)!).toBeLessThanOrEqual(st.postage);
            for (const line of st.lines) {
              const taken = d.lines.get(line.key)!;
              expect(taken.store + taken.platform).toBeLessThanOrEqual(line.amount);
              expect(Math.min(taken.store, taken.platform)).toBeGreaterThanOrEqual(0);
            }
          }
        },
      ),
    );
  });
});
