import { maxItemQuantity } from "#common/quantities.ts";
import type { Line } from "./lines.tsx";

// Apart from lines.tsx: only the checkout reads a `?lines=` address; the product page, which writes one, does not
// load this (its script budget, decision 25).

/** The lines of a `?lines=` value; malformed parts are left out. */
export function decodeLines(value: string | null): Line[] {
  if (!value) return [];
  const lines: Line[] = [];
  for (const part of value.split(",").slice(0, 50)) {
    const match = /^(prd_[0-9a-z]{1,59})(?:\.(var_[0-9a-z]{1,59}))?\*(\d{1,2})$/.exec(part);
    const quantity = Number(match?.[3]);
    if (match && quantity >= 1 && quantity <= maxItemQuantity)
      lines.push(
        match[2]
          ? { listingId: match[1]!, variantId: match[2], quantity }
          : { listingId: match[1]!, quantity },
      );
  }
  return lines;
}
