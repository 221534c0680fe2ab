/**
 * A page of a keyset-paginated list: queries fetch `limit + 1` rows newest first; the extra row only tells
 * that there is more, and the last shown row's id is where the next page starts.
 */
export function pageOf<T extends { id: string }>(
  rows: T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
