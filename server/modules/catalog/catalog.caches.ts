// Read-mostly catalogue data kept per process (docs/decisions/0009): every write in this module that changes
// what they hold forgets them at once.
import type { Db } from "../../db/client.ts";
import { memoPerDatabase } from "../../platform/memo.ts";
import * as q from "./categories.queries.ts";

/**
 * The home page's hot ranking (a count over every listing) is kept for a minute: with 10,000 products
 * on PGlite it took catalog.home from 15 ms to 54 ms (scripts/bench-catalog.ts). Only the order is kept; the cards are read fresh, so a price or a
 * withdrawal shows at once. Every write that changes listings or supply products calls `forgetEverywhere(db, hotRanking)`.
 */
export const hotRanking = memoPerDatabase<Db, string[]>("catalog.hotRanking", 60_000);

type CategoryRow = Awaited<ReturnType<typeof q.selectAllCategories>>[number];

/**
 * Every category, in display order, kept for a minute: the tree is read by nearly every page and product
 * list and changes only through `addCategory` here, which forgets it (other processes catch up within
 * the minute). Saves two queries per product list and one per home and product page.
 */
export const categoryList = memoPerDatabase<Db, CategoryRow[]>("catalog.categories", 60_000);
export const allCategories = (db: Db) => categoryList.get(db, (primary) => q.selectAllCategories(primary));
