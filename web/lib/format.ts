// The number and money formatters live in common/money.ts, shared with the translator (a counted message writes
// its count as the language writes numbers); the web app imports them from here.
export { formatRupiah, formatNumber, discountPercent } from "#common/money.ts";
