import { z } from "zod";
import { getCards, type CardDeps } from "../modules/catalog/listings.service.ts";
import { favoritesPage, footprintsPage } from "../modules/browsing/browsing.service.ts";
import { cursorCodec, cursorIdSchema, cursorTimeSchema } from "../platform/cursor.ts";

type Deps = CardDeps;

const pageSize = 20;

/** Where a page of the collection or the footprints continues: the last row's time and listing id. */
const timedCursor = cursorCodec(z.tuple([cursorTimeSchema, cursorIdSchema]));

function decode(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = timedCursor.decode(cursor);
  return { at, id };
}

/** Turns (listing, time) rows into cards, keeping the order and dropping products no longer sold. */
async function page(deps: Deps, rows: { listingId: string; at: Date }[]) {
  const shown = rows.slice(0, pageSize);
  const cards = await getCards(
    deps,
    shown.map((r) => r.listingId),
  );
  const last = shown.at(-1);
  return {
    items: shown.flatMap((r) => {
      const product = cards.get(r.listingId);
      return product ? [{ product, at: r.at }] : [];
    }),
    nextCursor:
      rows.length > pageSize && last ? timedCursor.encode([last.at.toISOString(), last.listingId]) : null,
  };
}

/** The shopper's collection, most recently added first. */
export async function listCollection(deps: Deps, userId: string, cursor?: string) {
  return page(deps, await favoritesPage(deps.db, userId, pageSize + 1, decode(cursor)));
}

/** The products the shopper viewed, newest first. */
export async function listFootprints(deps: Deps, userId: string, cursor?: string) {
  return page(deps, await footprintsPage(deps.db, userId, pageSize + 1, decode(cursor)));
}
