import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { allocate, percentToBasisPoints, rateOf, returnedShare, shareOf } from "./money.ts";

describe("rates in basis points", () => {
  it("rounds half up in integer arithmetic, where floating point rounds down", () => {
    expect(Math.round((3_000 * 4.35) / 100)).toBe(130); // the old way, wrong
    expect(rateOf(3_000, 435)).toBe(131);
    expect(rateOf(200_000, 1_100)).toBe(22_000);
    expect(rateOf(12_345, 1_100)).toBe(1_358); // 1.357,95
    expect(rateOf(5, 1_000)).toBe(1); // 0,5 rounds up
    expect(rateOf(4, 1_000)).toBe(0);
    expect(rateOf(0, 1_100)).toBe(0);
  });

  it("stays exact beyond 2^53 in the intermediate product", () => {
    // 9.007.199.254.740.991 × 1.100 does not fit a double; the share still comes out to the rupiah.
    expect(rateOf(Number.MAX_SAFE_INTEGER, 1)).toBe(900_719_925_474);
    expect(shareOf(1_000_000_000_000, 1_000_000_000_000, 3_000_000_000_000)).toBe(333_333_333_333);
  });

  it("shares an amount in proportion, rounded half up", () => {
    expect(shareOf(131, 1_000, 3_000)).toBe(44); // 43,67
    expect(shareOf(100, 1, 2)).toBe(50);
    expect(shareOf(1, 1, 2)).toBe(1);
    expect(shareOf(10, 1, 0)).toBe(0);
  });

  it("reads a typed percentage as basis points exactly", () => {
    expect(percentToBasisPoints("11")).toBe(1_100);
    expect(percentToBasisPoints("4,35")).toBe(435);
    expect(percentToBasisPoints(" 4.35 ")).toBe(435);
    expect(percentToBasisPoints("0.5")).toBe(50);
    expect(percentToBasisPoints("100")).toBe(10_000);
    expect(percentToBasisPoints("4.355")).toBeUndefined();
    expect(percentToBasisPoints("-1")).toBeUndefined();
    expect(percentToBasisPoints("")).toBeUndefined();
    expect(percentToBasisPoints("1e2")).toBeUndefined();
  });
});

describe("a discount spread over lines (floor plus largest remainder)", () => {
  /** The shares of `amount` over lines given as { id: base }, in that order. */
  const shares = (amount: number, lines: Record<string, number>) =>
    Object.fromEntries(
      allocate(
        amount,
        Object.entries(lines).map(([id, base]) => ({ id, base })),
      ),
    );

  it("gives the worked case of the money guide to the rupiah: two stores, three vouchers", () => {
    // Store A's voucher, 10 % capped at Rp 8.000, on A1 Rp 33.333 and A2 Rp 66.667.
    expect(shares(8_000, { A1: 33_333, A2: 66_667 })).toEqual({ A1: 2_667, A2: 5_333 });
    // The platform's Rp 15.000 on what is left of every line.
    expect(shares(15_000, { A1: 30_666, A2: 61_334, B1: 50_000 })).toEqual({
      A1: 3_239,
      A2: 6_479,
      B1: 5_282,
    });
    // Free shipping up to Rp 20.000 on postage of Rp 12.000 and Rp 9.000.
    expect(shares(20_000, { A: 12_000, B: 9_000 })).toEqual({ A: 11_429, B: 8_571 });
  });

  it("breaks a tie by line id, whatever order the lines come in", () => {
    expect(shares(1, { b: 1, a: 1 })).toEqual({ a: 1, b: 0 });
    expect(shares(2, { c: 1, b: 1, a: 1 })).toEqual({ a: 1, b: 1, c: 0 });
  });

  it("refuses a discount larger than what it applies to, and amounts that are not whole rupiah", () => {
    expect(() => shares(11, { a: 5, b: 5 })).toThrow(RangeError);
    expect(() => shares(-1, { a: 5 })).toThrow(RangeError);
    expect(() => shares(1.5, { a: 5 })).toThrow(RangeError);
    expect(() => shares(1, { a: -5, b: 10 })).toThrow(RangeError);
    expect(shares(0, {})).toEqual({});
    expect(shares(0, { a: 0 })).toEqual({ a: 0 });
  });

  // 1 to 30 lines of up to Rp 2 billion, a discount up to their sum, and the same lines in another order.
  const cart = fc
    .uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), base: fc.nat(2_000_000_000) }), {
      minLength: 1,
      maxLength: 30,
      selector: (line) => line.id,
    })
    .chain((lines) =>
      fc.tuple(
        fc.constant(lines),
        fc.nat(lines.reduce((sum, l) => sum + l.base, 0)),
        fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length }),
      ),
    );

  it("adds up to the discount exactly, keeps every share within a rupiah of its exact share and within its line, and ignores the lines' order", () => {
    fc.assert(
      fc.property(cart, ([lines, amount, shuffled]) => {
        const result = allocate(amount, lines);
        const whole = lines.reduce((sum, l) => sum + BigInt(l.base), 0n);
        for (const line of lines) {
          const share = result.get(line.id)!;
          expect(share).toBeLessThanOrEqual(line.base);
          const exact = whole === 0n ? 0n : (BigInt(amount) * BigInt(line.base)) / whole;
          expect(BigInt(share) - exact).toBeGreaterThanOrEqual(0n);
          expect(BigInt(share) - exact).toBeLessThanOrEqual(1n);
        }
        expect([...result.values()].reduce((sum, share) => sum + share, 0)).toBe(amount);
        expect(allocate(amount, shuffled)).toEqual(result);
      }),
      { numRuns: 300 },
    );
  });
});

describe("what returned units give back of a line", () => {
  it("gives back the line exactly however its units come back", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }).chain((units) =>
          fc.tuple(
            fc.constant(units),
            fc.nat(1_000_000_000_000),
            // How many units each return takes; what is left comes back last.
            fc.array(fc.integer({ min: 1, max: units }), { minLength: 1, maxLength: units }),
          ),
        ),
        ([units, paid, steps]) => {
          let before = 0;
          let back = 0;
          for (const step of [...steps, units]) {
            const returned = Math.min(step, units - before);
            if (returned === 0) break;
            const share = returnedShare(paid, units, before, returned);
            // Within a rupiah of the exact proportion.
            const exact = Math.floor((paid * returned) / units);
            expect(share).toBeGreaterThanOrEqual(exact - 1);
            expect(share).toBeLessThanOrEqual(exact + 1);
            back += share;
            before += returned;
          }
          expect(back).toBe(paid);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("returns Rp 33.333 as 11.111 three times, and refuses more units than the line has", () => {
    expect([0, 1, 2].map((before) => returnedShare(33_333, 3, before, 1))).toEqual([11_111, 11_111, 11_111]);
    expect([0, 1, 2].map((before) => returnedShare(10, 3, before, 1))).toEqual([3, 3, 4]);
    expect(() => returnedShare(10, 3, 2, 2)).toThrow(RangeError);
    expect(() => returnedShare(10, 0, 0, 0)).toThrow(RangeError);
    expect(() => returnedShare(-10, 3, 0, 1)).toThrow(RangeError);
    expect(() => returnedShare(10, 3, 0.5, 1)).toThrow(RangeError);
  });
});
