// The sort orders of lists, as plain constants: pages read them without loading zod (the schemas in
// common/contracts/ build on them).

/** Sort orders of product lists (issue 4): overall, sales, price up and down, newest. */
export const listingSorts = ["overall", "sales", "priceAsc", "priceDesc", "newest"] as const;
export type ListingSort = (typeof listingSorts)[number];

/** Sort orders of the shop street. */
export const storeSorts = ["overall", "new", "rating", "level", "visits", "sales", "collections"] as const;
export type StoreSort = (typeof storeSorts)[number];
