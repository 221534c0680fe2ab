/**
 * The published store-level rule (docs/decisions/0007): a store's level comes from its completed sales
 * and its rating, both computed from real records. Level 0 is a new store.
 */
export const storeLevelRule = [
  { level: 5, sales: 1000, rating: 4.5 },
  { level: 4, sales: 200, rating: 4.0 },
  { level: 3, sales: 50, rating: 0 },
  { level: 2, sales: 10, rating: 0 },
  { level: 1, sales: 1, rating: 0 },
] as const;

export function storeLevel(completedSales: number, rating: number | null): number {
  for (const step of storeLevelRule) {
    if (completedSales >= step.sales && (step.rating === 0 || (rating ?? 0) >= step.rating))
      return step.level;
  }
  return 0;
}
