// What the catalogue's shop-facing services share: what they are given (the database, the file storage, the
// reader's language, and for product cards the stores' cards) and a category as the pages show it.
import type { CategoryView, StoreCardView } from "#common/contracts/catalog.ts";
import type { StoredImage } from "#common/images.ts";
import { localize, type Locale, type Localized } from "#common/locales.ts";
import type { Db } from "../../db/client.ts";
import { imageView } from "../../platform/images.ts";
import type { Storage } from "../../platform/storage.ts";

/**
 * The stores' cards (name, logo) for product cards and pages. The stores module has them; the request's
 * context wires it in (server/trpc/context.ts), so this module reads no other module (decision 17).
 */
export type StoreCards = (ids: readonly string[]) => Promise<Map<string, StoreCardView>>;

/** What the catalogue's views are read with. */
export interface ViewDeps {
  db: Db;
  storage: Storage;
  lang: Locale;
}

/** What the views with store names need besides the database. */
export interface CardDeps extends ViewDeps {
  storeCards: StoreCards;
}

/** A category as the pages show it: its name in the reader's language and its icon. */
export function categoryView(
  row: { id: number; parentId: number | null; name: Localized; icon: StoredImage | null },
  deps: ViewDeps,
): CategoryView {
  return {
    id: row.id,
    parentId: row.parentId,
    name: localize(row.name, deps.lang),
    icon: imageView(deps.storage, row.icon),
  };
}
