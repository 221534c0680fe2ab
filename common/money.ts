/** Rupiah are whole units everywhere; this is the one formatter, the same in every language: `Rp 1.234.567`. */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const digits = Math.abs(Math.trunc(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}Rp ${digits}`;
}

/** Whole percent saved when `price` is below `usual`, else 0. */
export function discountPercent(price: number, usual: number): number {
  if (usual <= 0 || price >= usual) return 0;
  return Math.round(((usual - price) / usual) * 100);
}
