import { localeTags, type Locale } from "./locales.ts";

/**
 * Rupiah are whole units everywhere; this is the one formatter, the same in every language: `Rp 1.234.567`.
 * Sums over the ledger are bigints (exact however large), single amounts numbers.
 */
export function formatRupiah(amount: number | bigint): string {
  const negative = amount < 0;
  const whole = typeof amount === "bigint" ? amount : BigInt(Math.trunc(amount));
  const digits = (negative ? -whole : whole).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}Rp ${digits}`;
}

/**
 * The most one transfer may move: Rp 10 trillion, above the largest checkout (50 lines × 99 pieces × the
 * Rp 1 billion price limit, with VAT and fees) and far inside JavaScript's exact integers (2^53). The database
 * refuses more (ledger_transfers_amount_bounded).
 */
export const maxTransferRupiah = 10_000_000_000_000;

/** The most a store may ask for one item (a sanity bound on listing prices; prices are whole Rupiah). */
export const maxListingPrice = 1_000_000_000;

/** The most any ledger account may hold, or owe: Rp 1 quadrillion (ledger_accounts_balance_bounded). */
export const maxBalanceRupiah = 1_000_000_000_000_000;

/** Rates are integers in basis points: 1 % is 100, 11 % (PPN) is 1100, 4,35 % is 435. */
const basisPointsPerWhole = 10_000;

/**
 * `amount × part ÷ whole`, rounded half up to a whole Rupiah, in exact integer arithmetic (BigInt): a share
 * of an amount never depends on floating point (4,35 % of Rp 3.000 is Rp 131, not 130). Amounts are ≥ 0.
 */
export function shareOf(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const product = BigInt(amount) * BigInt(part);
  return Number((product * 2n + BigInt(whole)) / (BigInt(whole) * 2n));
}

/** The part of an amount a rate in basis points gives (VAT, fees), rounded half up to a whole Rupiah. */
export function rateOf(amount: number, basisPoints: number): number {
  return shareOf(amount, basisPoints, basisPointsPerWhole);
}

/**
 * A percentage as an operator types it ("11", "4,35", "4.35", at most two decimals) in basis points, exactly
 * (read as digits, never through a floating-point multiplication); undefined when it is not one.
 */
export function percentToBasisPoints(typed: string): number | undefined {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A line a discount is spread over: its id (ties go by it) and what the discount applies to on it. */
export interface AllocationLine<Id extends string = string> {
  id: Id;
  base: number;
}

/** Whole rupiah (or whole units), not below zero, exactly representable. */
const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** Ascending order of two strings or bigints. */
const ascending = <T extends string | bigint>(x: T, y: T) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Spreads `amount` (a discount, a subsidy) over `lines` in proportion to their bases, in whole Rupiah: each
 * line gets the floor of its exact share, and the rupiah left over go one each to the lines with the largest
 * remainders (ties by id, ascending), so the shares add up to `amount` exactly, the result never depends on
 * the order the lines come in, and no share exceeds its base (nor goes below zero). Exact integer arithmetic
 * (BigInt). Amounts and bases are whole and ≥ 0, and `amount` is at most the sum of the bases (the caller caps
 * a discount at what it applies to). The shares are stored with the order: a refund reads them, never
 * spreads again.
 */
export function allocate<Id extends string>(
  amount: number,
  lines: readonly AllocationLine<Id>[],
): Map<Id, number> {
  if (!isWhole(amount) || !lines.every((line) => isWhole(line.base)))
    throw new RangeError("allocate: amounts and bases are whole rupiah, not below zero");
  const whole = lines.reduce((sum, line) => sum + BigInt(line.base), 0n);
  const spread = BigInt(amount);
  if (spread > whole) throw new RangeError(`allocate: ${amount} is more than the ${whole} it applies to`);
  // Nothing to spread (also over lines worth nothing, which have no proportion).
  if (spread === 0n) return new Map(lines.map((line) => [line.id, 0]));
  const parts = lines.map((line) => {
    const exact = spread * BigInt(line.base);
    return { id: line.id, share: exact / whole, remainder: exact % whole };
  });
  const left = spread - parts.reduce((sum, p) => sum + p.share, 0n);
  const byRemainder = parts.toSorted((a, b) => ascending(b.remainder, a.remainder) || ascending(a.id, b.id));
  for (const part of byRemainder.slice(0, Number(left))) part.share += 1n;
  return new Map(parts.map((part) => [part.id, Number(part.share)]));
}

/**
 * What `returned` of a line's `units` give back of `paid` (what was paid for the whole line), when `before` of
 * them were given back already: cumulative floors, `floor(paid × (before + returned) / units) − floor(paid ×
 * before / units)`, so however the units come back, one at a time or all at once, together they give back
 * `paid` exactly, never a rupiah more or less.
 */
export function returnedShare(paid: number, units: number, before: number, returned: number): number {
  if (![paid, units, before, returned].every(isWhole) || units === 0 || before + returned > units)
    throw new RangeError(`returnedShare: ${returned} more of ${units} units after ${before}, of Rp ${paid}`);
  const upTo = (count: number) => (BigInt(paid) * BigInt(count)) / BigInt(units);
  return Number(upTo(before + returned) - upTo(before));
}

/** Whole percent saved when `price` is below `usual`, else 0. */
export function discountPercent(price: number, usual: number): number {
  if (usual <= 0 || price >= usual) return 0;
  return Math.round(((usual - price) / usual) * 100);
}

/** One number format per language, made on first use. */
const numberFormats: Partial<Record<Locale, Intl.NumberFormat>> = {};

/** Numbers as the reader's language writes them (1.234 in Indonesian, 1,234 in English). */
export function formatNumber(value: number, locale: Locale): string {
  return (numberFormats[locale] ??= new Intl.NumberFormat(localeTags[locale])).format(value);
}
