import type { StoreCardView } from "#common/contracts/catalog.ts";
import type { Db } from "../../db/client.ts";
import { now } from "../../platform/clock.ts";
import { newId } from "../../platform/ids.ts";
import type { Storage } from "../../platform/storage.ts";
import { insertStore, selectStoreCards } from "./stores.queries.ts";

export interface NewStore {
  ownerId: string;
  name: string;
  intro: string;
  phone?: string;
  logo?: { bytes: Uint8Array; extension: string };
  autoPay?: boolean;
}

/** Opens an approved store for a merchant (operators approve applications; the seed uses it directly). */
export async function createStore(db: Db, storage: Storage, input: NewStore): Promise<string> {
  const id = newId("str");
  const logoPath = input.logo ? await storage.put("stores", input.logo.bytes, input.logo.extension) : null;
  await insertStore(db, {
    id,
    ownerId: input.ownerId,
    name: input.name,
    intro: input.intro,
    phone: input.phone ?? null,
    logoPath,
    autoPay: input.autoPay ?? false,
    status: "approved",
    createdAt: now(),
  });
  return id;
}

/** Store cards by id, for pages that show which store sells something. */
export async function getStoreCards(
  db: Db,
  storage: Storage,
  ids: readonly string[],
): Promise<Map<string, StoreCardView>> {
  const rows = await selectStoreCards(db, [...new Set(ids)]);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, intro: r.intro, logo: r.logoPath ? storage.url(r.logoPath) : null },
    ]),
  );
}
