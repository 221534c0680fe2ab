import { describe, expect, it } from "vitest";
import { percentToBasisPoints, rateOf, shareOf } from "./money.ts";

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
