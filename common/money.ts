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
